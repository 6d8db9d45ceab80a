"""Standard's card play: counting cards, voids and the contract, with a reason per card.

The player first decides what the trick is for (its *aim*):

* ``nil``     it bid Nil and is still clean: stay under every trick;
* ``cover``   its partner's Nil is alive: win tricks over the partner, lead high;
* ``attack``  an opponent's Nil is alive and its own contract can wait: make it win;
* ``take``    the team still needs tricks, or a set of the opponents is in reach and
              the bags it costs are affordable;
* ``duck``    the contract is safe: every further trick is a bag.

then plays the position: second hand low, third hand high, win as cheaply as
possible, never overtake a partner's sure winner, trump a void, discard from the
shortest side suit.

Around a Nil (covering the partner's, staying under an opponent's winning card) it
asks :mod:`nilplay` first.
"""

from __future__ import annotations

from dataclasses import dataclass

from shared.i18n import Template, Text
from shared.spades.cards import SPADE_MASK, SUIT_MASKS

from . import reasons as R
from .handeval import card_text
from .knowledge import Knowledge
from .nilplay import cover_follow, cover_lead, defend_follow, trick_best
from .sim import ABOVE, BELOW, NON_SPADE, SUIT_OF, beats, bottom, high_card, low_card, top

NIL, COVER, ATTACK, TAKE, DUCK = "nil", "cover", "attack", "take", "duck"
SUIT_LETTERS = "CDHS"  # the catalogue words suit.C ... suit.S

Choice = tuple[int, str]


@dataclass(slots=True)
class Aim:
    kind: str
    target: int  # the opposing Nil bidder under attack, else -1
    why: str


def aim_of(k: Knowledge) -> Aim:
    """What this seat is playing for now, and why (in words for the Hint)."""
    seat = k.seat
    if k.nil_alive(seat):
        return Aim(NIL, -1, R.AIM_NIL())
    if k.partner_nil_alive():
        return Aim(COVER, -1, R.AIM_COVER())
    team = k.team
    left = k.tricks_left
    need = k.need(team)
    target = next((o for o in k.opponents() if k.nil_alive(o)), -1)
    # The game score: making our contract may win the game (then do not gamble it on
    # a Nil attack); theirs may win it for them (then a set is worth bags).
    we_close = _wins_with_contract(k, team)
    if target >= 0 and need <= max(0, left - 3) and not (we_close and need > 0):
        return Aim(ATTACK, target, R.AIM_ATTACK())
    if need > 0:
        if k.partner is not None:
            return Aim(TAKE, -1, (R.NEED_TEAM_GAME if we_close else R.NEED_TEAM)(count=need))
        return Aim(TAKE, -1, (R.NEED_YOU_GAME if we_close else R.NEED_YOU)(count=need))
    bags = k.bags[team]
    limit = k.rules.bag_limit
    for other in k.other_sides:
        their_need = k.need(other)
        they_close = _wins_with_contract(k, other)
        to_set = left - their_need + 1  # tricks we must still take to set them
        if 0 < their_need <= left and (their_need + 2 >= left or
                                       (they_close and to_set <= max(2, left // 2))):
            cost = to_set - 1  # bags we take on the way
            affordable = not k.rules.bag_penalty or bags + cost < limit or \
                k.contract(other) >= 6 or they_close
            if affordable:
                why = R.SET_THEM_GAME if they_close else R.SET_THEM
                return Aim(TAKE, -1, why(need=their_need, left=left))
    if k.rules.bag_penalty and bags + 1 >= limit:
        return Aim(DUCK, -1, R.DUCK_BAG(count=bags + 1))
    return Aim(DUCK, -1, R.DUCK_MADE())


def _wins_with_contract(k: Knowledge, team: int) -> bool:
    """Whether making its contract takes ``team`` to the target, ahead of the others."""
    mine = k.scores[team] + 10 * k.contract(team)
    return mine >= k.rules.target_score and all(
        mine > k.scores[t] + 10 * k.contract(t) for t in range(len(k.scores)) if t != team)


def standard_play(k: Knowledge) -> Choice:
    """Standard's card and the reason for it."""
    legal = k.legal_plays
    if legal & (legal - 1) == 0:
        return bottom(legal), R.ONLY_CARD()
    aim = aim_of(k)
    if not k.trick:
        return _lead(k, legal, aim)
    return _follow(k, legal, aim)


# -- helpers ------------------------------------------------------------------------------


def _masters(k: Knowledge, mask: int) -> int:
    """Cards of ``mask`` that no card still out can beat in their own suit."""
    out = k.unseen
    result = 0
    m = mask
    while m:
        low = m & -m
        c = low.bit_length() - 1
        if not out & ABOVE[c]:
            result |= low
        m ^= low
    return result


def _may_trump(k: Knowledge, seat: int, suit: int) -> bool:
    """Whether ``seat`` might trump a lead of ``suit`` (void in it, spades may remain)."""
    if suit == 3 or not k.unseen & SPADE_MASK:
        return False
    if k.voids[seat] & 8:
        return False
    if k.voids[seat] >> suit & 1:
        return True
    # Few cards of the suit left out: someone is probably out of it.
    return (k.unseen & SUIT_MASKS[suit]).bit_count() <= 1


def _opponents(k: Knowledge) -> tuple[int, ...]:
    return k.opponents()


def _best(k: Knowledge) -> tuple[int, int, int]:
    """(winning card, its seat, suit led) of the trick on the table."""
    return trick_best(k)


def _still_to_play(k: Knowledge) -> list[int]:
    n = k.seats
    return [(k.seat + i) % n for i in range(1, n - len(k.trick))]


def seat_name(k: Knowledge, seat: int) -> str:
    """A seat as the Hint names it: by compass at four seats, else by where it sits."""
    n = k.seats
    if n == 4:
        return ("South", "West", "North", "East")[seat]
    gap = (seat - k.seat) % n
    if n == 2:
        return R.SEAT_OPPONENT()
    if gap == 1:
        return R.SEAT_LEFT()
    if gap == n - 1:
        return R.SEAT_RIGHT()
    return R.SEAT_GAP(gap=gap)


def _about(k: Knowledge, seat: int, by_compass: Template, by_place: Template,
           **args: str) -> Text:
    """A reason naming ``seat``: ``by_compass`` ({who:seat}, the catalogue's seat word) at
    four seats, else ``by_place`` with the seat's place as a reason of its own."""
    if k.seats == 4:
        return by_compass(who=seat_name(k, seat), **args)
    return by_place(who=seat_name(k, seat), **args)


def _holds(k: Knowledge, best: int, led: int, after: list[int]) -> bool:
    """Whether ``best`` stays the winner whatever the seats in ``after`` hold."""
    out = k.unseen
    for seat in after:
        known_void = k.voids[seat]
        if best >= 39:
            if out & ABOVE[best] and not known_void & 8:
                return False
        else:
            if out & ABOVE[best] & SUIT_MASKS[led] and not known_void >> led & 1:
                return False
            if _may_trump(k, seat, led) or (known_void >> led & 1 and not known_void & 8
                                             and out & SPADE_MASK):
                return False
    return True


def _discard(k: Knowledge, mask: int, keep_spades: bool = True) -> int:
    """A low side card from the shortest side suit (making a void to trump later)."""
    side = mask & NON_SPADE
    if not side or not keep_spades:
        return low_card(mask)
    hand = k.hand
    best, best_key = -1, (99, 99)
    for suit in range(3):
        m = side & SUIT_MASKS[suit]
        if m:
            c = bottom(m)
            masters = _masters(k, m)
            if masters == m and (hand & SUIT_MASKS[suit]) == m:
                key = (50, c % 13)  # keep suits of sure winners
            else:
                key = ((hand & SUIT_MASKS[suit]).bit_count() * 2 + (c % 13 >= 9) * 20,
                       c % 13)
            if key < best_key:
                best, best_key = c, key
    return best


def _lowest_beating(mask: int, best: int, led: int) -> int:
    win = beats(mask, best, led)
    spades = win & SPADE_MASK
    if win & ~SPADE_MASK:
        return bottom(win & ~SPADE_MASK)
    return bottom(spades)


# -- leading ------------------------------------------------------------------------------


def _lead(k: Knowledge, legal: int, aim: Aim) -> Choice:
    out = k.unseen
    if aim.kind == NIL:
        # The card most likely to be beaten: most unseen cards above it.
        best, key = -1, (-1, 0)
        for c in _cards(legal):
            above = (out & ABOVE[c]).bit_count()
            below = (out & BELOW[c]).bit_count()
            kk = (above - below - (20 if c >= 39 else 0), -c % 13)
            if kk > key:
                best, key = c, kk
        return best, R.LEAD_LOW_NIL()
    if aim.kind == DUCK:
        best, key = -1, (-99, 0)
        for c in _cards(legal):
            above = (out & ABOVE[c]).bit_count()
            kk = (above - (10 if c >= 39 else 0), -(c % 13))
            if kk > key:
                best, key = c, kk
        return best, R.LEAD_BEATEN(aim=aim.why)
    if aim.kind == ATTACK:
        target = aim.target
        best, key = -1, (-99, 0)
        for c in _cards(legal):
            suit = 3 if c >= 39 else c // 13
            if k.voids[target] >> suit & 1:
                continue
            kk = (-(c % 13 if c < 39 else 20), (out & ABOVE[c] & SUIT_MASKS[suit]).bit_count())
            if kk > key:
                best, key = c, kk
        if best >= 0:
            return best, _about(k, target, R.LEAD_INTO_NIL_SEAT, R.LEAD_INTO_NIL)
        return low_card(legal), R.LEAD_NIL_DISCARDS()
    opps = _opponents(k)
    masters = _masters(k, legal)
    if aim.kind == COVER:
        return cover_lead(k, legal, masters)
    # TAKE: cash sure winners the opponents cannot trump.
    for c in sorted(_cards(masters & NON_SPADE), key=lambda c: -(c % 13)):
        suit = c // 13
        if out & SUIT_MASKS[suit] and not any(_may_trump(k, o, suit) for o in opps):
            return c, R.CASH(card=card_text(c))
    spades = legal & SPADE_MASK
    out_spades = out & SPADE_MASK
    if spades and out_spades and masters & spades and \
            spades.bit_count() >= out_spades.bit_count():
        c = top(spades)
        return c, R.DRAW_TRUMPS(card=card_text(c))
    partner = k.partner
    # Partner is out of a suit and can trump it.
    if partner is not None and k.need(k.team) > 0:
        n = k.seats
        # the opponents who play after the partner on our lead
        behind = [(k.seat + i) % n for i in range((partner - k.seat) % n + 1, n)]
        for suit in range(3):
            m = legal & SUIT_MASKS[suit]
            if m and k.voids[partner] >> suit & 1 and not k.voids[partner] & 8 and out_spades \
                    and not any(_may_trump(k, o, suit) and o in behind for o in opps):
                c = low_card(m)
                return c, R.LEAD_FOR_RUFF(suit=SUIT_LETTERS[suit])
    # Short suit with spades to spare: lead it low to trump it later.
    side = legal & NON_SPADE
    hand_spades = (k.hand & SPADE_MASK).bit_count()
    if side:
        best, order = -1, (99, 99, 99)
        for suit in range(3):
            m = side & SUIT_MASKS[suit]
            if not m:
                continue
            n = m.bit_count()
            c = bottom(m)
            # Do not lead away from a guarded king or queen; prefer short suits when we
            # can trump, long ones otherwise.
            honour_risk = 1 if (m & ~_masters(k, m)) and top(m) % 13 >= 10 and n <= 3 else 0
            opp_ruff = any(_may_trump(k, o, suit) for o in opps)
            length_order = n if hand_spades >= 2 else -n
            this = (honour_risk + 2 * opp_ruff, length_order, c % 13)
            if this < order:
                best, order = c, this
        if order[1] == 1 and hand_spades >= 2:
            return best, R.LEAD_SINGLETON(card=card_text(best), suit=SUIT_LETTERS[best // 13])
        return best, R.LEAD_SAFE()
    return low_card(legal), R.LEAD_SPADES_LEFT()


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# -- following ----------------------------------------------------------------------------


def _follow(k: Knowledge, legal: int, aim: Aim) -> Choice:
    best, best_seat, led = _best(k)
    follow = bool(legal & SUIT_MASKS[led])
    after = _still_to_play(k)
    last = not after
    win = beats(legal, best, led)
    under = legal & ~win
    partner = k.partner
    kind = aim.kind
    if kind == NIL:
        if under:
            c = high_card(under)
            return c, R.NIL_UNDER() if follow else R.NIL_DISCARD(card=card_text(c))
        if last:
            return high_card(legal), R.NIL_ALL_WIN_LAST()
        return bottom(legal) if follow else low_card(legal), R.NIL_ALL_BEAT()
    if kind == COVER:
        covered = cover_follow(k, legal, best, best_seat, led, last)
        if covered is not None:
            return covered
        kind = TAKE if k.need(k.team) > 0 else DUCK
    elif kind != NIL:
        defended = defend_follow(k, legal, best, best_seat, led)
        if defended is not None:
            return defended
    if kind == ATTACK:
        target = aim.target
        if target in after:
            if best_seat == partner or not win:
                return _low(k, legal, follow), R.ATTACK_MAKE_WIN()
            return _low(k, legal, follow), R.ATTACK_MUST_TAKE()
        if best_seat == target and under:
            return high_card(under), R.NIL_WINNING()
        kind = TAKE if k.need(k.team) > 0 else DUCK
    if kind == DUCK:
        if under:
            c = high_card(under)
            why = aim.why if aim.kind == DUCK else R.DUCK_UNDER()
            return c, why
        if last:
            return high_card(legal), R.MUST_WIN_LAST()
        return (bottom(legal) if follow else _lowest_beating(legal, best, led), R.DUCK_ALL_WIN())
    # TAKE
    if best_seat == partner:
        if last or _holds(k, best, led, after):
            return _low(k, legal, follow), R.PARTNER_WINS()
        masters = _masters(k, win) if follow else 0
        if masters:
            c = bottom(masters)
            return c, R.MAKE_SURE(card=card_text(c))
        third = len(after) == 1
        if third and follow and win and _gap_below(k, top(win), best):
            # Third hand high: make the last hand pay for the trick with a card it
            # must beat, the lowest of our top cards that no card still out splits.
            c = _lowest_equal(k, top(win))
            return c, R.THIRD_HIGH_OVER(card=card_text(c), best=card_text(best))
        if third and not follow and win & SPADE_MASK and best < 39 and not _masters(k, 1 << best):
            c = bottom(win & SPADE_MASK)
            return c, R.TRUMP_PARTNER(card=card_text(c), best=card_text(best))
        return _low(k, legal, follow), R.LEAVE_TO_PARTNER()
    if not win:
        return _low(k, legal, follow), R.CANNOT_WIN()
    if last:
        c = _lowest_beating(legal, best, led)
        return c, R.WIN_CHEAPLY(card=card_text(c))
    if not follow:
        # Trump with the lowest spade that wins; high enough that the players after us
        # cannot overtrump only when one of them is known to be out of the suit led (a
        # top spade spent here would have won a trick of its own anyway).
        spades = win & SPADE_MASK
        threat = [s for s in after if s != partner and k.voids[s] >> led & 1
                  and _may_overtrump(k, s)]
        safe = [c for c in _cards(spades) if not (k.unseen & ABOVE[c])]
        if threat and safe:
            c = min(safe)
            return c, _about(k, threat[0], R.TRUMP_SAFE_SEAT, R.TRUMP_SAFE, card=card_text(c))
        c = bottom(spades)
        return c, R.TRUMP(card=card_text(c))
    masters = _masters(k, win)
    if masters and all(not _may_trump(k, s, led) for s in after if s != partner):
        c = bottom(masters)
        return c, R.WIN_MASTER(card=card_text(c))
    if len(k.trick) == 1 and partner in after:
        return _low(k, legal, follow), R.SECOND_LOW()
    c = top(win)
    return c, R.THIRD_HIGH() if len(k.trick) == 2 else R.WIN_WITH(card=card_text(c))


def _gap_below(k: Knowledge, card: int, best: int) -> bool:
    """Whether a card still out lies between ``best`` and our ``card`` of its suit (so
    ``card`` makes the last hand pay more than ``best`` does)."""
    between = ABOVE[best] & BELOW[card]
    return bool(k.unseen & between)


def _lowest_equal(k: Knowledge, card: int) -> int:
    """The lowest card of ours worth as much as ``card``: no card still out lies
    between them."""
    low = card
    c = card - 1
    while c >= 0 and SUIT_OF[c] == SUIT_OF[card] and not k.unseen >> c & 1:
        if k.hand >> c & 1:
            low = c
        c -= 1
    return low


def _may_overtrump(k: Knowledge, seat: int) -> bool:
    return not k.voids[seat] & 8


def _low(k: Knowledge, legal: int, follow: bool) -> int:
    return bottom(legal) if follow else _discard(k, legal)
