"""Bids, Blind Nil and Nil card passes for the Easy and Standard levels.

Every function takes a :class:`Knowledge` and returns ``(action text, reason)``; the
text is always one of ``k.legal``. The reason names the cards behind the decision and
is what the Tip shows a player.
"""

from __future__ import annotations

from shared.i18n import Text
from shared.spades.cards import CODES, SPADE_MASK, SUIT_LETTERS, SUIT_MASKS

from . import reasons as R
from .equity import POINTS_PER_HAND, SPREAD_PER_HAND, side_share, win_chance
from .handeval import (
    Estimate,
    cards_text,
    certain_winners,
    estimate,
    nil_danger_cards,
    nil_risk,
    sure_winner_cards,
)
from .knowledge import Knowledge, spades_in
from .sim import NON_SPADE, RANK_OF

Choice = tuple[str, str]

NIL_RISK_LIMIT = 0.9  # bid Nil at or below this nil_risk (adjusted for partner's bid)
NIL_MAX_TRICKS = 2.6  # ... and only with at most this many estimated tricks
# Alone, the Nil risk is the solo one (handeval: every opponent ducks under the Nil).
# With three opponents attacking (cutthroat) the limit is lower still: in games of
# Standard against itself, 2 of 9 such Nils between risk 0.6 and 1.2 were made (300
# deals), against 10 of 13 in the three-handed game (two opponents).
SOLO_NIL_CAUTION = 0.35  # ... lower by this with three or more opponents
SOLO_SHADE = 0.3  # alone, bid this much under the estimate (a set costs more than bags)


# An ace kept through a Nil is taken whenever its suit is led and the Nil bidder
# still holds it: a side ace in a long suit as surely as in a short one.
ACES = sum(1 << (13 * suit + 12) for suit in range(4))


def numeric_bids(legal: tuple[str, ...]) -> list[int]:
    return [int(a[4:]) for a in legal if a.startswith("bid ") and a[4:].isdigit()]


def nearest_bid(legal: tuple[str, ...], want: int) -> str | None:
    """The legal numeric bid closest to ``want`` (ties go up), or None if there is none."""
    bids = numeric_bids(legal)
    if not bids:
        return None
    best = min(bids, key=lambda b: (abs(b - want), -b))
    return f"bid {best}"


def bid_reason(e: Estimate, hand: int, bid: int = 13, jokers: bool = False,
               copies: int = 1) -> Text:
    """'♠A ♠K sure winners, ♥A ♠Q likely, void in clubs, can trump, 5 spades: two long
    tricks' style text. Sure winners are only the cards that win in every layout
    (:func:`handeval.sure_winner_cards`); the other honours counted are likely. Low
    spades are never called likely winners: past the third, each spade is counted as
    a long trick. Never more sure winners than ``bid``: the rest are named as likely."""
    parts: list[Text] = []
    certain = sure_winner_cards(hand, jokers, copies)
    counted_cards = sorted(e.sure + e.likely, reverse=True)
    sure_all = tuple(c for c in counted_cards if c in certain)
    sure = sure_all[:max(0, bid)]
    likely = tuple(c for c in counted_cards if c not in sure)
    if sure:
        parts.append(R.SURE(count=len(sure), cards=cards_text(sure)))
    if likely:
        parts.append(R.LIKELY(cards=cards_text(likely)))
    spare = spades_in(hand)
    for suit, n in e.short_suits:
        if spare:
            short = R.VOID_TRUMP if n == 0 else R.SINGLETON_TRUMP
            parts.append(short(suit=SUIT_LETTERS[suit]))
    # Spades past the third that are not already counted as winners take tricks by length.
    counted = set(e.sure) | set(e.likely)
    spades = [c for c in range(53, 38, -1) if hand >> c & 1]  # jokers are bits 52, 53
    long = sum(1 for c in spades[3:] if c not in counted)
    if long:
        parts.append(R.LONG_TRICKS(count=long, spades=spare, long=R.count_word(long)))
    if not parts:
        parts.append(R.NO_SURE())
    return R.listed(parts)


# Blind Nil by its effect on the chance to win the game. Its chance of being made is
# estimated from what the seat knows before looking (nothing of its own cards): the
# rate Standard's Blind Nils were made at, 19% of 538 in 200 games to 500 against the
# TricksterBots port. A typical hand moves each side this far (equity.POINTS_PER_HAND).
BLIND_NIL_CHANCE = 0.19
# Bid it only when it adds this much to the chance to win: a gamble that buys nothing
# (the game lost either way, or won either way) is not taken.
BLIND_NIL_GAIN = 0.02
# And only this far behind the leader (the rule book's house rule allows Blind Nil only
# to a side behind; far behind, a gamble made one time in five is worth its cost): in
# 2,000 whole games against the TricksterBots port, Blind Nils 100-299 behind, where
# the equity still asked for them, cost 9 points a hand (docs/bots.md).
BLIND_NIL_MIN_BEHIND = 300
# Points of a standard normal curve and their weights (5-point Gauss-Hermite): the
# hand's score difference is averaged over them, one hand's spread apart.
SPREAD_POINTS = ((-2.8570, 0.0113), (-1.3556, 0.2221), (0.0, 0.5333), (1.3556, 0.2221),
                 (2.8570, 0.0113))


def blind_nil_gain(k: Knowledge) -> float:
    """How much Blind Nil adds to this side's chance to win the game over looking:
    ``p·W(made) + (1 − p)·W(set) − W(look)``, each ``W`` the equity win chance after a
    typical hand for every side, this side's shifted by ± the Blind Nil's value."""
    share = side_share(k.table)
    typical = tuple(int(s + POINTS_PER_HAND * share) for s in k.scores)
    value = k.rules.blind_nil_value
    hands = k.hands_played + 1
    spread = SPREAD_PER_HAND * share

    def win(shift: int) -> float:
        # Averaged over the spread of the hand's result: a hand is not typical, and
        # looking keeps the chance of a good hand or of the opponents being set.
        total = 0.0
        for z, weight in SPREAD_POINTS:
            moved = shift + int(z * spread)
            scores = tuple(s + (moved if t == k.team else 0) for t, s in enumerate(typical))
            total += weight * win_chance(k.rules, k.team, scores, k.bags, hands, share)
        return total

    p = BLIND_NIL_CHANCE
    return p * win(value) + (1 - p) * win(-value) - win(0)


def _reason(k: Knowledge, e: Estimate, bid: int) -> Text:
    """:func:`bid_reason` at this seat's table."""
    return bid_reason(e, k.hand, bid, k.rules.jokers, k.table.copies)


def blind_nil_wanted(k: Knowledge) -> Text | None:
    """The reason to bid Blind Nil now, or None. The rule: Blind Nil only at least
    ``BLIND_NIL_MIN_BEHIND`` behind the leader and when it adds at least
    ``BLIND_NIL_GAIN`` to the chance to win (:func:`blind_nil_gain`), and with a
    partner only beside a partner who bid 3 or more or has not bid (someone must cover
    it). A failed Blind Nil leaves the side further behind, where another one adds
    next to nothing: no spiral."""
    if k.partner is not None:
        partner_bid = k.bids[k.partner]
        if partner_bid is not None and partner_bid < 3:
            return None
    behind = max(k.scores[t] for t in k.other_sides) - k.scores[k.team]
    if behind < BLIND_NIL_MIN_BEHIND:
        return None
    gain = blind_nil_gain(k)
    if gain < BLIND_NIL_GAIN:
        return None
    said = R.BLIND_TEAM if k.partner is not None else R.BLIND_YOU
    return said(behind=behind, chance=percent(BLIND_NIL_CHANCE), gain=percent(gain))


def percent(share: float) -> int:
    """``share`` as a whole percentage, as ``f"{share:.0%}"`` writes it."""
    return round(share * 100)


# How often Standard's partnership Nils were made, by the Nil risk of the hand (after
# its pass): 1,138 Nils in the first hands of 1,500 deals of Standard at every seat.
# Up to each bound, the share made (0.92 of 63 below 0.1, 0.81 of 221, 0.76 of 314,
# 0.69 of 140, 0.60 of 312, 0.68 of 44 (read as 0.60), 0.48 of 44 above 1.1).
NIL_MADE_BY_RISK = ((0.1, 0.92), (0.3, 0.81), (0.5, 0.76), (0.7, 0.69), (0.9, 0.60),
                    (1.1, 0.60), (float("inf"), 0.48))
# A partnership Nil only when it is made at least this often (Standard's Nils were
# made 71% of the time when bid at any risk up to the limit; the outside bot's 85%).
# A Nil made with chance p is worth 200p - 100 points against the trick or two the
# hand would bid: made 65-75% of the time it still pays. On the same 300 deal pairs
# against the TricksterBots port (docs/bots.md) 65% scored -0.8 a hand and 75% -1.35.
NIL_MIN_CHANCE = 0.65


def nil_made_chance(risk: float) -> float:
    """The measured chance that Standard makes a partnership Nil of this risk."""
    return next(chance for bound, chance in NIL_MADE_BY_RISK if risk < bound)


def nil_chance_ok(k: Knowledge, e: Estimate, risk: float) -> bool:
    """Whether Standard bids Nil with this hand: with a partner, only when its
    measured chance of being made (:func:`nil_made_chance`) is high."""
    if "bid nil" not in k.legal:
        return False
    if k.partner is not None and nil_made_chance(risk) < NIL_MIN_CHANCE:
        return False
    partner_bid = k.bids[k.partner] if k.partner is not None else None
    if partner_bid is not None and partner_bid <= 0:
        return False  # never volunteer a double Nil
    limit = NIL_RISK_LIMIT
    if k.partner is None:
        if len(k.opponents()) >= 3:
            limit -= SOLO_NIL_CAUTION
    elif partner_bid is None:
        pass
    elif partner_bid >= 4:
        limit += 0.35
    elif partner_bid <= 2:
        limit -= 0.3
    if k.bags[k.team] >= k.rules.bag_limit - 3:
        limit += 0.2
    if k.rules.nil_value < 100:
        limit -= 0.3
    return risk <= limit and e.tricks <= NIL_MAX_TRICKS


def standard_bid(k: Knowledge) -> Choice:
    """Standard's bid: count sure and likely tricks, Nil with a safe hand, adjust last."""
    legal = k.legal
    if k.hand_hidden:
        if "bid blind nil" in legal:
            why = blind_nil_wanted(k)
            if why is not None:
                return "bid blind nil", R.BLIND_NIL(why=why)
        return ("look", R.LOOK()) if "look" in legal else (legal[0], R.ONLY_BID())
    jokers = k.rules.jokers
    scale = k.table.trick_scale
    e = estimate(k.hand, jokers, scale)
    nil_hand = hand_after_pass(k)
    risk = nil_risk(nil_hand, jokers, k.partner is None)
    bids = numeric_bids(legal)
    nil_legal = "bid nil" in legal
    if not bids:
        if nil_legal:
            return "bid nil", _nil_reason(k, risk, forced=True)
        return legal[0], R.ONLY_BID()
    if k.rules.bidding == "mirror" or (len(bids) == 1 and not nil_legal):
        return f"bid {bids[0]}", R.FIXED(reason=_reason(k, e, bids[0]))
    if k.rules.bidding == "suicide":
        return _suicide_bid(k, e, risk)
    if nil_chance_ok(k, estimate(nil_hand, jokers, scale), risk) and \
            not certain_count(k, nil_hand) and not nil_hand & ACES:
        return "bid nil", _nil_reason(k, risk, passing=nil_hand != k.hand)
    want = max(min(_numeric_want(k, e), _room(k)), certain_floor(k))
    text = nearest_bid(legal, want)
    assert text is not None
    return text, _reason(k, e, int(text[4:]))


def certain_floor(k: Knowledge) -> int:
    """The lowest sensible bid: the tricks this hand cannot lose, but never more than
    the team can still take beside the partner's bid."""
    return min(_room(k), certain_count(k, k.hand))


def certain_count(k: Knowledge, hand: int) -> int:
    """:func:`handeval.certain_winners` of ``hand`` at this table (none is certain in
    the six-handed game: the other copy of a top card, played first, beats it)."""
    if k.table.copies > 1:
        return 0
    on_lead = k.seat == (k.dealer + 1) % k.seats
    return certain_winners(hand, k.rules.jokers, on_lead)


def _room(k: Knowledge) -> int:
    """The tricks the side can take beside the partner's bid (a hand's tricks in all)."""
    size = k.table.hand_size
    if k.partner is None:
        return size
    partner_bid = k.bids[k.partner]
    return size - (partner_bid if partner_bid is not None and partner_bid > 0 else 0)


def pass_count(k: Knowledge) -> int:
    """Cards this seat would pass to its partner if it bid Nil now (0: no pass)."""
    if k.partner is None:
        return 0
    partner_bid = k.bids[k.partner]
    if partner_bid is not None and partner_bid <= 0:
        return 0  # the team's one exchange belongs to the partner's Nil
    return k.rules.nil_pass


def hand_after_pass(k: Knowledge) -> int:
    """The hand a Nil would be played with after passing its riskiest cards (the cards
    coming back from the partner are not known yet: low ones, they add no risk)."""
    hand = k.hand
    for c in nil_pass_cards(hand, k.rules.jokers, pass_count(k)):
        hand &= ~(1 << c)
    return hand


def nil_pass_cards(hand: int, jokers: bool, count: int) -> list[int]:
    """The ``count`` cards a Nil bidder passes: the most dangerous, then the highest."""
    danger = nil_danger_cards(hand, jokers)
    ordered = danger + sorted((c for c in range(54) if hand >> c & 1 and c not in danger),
                              key=lambda c: (-RANK_OF[c], c))
    return ordered[:count]


# The last to bid, at a table whose other bids leave this many tricks or more beyond its
# own estimate rounded down, bids one more. From a fraction of 0.25 up before; from any
# fraction, Standard won 0.75% ± 0.28% more of 8,000 whole games against the
# TricksterBots port (paired) and scored 0.39 a hand more (docs/bots.md).
UNDERBID = 3


def _numeric_want(k: Knowledge, e: Estimate) -> int:
    tricks = e.tricks
    partner_bid = k.bids[k.partner] if k.partner is not None else None
    opp = [k.bids[o] for o in k.opponents()]
    if partner_bid is not None and partner_bid <= 0:
        tricks -= 0.3  # covering a Nil costs tricks of our own
    if any(b is not None and b <= 0 for b in opp):
        tricks -= 0.2  # attacking a Nil costs some too
    solo = k.partner is None
    if solo:
        tricks -= SOLO_SHADE  # no partner's spare tricks to make up a short count
    want = int(tricks + 0.5)
    if not solo and None not in [b for i, b in enumerate(k.bids) if i != k.seat]:
        total = sum(max(b or 0, 0) for i, b in enumerate(k.bids) if i != k.seat) + want
        frac = tricks - int(tricks)
        size = k.table.hand_size
        if total <= size - UNDERBID and want == int(tricks):
            # The bags would come anyway: bid the fraction up and score them as tricks.
            want += 1
        elif total >= size + 1 and frac < 0.6 and want > 1:
            want -= 1  # the table is overbid: someone will be set; do not be the one
    return max(1, want)


def _suicide_bid(k: Knowledge, e: Estimate, risk: float) -> Choice:
    legal = k.legal
    if "bid nil" in legal and (numeric_bids(legal) == [] or e.tricks < 3.0 or risk < 1.5):
        return "bid nil", _nil_reason(k, risk, forced=False)
    text = nearest_bid(legal, max(4, int(e.tricks + 0.5), certain_floor(k)))
    assert text is not None
    return text, R.SUICIDE(reason=_reason(k, e, int(text[4:])))


def _nil_reason(k: Knowledge, risk: float, forced: bool = False, passing: bool = False) -> Text:
    jokers = k.rules.jokers
    if forced:
        return R.NIL_ONLY()
    # With a partner the chance is the measured one (NIL_MADE_BY_RISK); alone, no
    # table was measured, so none is claimed.
    head = R.NIL_CHANCE(chance=percent(nil_made_chance(risk))) if k.partner is not None \
        else R.NIL()
    if passing:
        gone = nil_pass_cards(k.hand, jokers, pass_count(k))
        return R.NIL_PASSING(head=head, cards=cards_text(gone))
    danger = nil_danger_cards(k.hand, jokers)
    low = _low_cards(k.hand)[:3]
    watch = R.NIL_WATCH(cards=cards_text(danger[:2])) if danger else R.NIL_SAFE()
    more: list[Text] = []
    if low:
        more.append(R.NIL_LOW(cards=cards_text(low)))
    voids = [SUIT_LETTERS[s] for s in range(3) if not k.hand & SUIT_MASKS[s]]
    if voids:
        more.append(_void_in(voids))
    if not more:
        return R.NIL_WHY(head=head, danger=watch)
    return R.NIL_WHY_MORE(head=head, danger=watch, more=R.listed(more))


def _void_in(suits: list[str]) -> Text:
    """"void in clubs and hearts": the suits (letters) a Nil hand has none of."""
    if len(suits) == 1:
        return R.NIL_VOID(suit=suits[0])
    if len(suits) == 2:
        return R.NIL_VOID_2(suit=suits[0], other=suits[1])
    return R.NIL_VOID_3(suit=suits[0], other=suits[1], third=suits[2])


def _low_cards(hand: int) -> list[int]:
    return [c for c in range(39) if hand >> c & 1 and RANK_OF[c] <= 3]


def easy_bid(k: Knowledge) -> Choice:
    """Easy: aces, guarded kings, top spades and long spades; no Nil unless forced."""
    legal = k.legal
    if k.hand_hidden:
        return ("look", "look at your cards") if "look" in legal else (legal[0], "forced")
    hand = k.hand
    count = 0
    winners: list[int] = []
    for suit in range(3):
        m = hand & SUIT_MASKS[suit]
        ace = 13 * suit + 12
        king = ace - 1
        if hand >> ace & 1:
            count += 1
            winners.append(ace)
        if hand >> king & 1 and m.bit_count() >= 2:
            count += 1
            winners.append(king)
    spades = hand & SPADE_MASK
    top = 53 if k.rules.jokers else 51
    for c in range(top, top - 3, -1):
        if spades >> c & 1:
            count += 1
            winners.append(c)
    count += max(0, spades.bit_count() - 4)
    if k.table.trick_scale != 1.0:  # other formats: the same share of the tricks
        count = int(count * k.table.trick_scale + 0.5)
    text = nearest_bid(legal, max(1, count))
    if text is None:
        return ("bid nil", "Nil is the only bid allowed") if "bid nil" in legal else \
            (legal[0], "forced")
    why = f"{cards_text(winners)} winners" if winners else "a weak hand"
    return text, why


def partner_pass_cards(hand: int, count: int) -> list[int]:
    """The ``count`` cards a Nil bidder's partner passes: its lowest side cards."""
    side = [c for c in range(54) if hand >> c & 1 and (1 << c) & NON_SPADE]
    rest = [c for c in range(54) if hand >> c & 1 and not (1 << c) & NON_SPADE]
    return (sorted(side, key=lambda c: (RANK_OF[c], c)) + sorted(rest))[:count]


def nil_pass(k: Knowledge, count: int) -> Choice:
    """The cards to pass: a Nil bidder sends its most dangerous, its partner its lowest."""
    hand = k.hand
    me_nil = k.is_nil(k.seat)
    if me_nil:
        picks = nil_pass_cards(hand, k.rules.jokers, count)
        why = R.PASS_RISKIEST(count=count, cards=cards_text(picks))
    else:
        picks = partner_pass_cards(hand, count)
        why = R.PASS_LOW(cards=cards_text(picks))
    text = "pass " + " ".join(CODES[c] for c in sorted(picks))
    if text not in k.legal:
        return k.legal[0], R.PASS()
    return text, why


__all__ = ["easy_bid", "nil_pass", "standard_bid"]
