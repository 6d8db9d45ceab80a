"""Challenge's bids, and Standard's at four seats in partnerships: simulate the hand,
then pick the bid with the best match equity.

For a seat that can see its cards:

1. deal the other hands 256 times (``CHALLENGE_BID``), consistent with the bids already
   made (Standard: up to 64, 16 at a time, until the leading bid is settled: see
   :class:`BidSearch`);
2. play each deal out with the rollout policy twice: once bidding a number (the
   estimate), once bidding Nil (partner covering, opponents attacking), when Nil is
   legal (Standard: and not too risky);
3. score every legal bid against the trick counts of its scenario (a seat that has not
   bid yet is given its estimated bid) with :class:`equity.HandScorer` and bid the
   best: the set risk, the bags and the game score all weigh in.

Blind Nil (cards not seen yet) compares the same two scenarios with this seat's cards
dealt at random too (Challenge's; Standard decides a Blind Nil by its rules). Budgets are
deals, not time.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shared.spades.actions import BLIND_NIL_BID

from .bidder import (
    bid_reason,
    certain_count,
    certain_floor,
    hand_after_pass,
    nil_pass_cards,
    numeric_bids,
    partner_pass_cards,
    pass_count,
    standard_bid,
)
from .decision import Decision
from .equity import HandScorer
from .handeval import estimate, estimate_tricks, nil_risk
from .knowledge import Knowledge, decision_seed
from .rng import Rng
from .sampler import Deal, Sampler
from .sim import Contracts, playout

BID_DEALS = 128


@dataclass(frozen=True, slots=True)
class BidSearch:
    """How much a bid is searched.

    ``deals``: the most deals; ``batch``: with it, the deals come this many at a time
    and the weighing stops once the leading bid is settled (:func:`settled`);
    ``nil_risk_below``: Nil is played out only for a hand whose Nil risk after the pass
    (``handeval.nil_risk``) is below this."""

    deals: int
    batch: int = 0
    nil_risk_below: float = math.inf


# Challenge's: twice the deals (with the six-card endgame, +3.4 points a hand against
# the TricksterBots port; docs/bots.md, "Six cards solved exactly, 256 bid deals").
CHALLENGE_BID = BidSearch(2 * BID_DEALS)
# Standard's: at most 64 deals, 16 at a time, Nil only below risk 2.0 (of 1,200 hands
# the 64-deal search weighed, it chose Nil for 1 of the 636 at 2.0 or more). Against
# the TricksterBots port it gained Standard +3.2 a hand over its rules' bids at 7.8 ms
# a bid (all 64 deals: +4.1 at 17.5 ms; docs/bots.md, "Standard searches its bids,
# settled early").
STANDARD_BID = BidSearch(64, batch=16, nil_risk_below=2.0)
# A bid is settled when what it may lose to the others is expected to be under
# SETTLED in match equity: about 2 points of a hand in mid-game.
SETTLED = 0.003


def _estimated_bid(k: Knowledge, hand: int) -> int:
    return max(1, int(estimate_tricks(hand, k.rules.jokers, k.table.trick_scale) + 0.5))


def _bids_for(k: Knowledge, deal: Deal, mine: int) -> tuple[int, ...]:
    out = []
    for s in range(k.seats):
        if s == k.seat:
            out.append(mine)
        else:
            b = k.bids[s]
            out.append(b if b is not None else _estimated_bid(k, deal[s]))
    return tuple(out)


Outcome = tuple[list[int], tuple[int, ...]]  # tricks by seat, bids played to


def _outcomes(k: Knowledge, deals: list[Deal], mine: int | None) -> list[Outcome]:
    """Play each deal out; ``mine`` is this seat's bid (None: its estimate)."""
    leader = (k.dealer + 1) % k.seats
    results: list[Outcome] = []
    for deal in deals:
        bid = mine if mine is not None else _estimated_bid(k, deal[k.seat])
        bids = _bids_for(k, deal, bid)
        won = playout(list(deal), leader, [], [0] * k.seats, False,
                      Contracts(bids, k.rules.nil_tricks_count_for_partner, k.table))
        results.append((won, bids))
    return results


def _values(k: Knowledge, results: list[Outcome], mine: int) -> list[float]:
    """Each play-out's value (match equity) to this seat's side had it bid ``mine``."""
    out: list[float] = []
    cache: dict[tuple[int, ...], HandScorer] = {}
    for won, bids in results:
        b = list(bids)
        b[k.seat] = mine
        key = tuple(b)
        scorer = cache.get(key)
        if scorer is None:
            scorer = cache[key] = HandScorer(k.rules, key, k.team, k.scores, k.bags,
                                             k.hands_played, table=k.table)
        out.append(scorer.value(won))
    return out


def _value(k: Knowledge, results: list[Outcome], mine: int) -> float:
    values = _values(k, results, mine)
    return sum(values) / max(1, len(values))


def _exchanged(k: Knowledge, deals: list[Deal], count: int) -> list[Deal]:
    """The deals after a Nil card pass: this seat's riskiest cards to the partner, the
    partner's lowest side cards back (the passes the players make)."""
    if not count:
        return deals
    seat, partner = k.seat, k.partner
    assert partner is not None  # no pass without a partner
    out: list[Deal] = []
    for deal in deals:
        hands = list(deal)
        give = nil_pass_cards(hands[seat], k.rules.jokers, count)
        back = partner_pass_cards(hands[partner], count)
        for c in give:
            hands[seat] ^= 1 << c
            hands[partner] ^= 1 << c
        for c in back:
            hands[partner] ^= 1 << c
            hands[seat] ^= 1 << c
        out.append(hands)
    return out


def settled(per: dict[str, list[float]], fallback: str) -> bool:
    """Whether the bid leading on the deals so far is as good as settled: what bidding
    it is expected to lose against the others, had they been better (each one's
    per-deal differences to it read as a normal mean, the same deals for every bid),
    adds up to less than ``SETTLED``. A bid far behind costs nothing; a close one costs
    little only once its difference is known well."""
    n = min(len(v) for v in per.values())
    if n < 2:
        return False
    means = {a: sum(v) / len(v) for a, v in per.items()}
    best = max(means, key=lambda a: (means[a], a == fallback))
    loss = 0.0
    for a, v in per.items():
        if a == best:
            continue
        diffs = [x - y for x, y in zip(v, per[best], strict=True)]
        mean = sum(diffs) / n  # at most 0: ``best`` leads
        se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        if se > 0:
            z = mean / se
            # E[max(0, X)] for X ~ N(mean, se²): the expected gain had ``a`` been bid.
            loss += se * math.exp(-z * z / 2) / math.sqrt(2 * math.pi) \
                + mean * 0.5 * (1 + math.erf(z / math.sqrt(2)))
    return loss < SETTLED


def bid_searched(k: Knowledge) -> bool:
    """Whether Standard searches this bid (:func:`standard_searched_bid`): a bid on seen
    cards at four seats in partnerships, one deck, no draw."""
    return (k.phase == "bidding" and not k.hand_hidden and k.seats == 4
            and k.partner is not None and k.table.copies == 1 and not k.table.draw
            and len(k.legal) > 1)


def standard_searched_bid(k: Knowledge) -> Decision:
    """Standard's bid: where :func:`bid_searched`, its rules' bid weighed against the
    others as Challenge weighs them, with ``STANDARD_BID``'s budget; elsewhere (a
    Blind Nil, other formats) its rules' bid."""
    if not bid_searched(k):
        text, why = standard_bid(k)
        return Decision(text, why)
    return challenge_bid(k, STANDARD_BID)


def challenge_bid(k: Knowledge, search: BidSearch = CHALLENGE_BID) -> Decision:
    """Challenge's bid (or, with Standard's ``search``, Standard's) over sampled deals;
    its reasons stay inside the bots: English, not catalogued."""
    legal = k.legal
    # Six-handed: the simulator does not model two copies. Two-handed: the sampler
    # deals the opponent 13 of the unseen cards at random, but its hand was drawn, kept
    # card by card, and is much stronger: searching, Challenge bid for tricks it did
    # not get (set 46% of the time against Standard's 12%, 60 deal pairs).
    if k.table.copies > 1 or k.table.draw:
        text, why = standard_bid(k)
        return Decision(text, why)
    rng = Rng(decision_seed(k, "challenge-bid"))
    sampler = Sampler(k, rng)
    if k.hand_hidden:
        return _blind_decision(k, sampler)
    fallback, why = standard_bid(k)
    # Never below the tricks that cannot be lost; never Nil with one of them kept.
    floor = certain_floor(k)
    numbers = [n for n in numeric_bids(legal) if n >= floor] or numeric_bids(legal)
    after_pass = hand_after_pass(k)
    nil_ok = "bid nil" in legal and (not certain_count(k, after_pass) or not numbers)
    if k.rules.bidding == "mirror" or (len(numbers) + nil_ok) <= 1:
        return Decision(fallback, why)
    est = estimate_tricks(k.hand, k.rules.jokers, k.table.trick_scale)
    near = {f"bid {n}": n for n in numbers if abs(n - est) <= 4}
    per: dict[str, list[float]] = {a: [] for a in near}
    if nil_ok and (search.nil_risk_below == math.inf or not numbers
                   or nil_risk(after_pass, k.rules.jokers, k.partner is None)
                   < search.nil_risk_below):
        per["bid nil"] = []
    if not per:
        return Decision(fallback, why)
    step = search.batch or search.deals
    dealt = held = rollouts = 0
    while dealt < search.deals:
        deals = sampler.deals(min(step, search.deals - dealt), weigh_bids=True)
        dealt += len(deals)
        rollouts += len(deals)
        if near:
            # One play-out per deal bidding the estimate serves every numeric bid
            # (playing the neighbouring bids out as well was measured: no better,
            # twice the time).
            results = _outcomes(k, deals, None)
            for a, n in near.items():
                per[a] += _values(k, results, n)
        if "bid nil" in per:
            nil_results = _outcomes(k, _exchanged(k, deals, pass_count(k)), 0)
            rollouts += len(deals)
            per["bid nil"] += _values(k, nil_results, 0)
            held += sum(1 for won, _ in nil_results if won[k.seat] == 0)
        if search.batch and settled(per, fallback):
            break
    values = {a: sum(v) / len(v) for a, v in per.items()}
    best = max(values, key=lambda a: (values[a], a == fallback))
    if best == "bid nil":
        reason = f"Nil: it held in {held / dealt:.0%} of {dealt} likely deals"
    elif best == fallback:
        reason = why
    else:
        cards = bid_reason(estimate(k.hand, k.rules.jokers, k.table.trick_scale), k.hand,
                           int(best[4:]), k.rules.jokers, k.table.copies)
        reason = f"{cards}; {best[4:]} scores best over {dealt} likely deals"
    return Decision(best, reason, rollouts)


def _blind_decision(k: Knowledge, sampler: Sampler) -> Decision:
    legal = k.legal
    if "bid blind nil" not in legal:
        return Decision("look" if "look" in legal else legal[0], "look at your cards first")
    deals = [sampler.deal() for _ in range(BID_DEALS)]
    blind = _value(k, _outcomes(k, deals, BLIND_NIL_BID), BLIND_NIL_BID)
    looked = 0.0
    for won, bids in _outcomes(k, deals, None):
        looked += _value(k, [(won, bids)], bids[k.seat])
    looked /= len(deals)
    rollouts = 2 * len(deals)
    if blind > looked + 0.01 and "look" in legal:
        return Decision("bid blind nil", "Blind Nil: the game score needs a big swing",
                        rollouts)
    return Decision("look" if "look" in legal else legal[0], "look at your cards first",
                    rollouts)
