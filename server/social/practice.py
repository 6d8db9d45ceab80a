"""Practice tables: one person and bots in the other seats (as many as the rules' format
has: 2, 3, 4 or 6 seats), with Hint, Undo and Redo (issue 7).

Pure functions over ``Table`` (the connection reads and writes through the actor):

- ``practice_rules``: the rules of a practice game: a preset (the quick game to 250 by
  default), Blind Nil on or off as the person chose.
- ``create_practice``: the table, its bots of ``level`` and its game, which opens from
  a fresh deal, a lesson or practice position of ``shared.course`` (by id), or a raw
  position (a fixed deal, scores, bags and the moves so far).
- ``undo(table, log)``: the person's last decision and every bot move after it are
  taken back. The game is rebuilt with ``Game.replay`` from its rules, seed, first
  dealer, opening and the moves kept; ``log`` is the game's action log from Redis
  (``Store.game_events``), which the write replaces with the moves kept. The decision
  goes on the Redo stack.
- ``redo_action(table)``: the decision to play again (the connection applies it as the
  person's action, so it is logged and fanned out like any other; ``Table.act`` pops
  it from the stack). A different decision clears the stack.
- ``advice(table, pid, kind)``: the Tip (bidding) or the Hint (any decision) of
  ``shared.bots`` for the person's own view, with its reason.

Challenge offers no Hint, Undo or Redo; nor does any table but a practice one (Tip is
offered everywhere but at ranked tables). Moves of the opening position (``base``)
are never taken back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from server.errors import NO_SEAT_HERE, NOT_STARTED, GameNotOn, NotSeated
from server.tables.lobby import host_rules
from server.tables.model import BOT_NAMES, PRACTICE, RANKED, PracticeState, Seat, Table
from shared.bots import hint, tip
from shared.spades import Game, RuleSet, SpadesError

from .errors import InvalidPosition, NotOffered, NotYourDecision

__all__ = ["MAX_BAGS", "MAX_SCORE", "PRACTICE_PRESET", "Opening", "advice", "bag_bounds",
           "create_practice", "opening_from", "practice_rules", "redo_action", "score_bounds",
           "undo"]

Move = tuple[int, str]

PRACTICE_PRESET = "quick"  # the quick game against three computers: to 250, no Blind Nil
POSITION_PRESET = "standard"  # a position's rules when it names none (the game page's)
BLIND_NIL_MARGIN = 100  # practice's Blind Nil: offered to a side this far behind


def practice_rules(preset: str | None, blind_nil: bool | None = None,
                   fresh: bool = True) -> RuleSet:
    """The rules of a practice game: ``preset`` (when None: quick for a ``fresh`` game,
    standard for a position) with Blind Nil off (``blind_nil`` False) or offered to a
    side trailing by 100 or more (True; not in a format without Blind Nil: the
    two-handed draw, mirror bidding). None keeps the preset's own. Raises InvalidRules
    for a name that is no preset."""
    rules = host_rules(preset or (PRACTICE_PRESET if fresh else POSITION_PRESET), {})
    if blind_nil is None:
        return rules
    if not blind_nil:
        return replace(rules, blind_nil="off")
    if rules.players == 2 or rules.bidding == "mirror":
        return rules
    return replace(rules, blind_nil="trailing", blind_nil_margin=BLIND_NIL_MARGIN)


@dataclass(frozen=True, slots=True)
class Opening:
    """Where a practice game starts: the rules, the person's seat, the first dealer,
    the fixed first deal, scores and bags (``Game.opening``), and the moves already
    made (``base``)."""

    rules: RuleSet
    seat: int = 0
    dealer: int = 3
    opening: dict[str, Any] | None = None
    base: tuple[Move, ...] = ()
    scenario: str | None = None


def opening_from(rules: RuleSet, scenario: str | None = None,
                 position: Mapping[str, Any] | None = None, dealer: int = 3) -> Opening:
    """The opening a ``practice`` message asks for: a fresh game (``dealer`` deals
    first), a ``scenario`` of ``shared.course`` by id, or a raw ``position``
    ``{"deal", "scores", "bags", "dealer", "moves", "seat"}``. Raises InvalidPosition
    with the reason."""
    if scenario is not None:
        return _from_scenario(scenario)
    if position is None:
        return Opening(rules, dealer=dealer)
    try:
        dealer = _seat_value(position.get("dealer", rules.seats - 1), "dealer", rules.seats)
        seat = _seat_value(position.get("seat", 0), "seat", rules.seats)
        moves = position.get("moves", [])
        if not isinstance(moves, list) or len(moves) > 60:
            raise ValueError("moves must be a list of at most 60 actions")
        deal = position.get("deal")
        if moves and deal is None:
            raise ValueError("moves need a fixed deal")
        if deal is not None and not isinstance(deal, list):
            raise ValueError("the deal is a list of each seat's cards")
        sides = len(rules.teams)
        scores = _side_numbers(position.get("scores", [0] * sides), "scores", sides,
                               *score_bounds(rules))
        bags = _side_numbers(position.get("bags", [0] * sides), "bags", sides,
                             *bag_bounds(rules))
        game = Game.new(rules, 0, dealer, deal=deal, scores=scores, bags=bags)
        game = _play_moves(game, [str(m) for m in moves])
    except (SpadesError, ValueError, TypeError) as err:
        raise InvalidPosition(f"That position cannot be played: {err}") from None
    return Opening(rules, seat, dealer, game.opening, tuple(game.events))


MAX_SCORE = 10_000  # no game's score goes beyond this (the largest target is 10,000)
MAX_BAGS = 100  # nor its bag counter (the largest bag limit is 100)


def score_bounds(rules: RuleSet) -> tuple[int, int]:
    """The lowest and highest score a side may have at a practice position: the game
    is not over yet, so below the target and above the losing score (if any)."""
    low = -MAX_SCORE if rules.losing_score is None else rules.losing_score + 1
    return low, rules.target_score - 1


def bag_bounds(rules: RuleSet) -> tuple[int, int]:
    """The bag counter's bounds: below the bag limit when bags cost a penalty (the
    penalty would have been taken), else at most ``MAX_BAGS``."""
    return 0, (rules.bag_limit - 1 if rules.bag_penalty else MAX_BAGS)


def _side_numbers(values: object, what: str, sides: int, low: int, high: int
                  ) -> tuple[int, ...]:
    # Every number of a raw position is bounded before the engine or the table's
    # storage (msgpack: 64 bits) sees it; a sentence says which and how.
    if (not isinstance(values, list) or len(values) != sides
            or any(isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high
                   for v in values)):
        raise ValueError(f"{what} must be {sides} whole numbers, one per side, "
                         f"each from {low} to {high}")
    return tuple(values)


def _seat_value(value: object, what: str, seats: int) -> int:
    if isinstance(value, bool) or value not in range(seats):
        raise ValueError(f"{what} is a seat from 0 to {seats - 1}")
    return int(value)  # type: ignore[call-overload]


def _play_moves(game: Game, moves: Sequence[str]) -> Game:
    # As shared.course.build_position: a seat offered Blind Nil looks before a bid.
    for text in moves:
        seat = game.to_act
        if seat is None:
            raise ValueError(f"{text!r} comes after the game is over")
        if text != "bid blind nil" and game.phase == "bidding" and not game.looked[seat]:
            game = game.apply(seat, "look")
        game = game.apply(seat, text)
    return game


def _from_scenario(scenario_id: str) -> Opening:
    try:
        from shared.course import build_position, scenario
    except ImportError:  # the course is not in this build
        raise InvalidPosition("Lessons are not available in this room.") from None
    try:
        found = scenario(scenario_id)
        game = build_position(found)
    except KeyError:
        raise InvalidPosition(f"There is no lesson or position {scenario_id!r}.") from None
    except ValueError as err:
        raise InvalidPosition(f"That position cannot be played: {err}") from None
    return Opening(found.rules, found.seat, found.dealer, game.opening, tuple(game.events),
                   scenario_id)


def create_practice(table_id: str, pid: str, name: str, conn: str, level: str, pace: str,
                    start: Opening, now_ms: int, seed: int, bot_salt: str = "",
                    guest: bool = False) -> Table:
    """A practice table with its game started: the person in ``start.seat`` (``guest``:
    playing without an account, as ``Table.sit`` says), bots of ``level`` in the others.
    Later hands are dealt from ``seed``; ``bot_salt`` is mixed into the bots' sampling (a
    daily table's varies per player)."""
    seats = tuple(Seat(pid=pid, name=name, conn=conn, guest=guest) if i == start.seat
                  else Seat(name=BOT_NAMES[i], bot=True) for i in range(start.rules.seats))
    state = PracticeState(level=level, pace=pace, scenario=start.scenario, salt=bot_salt)
    table = Table.new(table_id, PRACTICE, start.rules, now_ms, bot_level=level,
                      practice=state)
    try:
        game = Game.replay(start.rules, seed, start.dealer, list(start.base), start.opening)
    except (SpadesError, ValueError) as err:
        raise InvalidPosition(f"That position cannot be played: {err}") from None
    table = replace(table, seats=seats).start_game(game, start.base)
    return replace(table, practice=replace(table.practice or state, scenario=start.scenario))


def _person(table: Table, pid: str) -> tuple[int, PracticeState]:
    seat = table.seat_of(pid)
    if seat is None or table.seats[seat].bot:
        raise NotSeated(NO_SEAT_HERE())
    if table.practice is None:
        raise NotOffered("Undo and Redo are only offered at practice tables.")
    if not table.practice.offers_undo:
        raise NotOffered("Challenge has no Hint, Undo or Redo.")
    return seat, table.practice


def undo(table: Table, pid: str, log: Sequence[Move]) -> tuple[Table, list[Move]]:
    """The table with ``pid``'s last decision (and the bot moves after it) taken back,
    and the game's log as it must now be. ``log`` must be the current game's log; a
    log of another length than the game raises ``LogMoved`` (read it again)."""
    seat, state = _person(table, pid)
    game = table.game
    if game is None:
        raise GameNotOn(NOT_STARTED())
    if len(state.base) + len(log) != game.n_events:
        raise LogMoved("the game moved on while its log was read")
    mine = [i for i, (s, _) in enumerate(log) if s == seat]
    if not mine:
        raise GameNotOn("There is nothing to undo yet: you have not decided anything "
                        "in this game.")
    cut = mine[-1]
    kept = list(log[:cut])
    rebuilt = Game.replay(game.rules, game.seed, game.first_dealer,
                          [*state.base, *kept], game.opening)
    state = replace(state, redo=(*state.redo, (seat, log[cut][1])), decisions=len(mine) - 1)
    new = replace(table, game=rebuilt, status="playing", gv=table.rev + 1, practice=state,
                  rematch=(None,) * len(table.seats))
    return new, kept


class LogMoved(Exception):
    """The game's log changed between reading it and deciding: read both again."""


def redo_action(table: Table, pid: str) -> str:
    """The decision Redo plays now. Raises NotOffered, GameNotOn, NotYourDecision."""
    seat, state = _person(table, pid)
    if not state.redo:
        raise GameNotOn("There is nothing to redo.")
    game = table.game
    if table.status != "playing" or game is None or game.to_act != seat:
        raise NotYourDecision("Redo plays your decision again when it is your turn.")
    return state.redo[-1][1]


def advice(table: Table, pid: str, kind: str) -> tuple[str, str]:
    """``kind`` "tip" (the suggested bid) or "hint" (the suggested action) for the
    person's seat now, with the reason. Raises NotOffered, NotSeated, NotYourDecision."""
    if kind == "hint":
        if table.practice is None:
            raise NotOffered("Hints are offered at practice tables.")
        if not table.practice.offers_undo:
            raise NotOffered("Challenge has no Hint, Undo or Redo.")
    elif table.kind == RANKED:
        raise NotOffered("Tips are not offered at ranked tables.")
    seat = table.seat_of(pid)
    if seat is None or table.seats[seat].bot:
        raise NotSeated(NO_SEAT_HERE())
    game = table.game
    if table.status != "playing" or game is None or game.to_act != seat:
        raise NotYourDecision("Advice is for your own turn; wait for it.")
    view = game.view(seat)
    if kind == "tip" and view.phase != "bidding":
        raise NotYourDecision("The Tip suggests a bid; the bidding is over.")
    action, reason = (tip if kind == "tip" else hint)(view)
    return action, reason
