"""What the archive keeps of one finished game, and its hands rebuilt by the engine.

A ``GameRecord`` holds what the issue lists: the rules, the game's seed (every hand's
deal seed and commitment follow from it), the first dealer, the seats, every action in
order, the result and the times. The hand-by-hand detail (the cards as dealt, bids,
tricks, scores) is not stored beside it but rebuilt by ``replay_hands``, which replays
the actions with the engine: so what a page shows is what the engine says the actions
meant, and a record whose actions do not replay is refused (``ValueError``).

Seats and sides are the engine's, never assumed: ``seat_sides(rules)`` is the rules'
``RuleSet.teams`` (two partnerships, three for six players, one side per seat in the
solo formats), and ``totals`` and ``winner`` index those sides. ``side_places`` gives
each side's place (equal totals share it); ``GameRecord.standings`` each seat's side,
place and ``won``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from shared.spades import Game, RuleSet

__all__ = ["GameRecord", "SeatRecord", "SeatStanding", "bid_value", "replay_hands",
           "seat_sides", "seat_standings", "side_places"]


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat of an archived game: who played it as the table showed them.

    ``pid`` is the player id (a guest's or an account's; None for a bot's seat),
    ``account`` the account name when ``pid`` is an account's, ``bot`` the bot level
    when a bot played the seat at the end (``left`` then says a person had left it).
    """

    seat: int
    name: str
    pid: str | None = None
    account: str | None = None
    bot: str | None = None
    left: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "pid": self.pid,
                "account": self.account, "bot": self.bot, "left": self.left}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatRecord:
        return cls(int(data["seat"]), str(data["name"]), data.get("pid"), data.get("account"),
                   data.get("bot"), bool(data.get("left", False)))


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game. ``id`` is ``<table id>.<game number>``; times are ms since
    the epoch (UTC); ``winner`` the winning side or None for a draw; ``totals`` one
    score per side."""

    id: str
    kind: str
    private: bool
    rules: dict[str, Any]
    seed: int
    first_dealer: int
    started_ms: int
    ended_ms: int
    seats: tuple[SeatRecord, ...]
    actions: tuple[tuple[int, str], ...]
    winner: int | None
    totals: tuple[int, ...]
    hands_played: int
    opening: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # room for later fields

    @classmethod
    def from_game(cls, game_id: str, kind: str, private: bool, game: Game,
                  seats: Sequence[SeatRecord], started_ms: int, ended_ms: int) -> GameRecord:
        """The record of a finished ``game`` (it must be over and carry its events)."""
        if not game.over:
            raise ValueError("only a finished game is archived")
        outcome = game.outcome
        return cls(id=game_id, kind=kind, private=private, rules=game.rules.to_dict(),
                   seed=game.seed, first_dealer=game.first_dealer, started_ms=started_ms,
                   ended_ms=ended_ms, seats=tuple(seats), actions=tuple(game.events),
                   winner=outcome if isinstance(outcome, int) else None,
                   totals=tuple(game.scores), hands_played=game.hands_played,
                   opening=game.opening)

    def replay(self) -> Game:
        """The game rebuilt from the record's rules, seed, dealer and actions."""
        return Game.replay(RuleSet.from_dict(self.rules), self.seed, self.first_dealer,
                           list(self.actions), self.opening)

    def sides(self) -> list[list[int]]:
        """The seats of each side, as the engine scored them (``totals`` follows)."""
        return seat_sides(self.rules)

    def standings(self) -> list[SeatStanding]:
        """Each seat's side, place and result, in seat order (see ``SeatStanding``)."""
        return seat_standings(self.rules, self.totals, self.winner)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "private": self.private,
                "rules": self.rules, "seed": self.seed, "first_dealer": self.first_dealer,
                "started_ms": self.started_ms, "ended_ms": self.ended_ms,
                "seats": [s.to_dict() for s in self.seats],
                "actions": [[seat, action] for seat, action in self.actions],
                "winner": self.winner, "totals": list(self.totals),
                "hands_played": self.hands_played, "opening": self.opening,
                "extra": self.extra}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        return cls(id=data["id"], kind=data["kind"], private=bool(data["private"]),
                   rules=dict(data["rules"]), seed=int(data["seed"]),
                   first_dealer=int(data["first_dealer"]), started_ms=int(data["started_ms"]),
                   ended_ms=int(data["ended_ms"]),
                   seats=tuple(SeatRecord.from_dict(s) for s in data["seats"]),
                   actions=tuple((int(s), str(a)) for s, a in data["actions"]),
                   winner=data["winner"], totals=tuple(int(t) for t in data["totals"]),
                   hands_played=int(data["hands_played"]), opening=data.get("opening"),
                   extra=dict(data.get("extra") or {}))


@dataclass(frozen=True, slots=True)
class SeatStanding:
    """Where one seat finished. ``side``: its index in the sides (and ``totals``);
    ``place``: 1 for first, equal totals sharing a place (``side_places``); ``won``:
    True for the winning side's seats, False for every other seat, and None for the
    seats tied for first when the game ended drawn (the hand cap reached with a tie
    for first: the engine's only draw). In the solo formats a seat is a side, so only
    the one seat that finished first won."""

    seat: int
    side: int
    place: int
    won: bool | None


def seat_sides(rules: dict[str, Any]) -> list[list[int]]:
    """The seats of each side of a game played under ``rules`` (``RuleSet.to_dict``),
    as the engine scores them: ``RuleSet.teams``."""
    return [list(team) for team in RuleSet.from_dict(rules).teams]


def seat_standings(rules: dict[str, Any], totals: Sequence[int],
                   winner: int | None) -> list[SeatStanding]:
    """Each seat's ``SeatStanding``, in seat order, of a game played under ``rules``
    that ended with ``totals`` (one per side) and ``winner`` (a side, None: a draw)."""
    places = side_places(totals)
    out = []
    for side, seats in enumerate(seat_sides(rules)):
        won = (side == winner if winner is not None
               else None if places[side] == 1 else False)
        out += [SeatStanding(seat, side, places[side], won) for seat in seats]
    return sorted(out, key=lambda standing: standing.seat)


def side_places(totals: Sequence[int]) -> list[int]:
    """Each side's place by its total, 1 first: one more than the number of sides with
    a higher total, so equal totals share a place (``[50, 80, 50, 10]`` -> ``[2, 1, 2,
    4]``), as the game-over sheet shows the engine's ``standings``."""
    return [1 + sum(other > total for other in totals) for total in totals]


def bid_value(bid: int | str | None) -> int | str | None:
    """A bid as the archive's JSON writes it: an int, ``"nil"`` or ``"blind_nil"``."""
    if isinstance(bid, str):
        return bid.replace(" ", "_")
    return bid


def replay_hands(record: GameRecord) -> list[dict[str, Any]]:
    """Every hand of the game, replayed: ``{no, dealer, deal_seed, commitment, hands
    (the cards as dealt, per seat), bids [{seat, bid}] in bidding order, tricks
    [{leader, cards, winner}], score [per side {bid, took, made, contract_points,
    bag_points, nil_points, bag_penalty, new_bags, points, bags, total}], nil,
    new_bags}``: ``bid`` is the side's contract (its numeric bids summed), ``took`` the
    tricks its seats took (Nil bidders' included), ``made`` whether the contract was
    made, then the score lines (``contract_points``, ``bag_points``, ``nil_points``,
    ``bag_penalty``) whose sum is ``points``, the hand's total for the side;
    ``new_bags`` the bags banked this hand, ``bags`` its bag counter after the hand
    (after any penalty), ``total`` its running score; ``nil`` and ``new_bags`` (the bags
    banked this hand) are also given per side beside ``score``.

    Raises ValueError when the actions do not replay, or when the replay ends with
    another result than the record's (the record would then be lying).
    """
    game = Game.replay(RuleSet.from_dict(record.rules), record.seed, record.first_dealer,
                       [], record.opening)
    n = len(record.seats)
    hands: list[dict[str, Any]] = []
    order: list[int] = []  # the seats in the order they bid this hand
    for seat, action in record.actions:
        if action.startswith("bid"):
            order.append(seat)
        try:
            game = game.apply(seat, action)
        except Exception as err:  # the engine's typed errors: the record is bad
            raise ValueError(f"action {len(order)}: {seat} {action!r}: {err}") from err
        if game.hands_played > len(hands):
            review = game.review
            assert review is not None
            hands.append(_hand(review, order, n))
            order = []
    if not game.over or tuple(game.scores) != tuple(record.totals):
        raise ValueError(f"the actions replay to {list(game.scores)} "
                         f"({'over' if game.over else 'not over'}), "
                         f"not the record's {list(record.totals)}")
    return hands


def _hand(review: dict[str, Any], order: list[int], n: int) -> dict[str, Any]:
    bids = review["bids"]
    bid_order = order if len(order) == n else [(review["dealer"] + 1 + i) % n for i in range(n)]
    return {
        "no": review["hand"],
        "dealer": review["dealer"],
        "deal_seed": review["deal_seed"],
        "commitment": review["commitment"],
        "hands": review["dealt"],
        "bids": [{"seat": s, "bid": bid_value(bids[s])} for s in bid_order],
        "tricks": [{"leader": lead, "cards": cards, "winner": win}
                   for lead, cards, win in review["tricks"]],
        "score": [{"bid": t["contract"], "took": t["tricks"], "made": t["made"],
                   "contract_points": t["contract_points"], "bag_points": t["bag_points"],
                   "nil_points": t["nil_points"], "bag_penalty": t["bag_penalty"],
                   "new_bags": t["new_bags"], "points": t["hand_total"],
                   "bags": t["bags"], "total": t["total"]} for t in review["score"]],
        "nil": [t["nil_points"] for t in review["score"]],
        "new_bags": [t["new_bags"] for t in review["score"]],
    }
