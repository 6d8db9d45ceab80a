"""What a daily hand scores when its player leaves it, or the day closes on it.

The penalty is below anything the hand could have scored if played out, whoever played
it, so leaving a hand (to dodge a bad one, or after seeing it) never pays. In one hand
a side loses at most: its Blind Nil (or Nil) bidder's failure, its partner's failure (a
failed Nil, or the contract set, at most 13 tricks bid: -10 each), and one bag penalty
(only when the contract is made, so never together with a set; counted anyway). The
penalty is that sum plus one point, negated: -431 under the daily rules.
"""

from __future__ import annotations

from shared.spades import RuleSet

__all__ = ["abandoned_points"]

_MOST_TRICKS_BID = 13


def abandoned_points(rules: RuleSet) -> int:
    """The points of an abandoned hand under ``rules`` (a one-hand daily game)."""
    worst_bidder = max(rules.blind_nil_value, rules.nil_value, 10 * _MOST_TRICKS_BID)
    worst_partner = max(rules.nil_value, 10 * _MOST_TRICKS_BID)
    bag_penalty = rules.bag_penalty_points if rules.bag_penalty else 0
    return -(worst_bidder + worst_partner + bag_penalty + 1)
