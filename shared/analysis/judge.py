"""Judging one decision: every legal alternative on the same likely deals, in points.

The deals come from the Challenge bot's sampler (:mod:`shared.bots.sampler`): the
unseen cards dealt consistent with what this seat could see (voids, passes, bids, the
opponents' play), never the real hidden hands. Each alternative is played out on each
deal as the search does: the rollout policy for every seat (:func:`shared.bots.sim.playout`)
or, with ``EXACT_CARDS`` cards or fewer in hand, the exact solve
(:class:`shared.bots.endgame.Solver`). The same alternatives are also played once on
the real cards, which only the bad-luck label reads.

When the best alternative looks at least half the threshold better than the choice,
both are played on ``MORE_DEALS`` fresh deals and the gap (paired deal by deal) is
judged on those alone: the best of several alternatives on the same deals is
flattered by their noise. Bids likewise (``BID_DEALS`` fresh deals). Budgets are
deal counts, never time.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from shared.bots.bidder import numeric_bids, pass_count
from shared.bots.endgame import Solver, distinct_moves
from shared.bots.handeval import estimate_tricks
from shared.bots.knowledge import Knowledge, decision_seed
from shared.bots.rng import Rng
from shared.bots.sampler import Deal, Sampler
from shared.bots.search_bid import BID_DEALS, _exchanged, _outcomes
from shared.bots.search_play import _advance
from shared.bots.sim import SUIT_OF, Contracts, playout
from shared.spades.actions import NIL_BID
from shared.spades.cards import CODES

from .outcome import Facts, Outcomes

# The last tricks solved exactly: four (Challenge solves six; an analysis judges every
# card of a game, so six would triple its CPU for a finer reading of the last two).
EXACT_CARDS = 4
FIRST_DEALS = 48  # deals every alternative card is played on
EXACT_DEALS = 16  # ... when the last tricks are solved exactly
MORE_DEALS = 96  # fresh deals for the choice and the best card when the gap may matter
MORE_EXACT = 32  # ... when the last tricks are solved exactly
BID_RANGE = 4  # numeric bids further than this from the hand's estimate are not tried


@dataclass
class Trial:
    """One alternative's results: its value and facts deal by deal (by deal index), and
    its value on the real cards."""

    action: str
    values: dict[int, float] = field(default_factory=dict)
    facts: dict[int, Facts] = field(default_factory=dict)
    actual: float = 0.0

    @property
    def mean(self) -> float:
        return sum(self.values.values()) / max(1, len(self.values))

    def rate(self, name: str) -> float | None:
        """The share of deals on which fact ``name`` held (None: it never applies)."""
        seen = [getattr(f, name) for f in self.facts.values()]
        seen = [x for x in seen if x is not None]
        return sum(1 for x in seen if x) / len(seen) if seen else None

    def their_nil_set(self) -> float | None:
        seen = [any(f.their_nils) for f in self.facts.values() if f.their_nils]
        return sum(seen) / len(seen) if seen else None

    def bags(self) -> float:
        return sum(f.bags for f in self.facts.values()) / max(1, len(self.facts))


@dataclass
class Judgement:
    """The alternatives of one decision and how the choice compares with the best."""

    kind: str  # "bid" or "play"
    trials: dict[str, Trial]  # by action text (one card stands for its run)
    chosen: str  # the trial standing for the action taken
    best: str  # the best trial by expected points
    cost: float  # expected points the choice gave away to ``best`` (paired deals)
    error: float  # the standard error of ``cost``
    deals: int  # deals the comparison was made on
    luck: float  # points the choice lost on the real cards to the best there
    best_actual: str  # the best trial on the real cards
    equity_gap: float = 0.0  # how much more often ``best`` wins the game (paired deals)


def _paired(a: Trial, b: Trial) -> tuple[float, float, int]:
    diffs = [a.values[i] - b.values[i] for i in a.values if i in b.values]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    return mean, math.sqrt(var / n), n


def _verdict(kind: str, trials: dict[str, Trial], chosen: str,
             pool: dict[str, Trial] | None = None) -> Judgement:
    """The verdict on ``trials`` (paired deals); the bad-luck figure reads the real-card
    values of ``pool`` (default: ``trials``), every alternative tried."""
    best = max(trials, key=lambda a: (trials[a].mean, a == chosen))
    cost, error, n = _paired(trials[best], trials[chosen])
    pool = pool or trials
    best_actual = max(pool, key=lambda a: (pool[a].actual, a == chosen))
    luck = pool[best_actual].actual - pool[chosen].actual
    a, b = trials[best].facts, trials[chosen].facts
    both = [i for i in a if i in b]
    gap = sum(a[i].equity - b[i].equity for i in both) / max(1, len(both))
    return Judgement(kind, trials, chosen, best, cost, error, n, luck, best_actual, gap)


def _real(k: Knowledge, hands: tuple[int, ...]) -> Deal:
    # The real holdings as a deal: the bots' masks are those of the engine.
    return list(hands)


def judge_play(k: Knowledge, hands: tuple[int, ...], card: int, threshold: float
               ) -> Judgement | None:
    """Judge playing ``card`` in the position ``k`` describes; ``hands``: the real
    holdings now (only the bad-luck figure reads them). None when every legal card
    comes to the same (one run of touching cards)."""
    led = SUIT_OF[k.trick[0][1]] if k.trick else -1
    live = k.unseen | k.hand | sum(1 << c for _, c in k.trick)  # the trick's cards split runs
    cards = distinct_moves(k.legal_plays, live, led, True)
    if len(cards) < 2:
        return None
    # distinct_moves keeps the lowest card of each run: the played card's run starts at
    # the highest of those at or below it in its suit.
    mine = max(c for c in cards if c <= card and SUIT_OF[c] == SUIT_OF[card])
    bids = tuple(b if b is not None else 1 for b in k.bids)
    outcomes = Outcomes(k, bids)
    contracts = Contracts(bids, k.rules.nil_tricks_count_for_partner)
    exact = k.hand.bit_count() <= EXACT_CARDS
    sampler = Sampler(k, Rng(decision_seed(k, "analysis-play")))
    deals = sampler.deals(EXACT_DEALS if exact else FIRST_DEALS, weigh_bids=True,
                          weigh_play=True)
    trials = {c: Trial("play " + CODES[c]) for c in cards}

    def one(deal: Deal, c: int) -> tuple[float, Facts]:
        hands = list(deal)
        leader, trick, won, broken = _advance(hands, k, c)
        value = Solver(outcomes.value, k.team).solve(list(hands), leader, trick, list(won),
                                                     broken) if exact else None
        facts = outcomes.facts(playout(hands, leader, trick, won, broken, contracts))
        return (facts.points if value is None else value), facts

    def run(first: int, chosen: list[int]) -> None:
        for i in range(first, len(deals)):
            for c in chosen:
                trials[c].values[i], trials[c].facts[i] = one(deals[i], c)

    run(0, cards)
    real = _real(k, hands)
    for c, trial in trials.items():
        trial.actual = one(real, c)[0]
    # The choice's run is named by the card played (the reasons name it).
    trials[mine].action = "play " + CODES[card]
    pool = {t.action: t for t in trials.values()}
    best = max(cards, key=lambda c: trials[c].mean)
    if best != mine and trials[best].mean - trials[mine].mean >= threshold / 2:
        # The best of several on the same deals is flattered by their noise (the
        # winner's curse): the verdict on these two rests on fresh deals alone.
        at = len(deals)
        deals += sampler.deals(MORE_EXACT if exact else MORE_DEALS, weigh_bids=True,
                               weigh_play=True)
        for c in (best, mine):
            trials[c].values.clear()
            trials[c].facts.clear()
        run(at, [best, mine])
        return _verdict("play", {trials[c].action: trials[c] for c in (best, mine)},
                        trials[mine].action, pool)
    return _verdict("play", pool, trials[mine].action)


def _bid_text(code: int) -> str:
    return "bid nil" if code == NIL_BID else f"bid {code}"


def judge_bid(k: Knowledge, hands: tuple[int, ...], action: str, threshold: float
              ) -> Judgement | None:
    """Judge the bid ``action`` (``bid N`` or ``bid nil``) of the seat ``k`` describes,
    as Challenge's bidding does: one play-out per deal bidding the estimate scores every
    numeric bid, one bidding Nil (after the Nil card pass) scores Nil. None when there
    is nothing to compare (one legal bid, a hidden hand, mirror bidding)."""
    if k.hand_hidden or k.rules.bidding == "mirror" or action not in k.legal:
        return None
    est = estimate_tricks(k.hand, k.rules.jokers)
    numbers = [n for n in numeric_bids(k.legal)
               if abs(n - est) <= BID_RANGE or f"bid {n}" == action]
    nil = "bid nil" in k.legal
    if len(numbers) + nil < 2:
        return None
    wanted = [_bid_text(n) for n in numbers] + (["bid nil"] if nil else [])
    if action not in wanted:  # Blind Nil, or a bid the search never weighs
        return None
    sampler = Sampler(k, Rng(decision_seed(k, "analysis-bid")))
    real = _real(k, hands)

    def score(results: list[tuple[list[int], tuple[int, ...]]], code: int,
              trial: Trial, actual: tuple[list[int], tuple[int, ...]]) -> None:
        for i, (won, bids) in enumerate([*results, actual]):
            b = list(bids)
            b[k.seat] = code
            facts = Outcomes(k, tuple(b)).facts(won)
            if i == len(results):
                trial.actual = facts.points
            else:
                trial.values[i], trial.facts[i] = facts.points, facts

    def evaluate(bids: list[str]) -> dict[str, Trial]:
        deals = sampler.deals(BID_DEALS, weigh_bids=True)
        trials: dict[str, Trial] = {}
        numeric = [a for a in bids if a != "bid nil"]
        if numeric:
            results = _outcomes(k, deals, None)
            actual = _outcomes(k, [real], None)[0]
            for a in numeric:
                trials[a] = trial = Trial(a)
                score(results, int(a[4:]), trial, actual)
        if "bid nil" in bids:
            count = pass_count(k)
            results = _outcomes(k, _exchanged(k, deals, count), NIL_BID)
            actual = _outcomes(k, _exchanged(k, [real], count), NIL_BID)[0]
            trials["bid nil"] = trial = Trial("bid nil")
            score(results, NIL_BID, trial, actual)
        return trials

    pool = evaluate(wanted)
    best = max(pool, key=lambda a: pool[a].mean)
    if best != action and pool[best].mean - pool[action].mean >= threshold / 2:
        # As for a card: the verdict on the two rests on fresh deals.
        return _verdict("bid", evaluate([best, action]), action, pool)
    return _verdict("bid", pool, action)
