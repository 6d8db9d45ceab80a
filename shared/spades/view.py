"""Per-seat views: the only way game information leaves the engine for a player.

A ``SeatView`` holds the seat's own hand (none while a Blind Nil decision is pending, and
none for a spectator) and public information only: bids, the trick on the table and who
played what, completed tricks of this hand, scores, bags, the rules, the legal actions,
why each unplayable card is unplayable, the deal commitment, the score history and the
review of the last finished hand (whose hands become public when it ends).

Any seat count (``rules.players``): ``bids``, ``tricks_won`` follow the seats, and
``scores``, ``bags``, each record's ``teams`` and the review's ``score`` the sides
(``teams``). In the two-handed draw a seat's ``draw`` shows the stock's top card to
the seat to act only; nobody's view holds a discard until the review.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import bid_text
from .cards import ALL_CODES, codes_of
from .deal import commitment
from .scoring import standings

if TYPE_CHECKING:
    from .state import GameState


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat (or a spectator, ``seat is None``) may know. Read-only."""

    seat: int | None
    hand: list[str]  # own cards, in card order; empty for spectators / hidden hands
    hand_hidden: bool  # a Blind Nil decision is pending: the cards are not shown yet
    phase: str
    hand_no: int
    dealer: int
    to_act: int | None
    bids: list[int | str | None]
    tricks_won: list[int]
    trick: list[list[Any]]  # [[seat, card], ...] in play order
    leader: int
    last_trick: dict[str, Any] | None
    tricks: list[dict[str, Any]]  # completed tricks of this hand
    spades_broken: bool
    scores: list[int]
    bags: list[int]
    rules: dict[str, Any]
    legal: list[str]
    unplayable: dict[str, str]
    commitment: str
    history: list[dict[str, Any]]
    review: dict[str, Any] | None
    passing: dict[str, Any] | None
    over: bool
    outcome: int | str | None  # the winning side (an index of teams), "draw" or None
    teams: list[list[int]]  # the scoring sides' seats, as RuleSet.teams
    standings: list[int]  # the sides from first to last by total
    draw: dict[str, Any] | None  # two-handed, while drawing: {"card", "stock"}

    @property
    def partner(self) -> int | None:
        """The partner's seat; None for a spectator and in a solo game."""
        if self.seat is None:
            return None
        side = next(team for team in self.teams if self.seat in team)
        return next((s for s in side if s != self.seat), None)

    def to_dict(self) -> dict[str, Any]:
        """JSON/msgpack-safe copy."""
        return {name: getattr(self, name) for name in self.__slots__}


def _trick_dict(trick: tuple[int, tuple[int, ...], int], seats: int) -> dict[str, Any]:
    leader, cards, winner = trick
    return {
        "leader": leader,
        "cards": [[(leader + i) % seats, ALL_CODES[c]] for i, c in enumerate(cards)],
        "winner": winner,
    }


# The game keeps one score record per hand and one review, shared by every later game
# value. Views and saves are handed to other code, which may change them, so they get
# copies. The copies follow the known shapes (built in game.py): a generic deep copy
# cost ten times more, and views are built for every seat on every action.

def copy_record(record: dict[str, Any]) -> dict[str, Any]:
    """A copy of one hand's score record that shares nothing changeable."""
    return {**record, "bids": list(record["bids"]), "tricks": list(record["tricks"]),
            "teams": [dict(team) for team in record["teams"]]}


def copy_review(review: dict[str, Any] | None) -> dict[str, Any] | None:
    """A copy of a hand review that shares nothing changeable."""
    if review is None:
        return None
    if "stock" in review:
        return {**_copy_review(review), "stock": list(review["stock"]),
                "discards": [list(cards) for cards in review["discards"]]}
    return _copy_review(review)


def _copy_review(review: dict[str, Any]) -> dict[str, Any]:
    return {
        **review,
        "dealt": [list(cards) for cards in review["dealt"]],
        "passes": [[list(gave), list(got)] for gave, got in review["passes"]],
        "bids": list(review["bids"]),
        "tricks": [[lead, list(cards), win] for lead, cards, win in review["tricks"]],
        "score": [dict(team) for team in review["score"]],
    }


# The fields of a view that depend on the seat; all others are the same for every seat
# and for spectators (``public_part``).
SEAT_KEYS = ("seat", "hand", "hand_hidden", "legal", "unplayable", "passing", "draw")


def seat_part(game: GameState, seat: int | None, reasons: bool = True) -> dict[str, Any]:
    """The ``SEAT_KEYS`` fields of ``seat``'s view (None: a spectator's). Only ``seat``'s
    own cards are read. ``reasons=False`` leaves ``unplayable`` empty (for a caller that
    shows the reasons only on the seat's turn)."""
    if seat is None:
        return {"seat": None, "hand": [], "hand_hidden": False, "legal": [],
                "unplayable": {}, "passing": None, "draw": None}
    hidden = not game.looked[seat] and game.bids[seat] is None
    hand_mask = 0 if hidden else game.hands[seat]
    unplayable: dict[str, str] = {}
    if reasons and hand_mask and game.phase != "over":
        unplayable = {ALL_CODES[card]: reason
                      for card, reason in game.unplayable(seat).items()}
    passing = None
    if game.pass_queue or any(game.passes[seat]):
        gave, got = game.passes[seat]
        due = [{"from": g, "to": r, "count": n} for g, r, n in game.pass_queue]
        passing = {"gave": codes_of(gave), "got": codes_of(got), "due": due}
    draw = None
    if game.phase == "drawing":
        top = game.stock_top if seat == game.to_act else None
        draw = {"card": None if top is None else ALL_CODES[top], "stock": game.stock_left}
    return {"seat": seat, "hand": codes_of(hand_mask), "hand_hidden": hidden,
            "legal": [str(a) for a in game.legal_actions(seat)], "unplayable": unplayable,
            "passing": passing, "draw": draw}


# The public fields that change only when a hand ends or a new one is dealt.
HAND_KEYS = ("rules", "commitment", "history", "review", "teams", "standings")


def public_part(game: GameState, same_hand: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Every field of a view except ``SEAT_KEYS``: the same for all seats and spectators.
    ``same_hand``: the public part of an earlier state of the same hand of this game,
    whose ``HAND_KEYS`` are taken as they are (shared, not copied: for a caller that
    changes neither)."""
    if same_hand is not None:
        hand = {key: same_hand[key] for key in HAND_KEYS}
    else:
        hand = {"rules": game.rules.to_dict(), "commitment": commitment(game.deal_seed),
                "history": [copy_record(h) for h in game.history],
                "review": copy_review(game.review),
                "teams": [list(team) for team in game.rules.teams],
                "standings": standings(game.scores)}
    seats = game.seats
    tricks = [_trick_dict(t, seats) for t in game.tricks]
    return {
        "phase": game.phase,
        "hand_no": game.hand_no,
        "dealer": game.dealer,
        "to_act": game.to_act,
        "bids": [bid_text(b) for b in game.bids],
        "tricks_won": list(game.tricks_won),
        "trick": [[s, ALL_CODES[c]] for s, c in game.trick],
        "leader": game.leader,
        "last_trick": tricks[-1] if tricks else None,
        "tricks": tricks,
        "spades_broken": game.broken,
        "scores": list(game.scores),
        "bags": list(game.bags),
        "rules": hand["rules"],
        "commitment": hand["commitment"],
        "history": hand["history"],
        "review": hand["review"],
        "over": game.phase == "over",
        "outcome": game.outcome,
        "teams": hand["teams"],
        "standings": hand["standings"],
    }


def build(game: GameState, seat: int | None,
          same_hand: Mapping[str, Any] | None = None) -> SeatView:
    """``seat``'s view (None: a spectator's); ``same_hand`` as for ``public_part``."""
    return SeatView(**seat_part(game, seat), **public_part(game, same_hand))
