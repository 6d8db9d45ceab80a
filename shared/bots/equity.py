"""Scoring a finished hand by match equity: the chance to win the game from there.

The searching bots do not maximise raw points. A hand's result (tricks per seat) is
scored with the engine's own rules (contract, Nil, bags and the bag penalty), added to
the game score, and turned into a win probability:

* a game that is over is worth 1, 0 or 1/2;
* otherwise the lead, with each banked bag counted at the part of its future penalty
  the rest of the game is likely to collect, is divided by the spread of the hands
  still to come (about 90 points a hand) and read off a normal curve.

A tiny raw-points term breaks ties when the game is out of reach either way.
"""

from __future__ import annotations

import math

from shared.spades.rules import RuleSet
from shared.spades.scoring import match_outcome, score_team

from .table import PARTNERSHIP4, Table

POINTS_PER_HAND = 70.0  # how far a leading team moves toward the target per hand
SPREAD_PER_HAND = 90.0  # standard deviation of one hand's score difference
BAGS_PER_HAND = 1.5
TIE_BREAK = 1e-4  # per raw point of the hand


def side_share(table: Table) -> float:
    """A side's share of a hand's tricks against a partnership's in the four-seat game
    (6.5 of 13): a cutthroat player moves half as far per hand, and by half as much."""
    return table.hand_size / len(table.teams) / 6.5


def hands_left(rules: RuleSet, scores: tuple[int, ...], hands_played: int,
               share: float = 1.0) -> float:
    """Expected hands still to play after one with these totals (``share``: see
    :func:`side_share`)."""
    lead = max(scores)
    per_hand = POINTS_PER_HAND * share
    n = 1.0 + max(0.0, rules.target_score - lead) / per_hand
    if rules.losing_score is not None:
        n = min(n, 1.0 + max(0.0, min(scores) - rules.losing_score) / per_hand * 1.5)
    if rules.max_hands is not None:
        n = min(n, float(max(0, rules.max_hands - hands_played)))
    return n


def win_chance(rules: RuleSet, team: int, scores: tuple[int, ...], bags: tuple[int, ...],
               hands_played: int, share: float = 1.0) -> float:
    """The chance that side ``team`` wins the game from these totals (between hands).
    With more than two sides, against the best of the others (a solo game is won by
    beating the leader)."""
    outcome = match_outcome(rules, scores, hands_played)
    if outcome is not None:
        if outcome == "draw":
            return 0.5
        return 1.0 if outcome == team else 0.0
    n = hands_left(rules, scores, hands_played, share)
    bag_cost = 0.0
    if rules.bag_penalty:
        per_bag = rules.bag_penalty_points / rules.bag_limit
        # The part of the penalty the hands left are likely to collect (its own name:
        # ``share`` scales the spread below).
        collected = min(1.0, n * BAGS_PER_HAND / rules.bag_limit)
        bag_cost = per_bag * collected
    if len(scores) == 2:
        diff = float(scores[team] - scores[1 - team]) - bag_cost * (bags[team] - bags[1 - team])
    else:
        mine = scores[team] - bag_cost * bags[team]
        diff = mine - max(scores[t] - bag_cost * bags[t] for t in range(len(scores))
                          if t != team)
    if n <= 0:
        return 0.5 + 0.5 * math.copysign(1.0, diff) if diff else 0.5
    z = diff / (SPREAD_PER_HAND * share * math.sqrt(n))
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


class HandScorer:
    """Values of final trick counts for one side, cached (a hand has few outcomes).
    ``table`` gives the sides (the four-seat partnership game by default)."""

    def __init__(self, rules: RuleSet, bids: tuple[int, ...], team: int,
                 scores: tuple[int, ...], bags: tuple[int, ...], hands_played: int,
                 raw: bool = False, table: Table = PARTNERSHIP4) -> None:
        self.rules = rules
        self.bids = bids
        self.team = team
        self.scores = scores
        self.bags = bags
        self.hands_played = hands_played
        self.raw = raw
        self.teams = table.teams
        self.share = side_share(table)
        self.cache: dict[tuple[int, ...], float] = {}

    def points(self, won: list[int] | tuple[int, ...]) -> tuple[list[int], list[int]]:
        """(hand points by side, bag counters by side after the hand)."""
        r, b = self.rules, self.bids
        totals: list[int] = []
        bags: list[int] = []
        for i, members in enumerate(self.teams):
            if len(members) == 2:
                s0, s1 = members
                t = score_team(r, (b[s0], b[s1]), (won[s0], won[s1]), self.bags[i])
            else:
                s0 = members[0]
                t = score_team(r, (b[s0],), (won[s0],), self.bags[i])
            totals.append(t.hand_total)
            bags.append(t.bags)
        return totals, bags

    def value(self, won: list[int]) -> float:
        key = tuple(won)
        v = self.cache.get(key)
        if v is None:
            totals, bags = self.points(key)
            mine = totals[self.team]
            theirs: float = max(p for i, p in enumerate(totals) if i != self.team)
            if len(totals) > 2:  # solo: the raw term weighs the hand against the others'
                theirs = sum(p for i, p in enumerate(totals) if i != self.team) \
                    / (len(totals) - 1)
            if self.raw:
                v = float(mine - theirs)
            else:
                scores = tuple(s + p for s, p in zip(self.scores, totals, strict=True))
                v = win_chance(self.rules, self.team, scores, tuple(bags),
                               self.hands_played + 1, self.share)
                v += TIE_BREAK * (mine - theirs)
            self.cache[key] = v
        return v
