"""What a daily hand scores when its player leaves it, or the day closes on it.

The penalty is below anything the hand could have scored if played out, whoever played
it, so leaving a hand (to dodge a bad one, or after seeing it) never pays. In one hand
a side loses at most, for each of its two players, a failed Blind Nil (or Nil, or the
contract set: at most 13 tricks bid, -10 each), plus the bag penalties 13 bags can
bring (bags score +1 each, counted as 0 here). The penalty is that sum plus one point,
negated: -501 under the daily rules (two failed Blind Nils and one bag penalty make
-490 at worst, with the bags' points).
"""

from __future__ import annotations

from shared.spades import RuleSet

__all__ = ["abandoned_points"]

_TRICKS = 13


def abandoned_points(rules: RuleSet) -> int:
    """The points of an abandoned hand under ``rules`` (a one-hand daily game)."""
    worst_player = max(rules.blind_nil_value, rules.nil_value, 10 * _TRICKS)
    bag_penalties = (_TRICKS // rules.bag_limit) * rules.bag_penalty_points \
        if rules.bag_penalty else 0
    return -(2 * worst_player + bag_penalties + 1)
