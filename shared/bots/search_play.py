"""Card play by search: Challenge (PIMC with policy rollouts, exact endgame, equity)
and the ``pimc`` reference (CardsWithCats' method: random rollouts, raw points).

Challenge, per decision:

1. group the legal cards into runs of touching cards (one candidate per run);
2. deal the unseen cards a few dozen times, consistent with voids, passes and bids
   (:mod:`sampler`), the same deals for every candidate;
3. per deal and candidate, play the rest out with :func:`sim.policy` (one rollout;
   the policy is deterministic, so one is enough), or, in the last
   ``ENDGAME_CARDS`` tricks, solve the deal exactly (:mod:`endgame`);
4. score each result by match equity (:mod:`equity`) and play the best average;
   Standard's own choice gets a hair of credit so that near-ties play like Standard
   (more while covering a partner's Nil: ``PRIOR_COVER``).

In a partnership game Challenge plays Standard's card without searching last to a
trick with no Nil alive (``_standard_plays_last``) and while its own Nil is alive
(``_standard_plays_own_nil``).

Budgets are counted in deals and rollouts, never in time.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from shared.spades.cards import CODES, SUIT_MASKS

from . import reasons as R
from .cardplay import TAKE, aim_of, standard_play
from .decision import Decision
from .endgame import Solver, distinct_moves
from .equity import HandScorer
from .handeval import card_text
from .knowledge import Knowledge, decision_seed
from .nilplay import lead_bosses, overtakers
from .rng import Rng
from .sampler import Sampler
from .sim import NON_SPADE, Contracts, playout, winner_index

# Solve exactly when this seat holds this many cards or fewer. Six, not four: against
# the TricksterBots port +3.4 points a hand over 1,400 duplicate deals with the bids'
# 256 deals (docs/bots.md), at about three times the CPU of four (a six-card solve is
# some 7,500 positions); the median decision is unchanged (see EXACT_SOLVES).
ENDGAME_CARDS = 6
EXACT_DEALS = 16  # deals for an exact solve of ENDGAME_CARDS cards (fewer cards: all)
# The most exact solves a decision may spend, by cards in hand (at least
# MIN_EXACT_DEALS deals a candidate): with four candidates, 16 six-card deals each were
# 64 solves and 40 five-card deals 160, Challenge's slowest decisions. These budgets
# scored the same against the port (−0.44 ± 0.78 a hand over 1,400 duplicate deals,
# docs/bots.md) at a quarter to a third less CPU, the p99 decision 0.25 s, not 0.47.
EXACT_SOLVES = {6: 32, 5: 64}
MIN_EXACT_DEALS = 8
ROLLOUT_BUDGET = 400  # rollouts per decision, shared among the candidates
MIN_DEALS, MAX_DEALS = 16, 40  # at most 40: a tenth of pimc's 400 per card
PRIOR = 0.002  # equity credit for Standard's card
# ... while covering a partner's Nil: the rollouts model the defence of a Nil crudely
# (attackers always duck while the Nil bidder is still to play), so a few percent the
# search finds there is mostly the model; Standard's cover rules keep the cover cards.
PRIOR_COVER = 0.03
MAX_CLOSE_DEALS, CLOSE_STEP = 80, 8  # more deals for a close call between two cards
CLOSE_Z = 2.0  # a gap this many standard errors wide is clear
PIMC_DEALS, PIMC_ROLLOUTS = 20, 20
LEAD_DEALS = 12  # deals for Standard's search at a lead (standard_lead; 24 scored no better)
LEAD_CLOSE_DEALS = 0  # more for a close call between the best two (48: stronger, dearer)
LEAD_EXACT_CARDS = 4  # ... solved exactly from this many cards (Standard's CPU: not six)


def _bids(k: Knowledge) -> tuple[int, ...]:
    return tuple(x if x is not None else 1 for x in k.bids)


def _advance(hands: list[int], k: Knowledge, card: int) -> tuple[int, list[int], list[int], bool]:
    """Play ``card`` for this seat in ``hands``: (leader, trick, won, broken) after it."""
    hands[k.seat] ^= 1 << card
    trick = [c for _, c in k.trick]
    trick.append(card)
    won = list(k.tricks_won)
    leader = k.leader
    if len(trick) == k.seats:
        leader = (leader + winner_index(trick)) % k.seats
        won[leader] += 1
        trick = []
    return leader, trick, won, k.broken or card >= 39


def search_play(level: str, k: Knowledge) -> Decision:
    """Challenge's (or pimc's) card. The six-handed game (two copies of each card,
    which the simulator does not model) is played with Standard's rules."""
    if k.table.copies > 1:
        card, why = standard_play(k)
        return Decision("play " + CODES[card], why)
    if level == "pimc":
        return pimc_play(k)
    return challenge_play(k)


def challenge_play(k: Knowledge) -> Decision:
    if _standard_plays_last(k) or _standard_plays_own_nil(k):
        card, why = standard_play(k)
        return Decision("play " + CODES[card], why)
    legal = k.legal_plays
    live = _live(k)
    led = -1
    if k.trick:
        first = k.trick[0][1]
        led = 3 if first >= 39 else first // 13
    candidates = distinct_moves(legal, live, led, True)
    # Covering a Nil: overtake the partner's winning card, lead a boss card (the
    # search picks which one).
    forced = overtakers(k) or lead_bosses(k)
    if forced:
        candidates = [c for c in candidates if forced >> c & 1] or candidates
    prior_card, prior_why = standard_play(k)
    if forced and not forced >> prior_card & 1:  # Standard's card is not allowed here
        prior_card = candidates[0]
        prior_why = f"{card_text(prior_card)}: cover partner's Nil"
    if len(candidates) == 1:
        return Decision("play " + CODES[prior_card if forced else candidates[0]], prior_why)
    exact = k.hand.bit_count() <= ENDGAME_CARDS
    n_deals = max(MIN_DEALS, min(MAX_DEALS, ROLLOUT_BUDGET // len(candidates)))
    if exact and k.hand.bit_count() == ENDGAME_CARDS:
        n_deals = min(n_deals, EXACT_DEALS)
    solves = EXACT_SOLVES.get(k.hand.bit_count()) if exact else None
    if solves is not None:
        n_deals = max(MIN_EXACT_DEALS, min(n_deals, solves // len(candidates)))
    # Never more than a tenth of what pimc spends on this position (400 per card).
    cap = PIMC_DEALS * PIMC_ROLLOUTS // 10 * legal.bit_count()
    extra = 0 if exact else min(MAX_CLOSE_DEALS, (cap - n_deals * len(candidates)) // 2)
    credit = PRIOR_COVER if k.partner_nil_alive() else PRIOR
    found = _search(k, candidates, prior_card, n_deals, extra, credit, ENDGAME_CARDS,
                    "challenge-play")
    if found.card == prior_card:
        return Decision("play " + CODES[prior_card], prior_why, found.rollouts)
    why = (f"{card_text(found.card)} does best over {found.deals} likely deals "
           f"(+{found.margin * 100:.1f}% to win the game over {card_text(prior_card)})")
    return Decision("play " + CODES[found.card], why, found.rollouts)


def standard_lead(k: Knowledge) -> Decision | None:
    """Standard's lead while its side still needs tricks (four seats in partnerships,
    no Nil alive), or None where Standard's rules lead alone (:func:`lead_searched`).
    The decision's ``rollouts`` is 0 when there was nothing to weigh (every candidate
    card plays as the rules' own).

    Standard's rules choose between cashing a master and leading low poorly: they
    cash whenever the opponents cannot trump, where leading low often lets the
    partner win the trick and keeps the master for later. So the rules' own card is
    weighed against the lowest card of each suit held, over ``LEAD_DEALS`` sampled
    deals and ``LEAD_CLOSE_DEALS`` more for a close call between the best two:
    a few candidates and a fixed budget, about 3.5 ms where Challenge spends tens. The
    few candidates are also what makes it pay: against the TricksterBots port the whole
    Challenge search at these leads gained Standard less than this (docs/bots.md)."""
    if not lead_searched(k):
        return None
    legal = k.legal_plays
    prior_card, prior_why = standard_play(k)
    live = _live(k)
    lows = [prior_card]
    for suit_mask in SUIT_MASKS:
        held = legal & suit_mask
        if held:
            lows.append((held & -held).bit_length() - 1)
    candidates = [c for c in distinct_moves(legal, live, -1, True)
                  if any(_same_run(c, low, live) for low in lows)]
    if len(candidates) < 2:  # the rules' card is the only one of its kind: no search
        return Decision("play " + CODES[prior_card], prior_why)
    found = _search(k, candidates, prior_card, LEAD_DEALS, LEAD_CLOSE_DEALS, PRIOR,
                    LEAD_EXACT_CARDS, "standard-lead")
    why: str = prior_why
    if found.card != prior_card:
        why = R.LEAD_PLAYED_OUT(card=card_text(found.card), other=card_text(prior_card))
    return Decision("play " + CODES[found.card], why, found.rollouts)


def lead_searched(k: Knowledge) -> bool:
    """Whether Standard searches this decision (:func:`standard_lead`): a lead of more
    than one legal card at four seats in partnerships, with no Nil alive, while the
    seat's side still needs tricks."""
    if (k.phase != "playing" or k.trick or k.seats != 4 or k.partner is None
            or k.table.copies > 1 or any(k.nil_alive(seat) for seat in range(4))):
        return False
    legal = k.legal_plays
    return bool(legal & (legal - 1)) and aim_of(k).kind == TAKE and k.need(k.team) > 0


def _live(k: Knowledge) -> int:
    """The cards not yet played to a finished trick: unseen, held, or on the table."""
    on_table = 0
    for _, c in k.trick:
        on_table |= 1 << c
    return k.unseen | k.hand | on_table


class _Searched(NamedTuple):
    card: int  # the card to play (Standard's own where its run came out best)
    margin: float  # its equity over Standard's card (0: it is Standard's)
    deals: int  # the deals it was played on
    rollouts: int  # rollouts spent on the decision


def _search(k: Knowledge, candidates: list[int], prior_card: int, n_deals: int,
            extra: int, credit: float, exact_cards: int, salt: str) -> _Searched:
    """The best of ``candidates`` (one card per run of touching cards) over
    ``n_deals`` sampled deals, and up to ``extra`` more for a close call between the
    two best; Standard's card ``prior_card`` gets ``credit``. With ``exact_cards``
    cards or fewer in hand each deal is solved exactly instead of played out."""
    live = _live(k)
    # The candidate of the prior card's run stands for it.
    prior = next((c for c in candidates if _same_run(c, prior_card, live)), candidates[0])
    exact = k.hand.bit_count() <= exact_cards
    rng = Rng(decision_seed(k, salt))
    sampler = Sampler(k, rng)
    deals = sampler.deals(n_deals, weigh_bids=True, weigh_play=True)
    bids = _bids(k)
    scorer = HandScorer(k.rules, bids, k.team, k.scores, k.bags, k.hands_played,
                        table=k.table)
    contracts = Contracts(bids, k.rules.nil_tricks_count_for_partner, k.table)
    values: dict[int, dict[int, float]] = {c: {} for c in candidates}  # by deal index
    spans: dict[tuple[int, ...], tuple[float, float]] = {}  # the solvers' (one scorer)

    def run(i: int, cards: tuple[int, ...] | list[int]) -> None:
        deal = deals[i]
        solver = Solver(scorer.value, k.team, k.table, spans) if exact else None
        for c in cards:
            hands = list(deal)
            leader, trick, won, broken = _advance(hands, k, c)
            if solver is not None:
                v = solver.solve(hands, leader, trick, won, broken)
            else:
                v = scorer.value(playout(hands, leader, trick, won, broken, contracts))
            values[c][i] = v

    for i in range(n_deals):
        run(i, candidates)
    rollouts = n_deals * len(candidates)
    # A close call between the two best cards gets more deals (for those two only),
    # until the gap is clear of its noise or the extra deals run out.
    if extra >= CLOSE_STEP and _close_pair(values, prior, credit) is not None:
        more = sampler.deals(extra, weigh_bids=True, weigh_play=True)
        rng.shuffle(more)  # resampled deals come in pool order; every prefix must do
        deals += more
        at = n_deals
        while at + CLOSE_STEP <= len(deals):
            pair = _close_pair(values, prior, credit)
            if pair is None:
                break
            for i in range(at, at + CLOSE_STEP):
                run(i, pair)
            rollouts += 2 * CLOSE_STEP
            at += CLOSE_STEP
    totals = {c: sum(v.values()) / len(v) for c, v in values.items()}
    totals[prior] += credit
    best = max(candidates, key=lambda c: (totals[c], -c))
    if best == prior:
        return _Searched(prior_card, 0.0, len(values[best]), rollouts)
    return _Searched(best, totals[best] - totals[prior], len(values[best]), rollouts)


def _standard_plays_last(k: Knowledge) -> bool:
    """Whether Challenge plays Standard's card: last to a trick, at four seats in
    partnerships, with no Nil still clean. There the trick's outcome is known and only
    what the card leaves behind differs; the rollouts' defenders and partner judge that
    worse than Standard's rules. Against the TricksterBots port (standard rules, 400
    duplicate deals each on seeds 1-400 and 401-800) Challenge scored more with
    Standard's card there (docs/bots.md)."""
    if k.seats != 4 or k.partner is None or len(k.trick) != 3:
        return False
    return not any(k.nil_alive(seat) for seat in range(4))


def _standard_plays_own_nil(k: Knowledge) -> bool:
    """Whether Challenge plays Standard's card because its own Nil is still clean, at
    four seats in partnerships. Standard's rules stay under the trick's winner with the
    highest card that can and shed the cards that could take a trick later; the
    rollouts' defenders attack a Nil crudely (they duck while the Nil bidder is still
    to play), so the search misjudges what a card leaves it exposed to. Against the
    TricksterBots port (standard rules, duplicate deals) Challenge scored more with
    Standard's card there (docs/bots.md)."""
    return k.seats == 4 and k.partner is not None and k.nil_alive(k.seat)


def _close_pair(values: dict[int, dict[int, float]], prior: int, credit: float = PRIOR
                ) -> tuple[int, int] | None:
    """The two best candidates if their gap is within noise (paired over the deals both
    were played on), else None. Cards that score alike on every deal are no close call."""
    means = {c: sum(v.values()) / len(v) + (credit if c == prior else 0.0)
             for c, v in values.items()}
    ranked = sorted(means, key=lambda c: (-means[c], c))
    a, b = ranked[0], ranked[1]
    va, vb = values[a], values[b]
    diffs = [va[i] - vb[i] for i in va if i in vb]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    if var < 1e-10:
        return None
    return (a, b) if abs(mean) < CLOSE_Z * math.sqrt(var / n) else None


def _same_run(a: int, b: int, live: int) -> bool:
    """Whether cards ``a`` and ``b`` are of one suit with no live card between them."""
    if a == b:
        return True
    sa = 3 if a >= 39 else a // 13
    sb = 3 if b >= 39 else b // 13
    if sa != sb:
        return False
    lo, hi = min(a, b), max(a, b)
    between = live & ((1 << hi) - 1) & ~((2 << lo) - 1) & SUIT_MASKS[sa]
    return not between


def pimc_play(k: Knowledge) -> Decision:
    """The reference: 20 deals x 20 random rollouts per legal card, raw points."""
    legal = k.legal_plays
    cards = [c for c in range(54) if legal >> c & 1]
    rng = Rng(decision_seed(k, "pimc-play"))
    deals = Sampler(k, rng).deals(PIMC_DEALS)
    bids = _bids(k)
    scorer = HandScorer(k.rules, bids, k.team, k.scores, k.bags, k.hands_played, raw=True,
                        table=k.table)
    totals = dict.fromkeys(cards, 0.0)
    rollouts = 0
    for deal in deals:
        for c in cards:
            for _ in range(PIMC_ROLLOUTS):
                hands = list(deal)
                leader, trick, won, broken = _advance(hands, k, c)
                totals[c] += scorer.value(random_playout(hands, leader, trick, won, broken,
                                                         rng))
                rollouts += 1
    best = max(cards, key=lambda c: (totals[c], -c))
    return Decision("play " + CODES[best], "random rollouts favour it", rollouts)


def random_playout(hands: list[int], leader: int, trick: list[int], won: list[int],
                   broken: bool, rng: Rng) -> list[int]:
    """Finish the hand with uniformly random legal cards."""
    seats = len(hands)
    live = 0
    for h in hands:
        live |= h
    trick = list(trick)
    while live:
        seat = (leader + len(trick)) % seats
        hand = hands[seat]
        if trick:
            first = trick[0]
            legal = hand & SUIT_MASKS[3 if first >= 39 else first // 13] or hand
        elif broken:
            legal = hand
        else:
            legal = hand & NON_SPADE or hand
        pick = rng.below(legal.bit_count())
        m = legal
        for _ in range(pick):
            m &= m - 1
        bit = m & -m
        card = bit.bit_length() - 1
        hands[seat] = hand ^ bit
        live ^= bit
        if card >= 39:
            broken = True
        trick.append(card)
        if len(trick) == seats:
            leader = (leader + winner_index(trick)) % seats
            won[leader] += 1
            trick = []
    return won
