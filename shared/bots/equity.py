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

POINTS_PER_HAND = 70.0  # how far a leading team moves toward the target per hand
SPREAD_PER_HAND = 90.0  # standard deviation of one hand's score difference
BAGS_PER_HAND = 1.5
TIE_BREAK = 1e-4  # per raw point of the hand


def hands_left(rules: RuleSet, scores: tuple[int, int], hands_played: int) -> float:
    """Expected hands still to play after one with these totals."""
    lead = max(scores)
    n = 1.0 + max(0.0, rules.target_score - lead) / POINTS_PER_HAND
    if rules.losing_score is not None:
        n = min(n, 1.0 + max(0.0, min(scores) - rules.losing_score) / POINTS_PER_HAND * 1.5)
    if rules.max_hands is not None:
        n = min(n, float(max(0, rules.max_hands - hands_played)))
    return n


def win_chance(rules: RuleSet, team: int, scores: tuple[int, int], bags: tuple[int, int],
               hands_played: int) -> float:
    """The chance that ``team`` wins the game from these totals (between hands)."""
    outcome = match_outcome(rules, scores, hands_played)
    if outcome is not None:
        if outcome == "draw":
            return 0.5
        return 1.0 if outcome == team else 0.0
    n = hands_left(rules, scores, hands_played)
    diff = float(scores[team] - scores[1 - team])
    if rules.bag_penalty:
        per_bag = rules.bag_penalty_points / rules.bag_limit
        share = min(1.0, n * BAGS_PER_HAND / rules.bag_limit)
        diff -= per_bag * share * (bags[team] - bags[1 - team])
    if n <= 0:
        return 0.5 + 0.5 * math.copysign(1.0, diff) if diff else 0.5
    z = diff / (SPREAD_PER_HAND * math.sqrt(n))
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


class HandScorer:
    """Values of final trick counts for one team, cached (a hand has few outcomes)."""

    def __init__(self, rules: RuleSet, bids: tuple[int, int, int, int], team: int,
                 scores: tuple[int, int], bags: tuple[int, int], hands_played: int,
                 raw: bool = False) -> None:
        self.rules = rules
        self.bids = bids
        self.team = team
        self.scores = scores
        self.bags = bags
        self.hands_played = hands_played
        self.raw = raw
        self.cache: dict[tuple[int, ...], float] = {}

    def points(self, won: list[int] | tuple[int, ...]) -> tuple[int, int, int, int]:
        """(team 0 hand points, team 1 hand points, team 0 bags, team 1 bags) after."""
        r, b = self.rules, self.bids
        t0 = score_team(r, (b[0], b[2]), (won[0], won[2]), self.bags[0])
        t1 = score_team(r, (b[1], b[3]), (won[1], won[3]), self.bags[1])
        return t0.hand_total, t1.hand_total, t0.bags, t1.bags

    def value(self, won: list[int]) -> float:
        key = (won[0], won[1], won[2], won[3])
        v = self.cache.get(key)
        if v is None:
            p0, p1, b0, b1 = self.points(key)
            mine, theirs = (p0, p1) if self.team == 0 else (p1, p0)
            if self.raw:
                v = float(mine - theirs)
            else:
                scores = (self.scores[0] + p0, self.scores[1] + p1)
                v = win_chance(self.rules, self.team, scores, (b0, b1), self.hands_played + 1)
                v += TIE_BREAK * (mine - theirs)
            self.cache[key] = v
        return v
