"""Which bids a seat may make, and why the others are refused.

Everything here is a pure function of the rules, the partner's bid (if made; always
``None`` in a solo game), how many spades the seat holds and whether it has looked at its
cards. A seat that has not
looked (Blind Nil is open to it) may only bid Blind Nil or look.

Bid codes: 1..13 numeric (1..17 in the 17-trick formats), ``NIL_BID`` (0),
``BLIND_NIL_BID`` (-1).
"""

from __future__ import annotations

from functools import lru_cache

from .actions import BLIND_NIL_BID, NIL_BID, Action, bid_action
from .reasons import (
    BID_TOO_HIGH,
    BLIND_NIL_BEFORE_LOOK,
    BLIND_NIL_OFF,
    BLIND_NIL_OPENER,
    BLIND_NIL_TRAILING,
    BLIND_NIL_TRAILING_SOLO,
    LOOK_FIRST,
    MIRROR_COUNT,
    MIRROR_NIL,
    NIL_AFTER_PARTNER,
    NO_DOUBLE_NIL,
    SUICIDE_AT_LEAST_4,
    SUICIDE_FIRST,
    SUICIDE_NIL,
    TEAM_MINIMUM,
    WHIZ_COUNT,
    WHIZ_NIL,
)
from .rules import RuleSet

ALL_BID_CODES = (NIL_BID, *range(1, 14), BLIND_NIL_BID)  # of the 13-trick formats


def bid_codes(rules: RuleSet) -> tuple[int, ...]:
    """Every bid code of the format: Nil, 1 to the tricks of a hand, Blind Nil."""
    return (NIL_BID, *range(1, rules.tricks_per_hand + 1), BLIND_NIL_BID)


def _nil_problem(rules: RuleSet, partner_bid: int | None) -> str | None:
    if partner_bid is None:
        return None
    if not rules.nil_after_partner:
        return NIL_AFTER_PARTNER()
    if partner_bid <= 0 and not rules.double_nil:
        return NO_DOUBLE_NIL()
    return None


def bid_problem(
    rules: RuleSet, partner_bid: int | None, spades: int, looked: bool, code: int
) -> str | None:
    """``None`` if the bid is allowed, else the sentence that says why not.

    Blind Nil's own eligibility (mode, trailing, opening bidder) is the caller's: a seat
    with ``looked=False`` is one to which Blind Nil was open when the hand was dealt.
    """
    is_nil = code <= 0
    mode = rules.bidding
    if code > rules.tricks_per_hand:
        return BID_TOO_HIGH(count=rules.tricks_per_hand)
    if not looked:
        # The hand is unseen, so nothing here may depend on it (spades is not used).
        if code != BLIND_NIL_BID:
            return LOOK_FIRST()
        if mode == "suicide":
            if partner_bid is not None and partner_bid <= 0:
                return SUICIDE_AT_LEAST_4()
            return None
        return _nil_problem(rules, partner_bid)
    if code == BLIND_NIL_BID:
        return BLIND_NIL_BEFORE_LOOK()
    if mode == "suicide":
        if partner_bid is None:
            if not is_nil and code < 4:
                return SUICIDE_FIRST()
        elif partner_bid <= 0:
            if is_nil or code < 4:
                return SUICIDE_AT_LEAST_4()
        elif not is_nil:
            return SUICIDE_NIL(bid=partner_bid)
        return None
    if mode == "mirror":
        if spades == 0:
            return None if code == NIL_BID else MIRROR_NIL()
        if code != spades:
            return MIRROR_COUNT(count=spades)
        return None
    if mode == "whiz":
        if spades == 0:
            if code in (NIL_BID, BLIND_NIL_BID):
                return None
            return WHIZ_NIL()
        if not is_nil and code != spades:
            return WHIZ_COUNT(count=spades)
    if is_nil:
        return _nil_problem(rules, partner_bid)
    if rules.min_team_bid and partner_bid is not None and partner_bid > 0:
        need = rules.min_team_bid - partner_bid
        if code < need:
            return TEAM_MINIMUM(total=rules.min_team_bid, need=need)
    return None


@lru_cache(maxsize=4096)
def legal_bids(
    rules: RuleSet, partner_bid: int | None, spades: int, looked: bool
) -> tuple[Action, ...]:
    """The bid actions allowed, Nil first, then 1..13 (or 17), then Blind Nil."""
    return tuple(
        bid_action(code)
        for code in bid_codes(rules)
        if bid_problem(rules, partner_bid, spades, looked, code) is None
    )


def blind_nil_open(rules: RuleSet, seat: int, dealer: int, scores: tuple[int, ...]) -> bool:
    """Whether Blind Nil is open to ``seat`` for a hand about to be dealt. ``scores``
    are by side (``rules.teams``); "trailing" means the seat's side (in a solo game the
    player) is behind the best other side by at least ``blind_nil_margin``."""
    mode = rules.blind_nil
    if mode == "any":
        return True
    if mode == "opening_bidder":
        return seat == (dealer + 1) % rules.seats
    if mode == "trailing":
        side = rules.team_of(seat)
        leader = max(s for i, s in enumerate(scores) if i != side)
        return leader - scores[side] >= rules.blind_nil_margin
    return False


def blind_nil_closed_reason(
    rules: RuleSet, seat: int, dealer: int, scores: tuple[int, ...]
) -> str:
    """Why Blind Nil is not open to a seat that was never offered it this hand."""
    mode = rules.blind_nil
    if mode == "off":
        return BLIND_NIL_OFF()
    if mode == "opening_bidder":
        return BLIND_NIL_OPENER()
    if mode == "trailing":
        if rules.solo:
            return BLIND_NIL_TRAILING_SOLO(margin=rules.blind_nil_margin)
        return BLIND_NIL_TRAILING(margin=rules.blind_nil_margin)
    return BLIND_NIL_BEFORE_LOOK()
