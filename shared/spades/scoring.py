"""Scoring one hand, and deciding whether the game is over.

Per team, in the order of 001 §8: contract = sum of numeric bids (Nil counts 0);
made -> +10 per bid trick (+20 with ten-for-two-hundred at 10+) and +1 per overtrick,
which also banks a bag; set -> -10 per bid trick and no bags; then each Nil or Blind Nil
bidder's bonus or penalty; then the bag penalty loop (every ``bag_limit`` banked bags
cost ``bag_penalty_points``, remainder kept).

With ``nil_tricks_count_for_partner=False`` (the quick preset) the contract is judged on
the non-Nil partner's tricks only, and every trick a Nil bidder takes scores +1 and
banks a bag whether or not the contract is made.

A *side* is what scores: a partnership, or in a solo game (cutthroat, two- and
three-handed) one player, whose contract is their own bid: made +10 per bid trick and
+1 per overtrick, which is a bag on the player's own counter; set -10 per bid trick; a
Nil or Blind Nil bidder's bonus or penalty, and every trick a Nil bidder takes is an
overtrick of a contract of 0 (a bag); the bag penalty per player. Scores, bags and
score records are indexed by side, in the order of ``RuleSet.teams``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .actions import BLIND_NIL_BID, MAX_BID, NIL_BID
from .rules import RuleSet

Bid = int | str  # 1..13, 0 or "nil" for Nil, "blind nil"
Outcome = int | str | None  # None while playing, the winning side's index, or "draw"


class TeamScore(NamedTuple):
    """One side's six score lines for one hand (plus the counts behind them)."""

    contract: int  # sum of numeric bids
    tricks: int  # tricks the team took, Nil bidders included
    made: bool  # contract made (always True for a contract of 0)
    contract_points: int  # line 1: +10 (or +20) x contract, or -10 x contract
    bag_points: int  # line 2: +1 per overtrick (and per Nil-bidder trick in quick)
    nil_points: int  # line 3: Nil and Blind Nil bonuses and penalties
    bag_penalty: int  # line 4: <= 0
    hand_total: int  # line 5
    bags: int  # the team's bag counter after the hand
    new_bags: int  # bags banked this hand (before any penalty)

    def to_dict(self, **extra: int) -> dict[str, Any]:
        """The fields as a dict (plus ``extra``, e.g. the running ``total``)."""
        return {"contract": self.contract, "tricks": self.tricks, "made": self.made,
                "contract_points": self.contract_points, "bag_points": self.bag_points,
                "nil_points": self.nil_points, "bag_penalty": self.bag_penalty,
                "hand_total": self.hand_total, "bags": self.bags, "new_bags": self.new_bags,
                **extra}


def _bid_code(bid: Bid | None) -> int:
    if bid is None:
        raise ValueError("Every seat must have bid before a hand is scored.")
    if isinstance(bid, str):
        text = bid.strip().lower()
        if text == "nil":
            return NIL_BID
        if text == "blind nil":
            return BLIND_NIL_BID
        raise ValueError(f"{bid!r} is not a bid.")
    if isinstance(bid, bool) or not isinstance(bid, int) or not BLIND_NIL_BID <= bid <= MAX_BID:
        raise ValueError(f"{bid!r} is not a bid (0..{MAX_BID}, 'nil' or 'blind nil').")
    return bid


def score_team(
    rules: RuleSet, bids: tuple[int, ...], tricks: tuple[int, ...], bags: int
) -> TeamScore:
    """Score one side from its players' bid codes and tricks (two partners, or one
    player alone), and its bag counter."""
    contract = sum(b for b in bids if b > 0)
    nil_points = 0
    nil_tricks = 0
    for bid, took in zip(bids, tricks, strict=True):
        if bid <= 0:
            value = rules.blind_nil_value if bid == BLIND_NIL_BID else rules.nil_value
            nil_points += value if took == 0 else -value
            nil_tricks += took
    total_tricks = sum(tricks)
    if rules.nil_tricks_count_for_partner:
        counted, extra = total_tricks, 0
    else:
        counted, extra = total_tricks - nil_tricks, nil_tricks
    made = counted >= contract
    if made:
        per_trick = 20 if rules.ten_for_two_hundred and contract >= 10 else 10
        contract_points = per_trick * contract
        overtricks = counted - contract
    else:
        contract_points = -10 * contract
        overtricks = 0
    new_bags = overtricks + extra
    bag_points = new_bags
    penalty = 0
    if rules.bag_penalty:
        bags += new_bags
        while bags >= rules.bag_limit:
            penalty -= rules.bag_penalty_points
            bags -= rules.bag_limit
    hand_total = contract_points + bag_points + nil_points + penalty
    return TeamScore(contract, total_tricks, made, contract_points, bag_points, nil_points,
                     penalty, hand_total, bags, new_bags)


def score_sides(rules: RuleSet, codes: Sequence[int], won: Sequence[int],
                bags: Sequence[int]) -> tuple[TeamScore, ...]:
    """Every side's score for one hand from the bid codes and tricks by seat and the
    bag counters by side (what the engine calls at a hand's end)."""
    return tuple(score_team(rules, tuple(codes[s] for s in seats),
                            tuple(won[s] for s in seats), bags[i])
                 for i, seats in enumerate(rules.teams))


def score_hand(
    rules: RuleSet,
    bids: Sequence[Bid],
    tricks: Sequence[int],
    bags: Sequence[int] | None = None,
) -> tuple[TeamScore, ...]:
    """Score a hand for every side (two teams, three teams, or each solo player).

    ``bids`` and ``tricks`` are in seat order (four partners: South, West, North, East);
    a bid is an int 1..13 (17), 0 or ``"nil"`` for Nil, or ``"blind nil"``. ``bags``
    are the sides' counters before the hand (default all 0). Sides are ``rules.teams``:
    four partners, team 0 is South + North, team 1 West + East.
    """
    seats, sides = rules.seats, len(rules.teams)
    if len(bids) != seats or len(tricks) != seats:
        word = _COUNT_WORDS.get(seats, seats)
        raise ValueError(f"score_hand needs {word} bids and {word} trick counts, in seat "
                         "order.")
    codes = [_bid_code(b) for b in bids]
    for bid, code in zip(bids, codes, strict=True):
        if code > rules.tricks_per_hand:
            raise ValueError(f"{bid!r} is not a bid here: a hand has "
                             f"{rules.tricks_per_hand} tricks.")
    if any(isinstance(t, bool) or not isinstance(t, int) or t < 0 for t in tricks):
        raise ValueError("Trick counts must be whole numbers from 0.")
    if sum(tricks) != rules.tricks_per_hand:
        raise ValueError(f"The {_COUNT_WORDS.get(seats, seats)} trick counts must add up to "
                         f"{rules.tricks_per_hand}, not {sum(tricks)}.")
    if bags is None:
        bags = (0,) * sides
    if len(bags) != sides:
        raise ValueError(f"score_hand needs {sides} bag counters, one per side.")
    return score_sides(rules, codes, tricks, bags)


_COUNT_WORDS = {2: "two", 3: "three", 4: "four", 6: "six"}


def match_outcome(rules: RuleSet, scores: Sequence[int], hands_played: int) -> Outcome:
    """``None`` while the game goes on, else the winning side (its index) or ``"draw"``.

    The game ends after a hand in which a side reaches the target or falls to the
    losing score; the highest total wins and a tie for first plays another hand. With a
    hand cap, once that many hands are scored the game ends anyway and a tie for first
    is a draw.
    """
    if len(scores) == 2:  # two sides (four partners, two-handed), written out
        s0, s1 = scores[0], scores[1]
        leader: Outcome = 0 if s0 > s1 else 1 if s1 > s0 else None
        reached = s0 >= rules.target_score or s1 >= rules.target_score
        floored = rules.losing_score is not None and min(s0, s1) <= rules.losing_score
    else:
        best = max(scores)
        leader = scores.index(best) if list(scores).count(best) == 1 else None
        reached = best >= rules.target_score
        floored = rules.losing_score is not None and min(scores) <= rules.losing_score
    if (reached or floored) and leader is not None:
        return leader
    if rules.max_hands is not None and hands_played >= rules.max_hands:
        return "draw" if leader is None else leader
    return None


def standings(scores: Sequence[int]) -> list[int]:
    """The sides from first to last by total; equal totals keep side order."""
    return sorted(range(len(scores)), key=lambda side: -scores[side])
