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
from .rules import RuleSet

ALL_BID_CODES = (NIL_BID, *range(1, 14), BLIND_NIL_BID)  # of the 13-trick formats


def bid_codes(rules: RuleSet) -> tuple[int, ...]:
    """Every bid code of the format: Nil, 1 to the tricks of a hand, Blind Nil."""
    return (NIL_BID, *range(1, rules.tricks_per_hand + 1), BLIND_NIL_BID)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _nil_problem(rules: RuleSet, partner_bid: int | None) -> str | None:
    if partner_bid is None:
        return None
    if not rules.nil_after_partner:
        return "Nil is not offered once your partner has bid."
    if partner_bid <= 0 and not rules.double_nil:
        return "Your partner bid Nil, and double Nil is not allowed at this table."
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
        return (f"A hand has {rules.tricks_per_hand} tricks: bid at most "
                f"{rules.tricks_per_hand}.")
    if not looked:
        # The hand is unseen, so nothing here may depend on it (spades is not used).
        if code != BLIND_NIL_BID:
            return "Look at your cards first, or bid Blind Nil without looking."
        if mode == "suicide":
            if partner_bid is not None and partner_bid <= 0:
                return "Your partner bid Nil, so in suicide you must bid at least 4."
            return None
        return _nil_problem(rules, partner_bid)
    if code == BLIND_NIL_BID:
        return "Blind Nil must be bid before you look at your cards."
    if mode == "suicide":
        if partner_bid is None:
            if not is_nil and code < 4:
                return "In suicide the first partner to bid bids Nil or at least 4."
        elif partner_bid <= 0:
            if is_nil or code < 4:
                return "Your partner bid Nil, so in suicide you must bid at least 4."
        elif not is_nil:
            return f"Your partner bid {partner_bid}, so in suicide you must bid Nil."
        return None
    if mode == "mirror":
        if spades == 0:
            return None if code == NIL_BID else "In mirror, with no spades you must bid Nil."
        if code != spades:
            return f"In mirror you must bid your {_plural(spades, 'spade')}."
        return None
    if mode == "whiz":
        if spades == 0:
            if code in (NIL_BID, BLIND_NIL_BID):
                return None
            return "In whiz, with no spades you must bid Nil."
        if not is_nil and code != spades:
            return f"In whiz you must bid your {_plural(spades, 'spade')} or Nil."
    if is_nil:
        return _nil_problem(rules, partner_bid)
    if rules.min_team_bid and partner_bid is not None and partner_bid > 0:
        need = rules.min_team_bid - partner_bid
        if code < need:
            return (f"Your team must bid at least {rules.min_team_bid} together: "
                    f"bid {need} or more, or Nil.")
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
        return "Blind Nil is not played at this table."
    if mode == "opening_bidder":
        return "Only the player left of the dealer may bid Blind Nil."
    if mode == "trailing":
        if rules.solo:
            return (f"Blind Nil is only open to a player behind the leader by "
                    f"{rules.blind_nil_margin} or more.")
        return f"Blind Nil is only open to a team behind by {rules.blind_nil_margin} or more."
    return "Blind Nil must be bid before you look at your cards."
