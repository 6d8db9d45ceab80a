"""Private and ranked tables as pure table changes, and what their snapshots add.

Each function takes a ``Table`` (and the values it needs: who, the time, a seed) and
returns the new table or raises a typed error (``server/errors.py``); the connection
writes the result through the table actor's compare-and-set like any
other change, so seat moves get versions, notices and fan-out for free.

Private tables keep their seating in ``Table.lobby`` (a ``private_tables.Lobby``).
Before the start the table's ``seats`` mirror the lobby's (``_mirror``), keeping each
person's connection id and display name; at the start bots of the lobby's level take
the empty seats and from then on the room's usual seat rules apply (leavers are
replaced by bots and may come back; a leaving host hands the role on).

Ranked tables are made whole by the matcher: four accounts in the match's seat order
(partners opposite), the ``standard`` rules, no bots ever (``Table.replace_with_bot``
keeps a ranked leaver's seat on the autopilot and lists them in ``Table.left``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from server.errors import SeatError
from shared.daily import DAILY_HANDS, daily_hand_of
from shared.spades import RANKED_RULES, Game, RuleSet

from .lobby import Lobby, Sitter
from .model import BOT_NAMES, PRACTICE, PRIVATE, RANKED, Seat, Table

__all__ = [
    "admit_watcher",
    "create_private",
    "create_ranked",
    "may_watch",
    "move_seat",
    "remove_seat",
    "set_spectators",
    "start_private",
    "table_extras",
    "take_seat",
    "watch_refusal",
]


def create_private(table_id: str, host: Sitter, conn: str, preset: str | None,
                   rules: dict[str, Any], bots: str, watch: bool, seat: int,
                   now_ms: int, turn_s: int | None = None) -> Table:
    """A new private table with its host seated; ``turn_s``: the host's turn time
    (``Lobby.turn_s``). Raises InvalidRules, SeatError."""
    lobby = Lobby.create(host, preset, rules, bots, watch, seat, turn_s)
    table = Table.new(table_id, PRIVATE, RuleSet.from_dict(lobby.rules), now_ms,
                      bot_level=lobby.bot_level, lobby=lobby)
    return _mirror(table, lobby, {host.pid: conn})


def _lobby(table: Table) -> Lobby:
    if table.lobby is None:
        raise SeatError("Only private tables have seats to choose.")
    return table.lobby


def _mirror(table: Table, lobby: Lobby, conns: dict[str, str] | None = None) -> Table:
    """The table with ``lobby`` and, before the start, the lobby's seating."""
    if lobby.started:
        return replace(table, lobby=lobby)
    conns = conns or {}
    by_pid = {s.pid: s for s in table.seats if s.pid is not None}
    seats = []
    for sitter in lobby.seats:
        if sitter is None:
            seats.append(Seat())
            continue
        before = by_pid.get(sitter.pid)
        conn = conns.get(sitter.pid, before.conn if before else "")
        name = before.name if before and before.name else sitter.name
        seats.append(Seat(pid=sitter.pid, name=name, conn=conn, guest=sitter.guest))
    return replace(table, lobby=lobby, seats=tuple(seats))


def take_seat(table: Table, who: Sitter, conn: str, seat: int | None) -> tuple[Table, int]:
    """Seat ``who`` at a private table: in ``seat`` (None: their own seat if they have
    one, else the first empty seat) before the start; back in their own seat after it.
    A person joining a table whose host has left becomes the host. Raises SeatError."""
    lobby = _lobby(table)
    own = table.seat_of(who.pid)
    if lobby.started or table.status != "filling":
        if own is None:
            raise SeatError("The game has started; every seat is taken.")
        return _resit(table, own, who, conn)
    if seat is None:
        if own is not None:
            return _mirror(table, lobby, {who.pid: conn}), own
        seat = _friend_seat(table, lobby)
    lobby = lobby.choose_seat(who, seat)
    if lobby.seat_of(lobby.host) is None:
        lobby = replace(lobby, host=who.pid)
    return _mirror(table, lobby, {who.pid: conn}), seat


def _friend_seat(table: Table, lobby: Lobby) -> int:
    """The seat for a friend who names none: the host's partner's when it is empty (a
    friend invited to a partnership game plays with the host), else the first empty."""
    empty = lobby.bot_seats
    if not empty:
        raise SeatError("Every seat at this table is taken.")
    host = lobby.seat_of(lobby.host)
    partner = None if host is None else RuleSet.from_dict(table.rules).partner_of(host)
    return partner if partner in empty else empty[0]


def _resit(table: Table, index: int, who: Sitter, conn: str) -> tuple[Table, int]:
    """Back in one's own seat after the start (reclaiming it from a bot)."""
    seat = table.seats[index]
    if seat.bot and table.status == "over":
        raise SeatError("That game is over; a bot finished it for you.")
    back = Seat(pid=who.pid, name=who.name, conn=conn, guest=who.guest)
    return replace(table, seats=(*table.seats[:index], back, *table.seats[index + 1:])), index


def move_seat(table: Table, by: str, src: int, dst: int) -> Table:
    """Host, before the start: move the person in ``src`` to ``dst`` (swapping)."""
    return _mirror(table, _lobby(table).move(by, src, dst))


def remove_seat(table: Table, by: str, seat: int) -> Table:
    """Host, before the start: remove the person in ``seat`` for good."""
    return _mirror(table, _lobby(table).remove(by, seat))


def set_spectators(table: Table, by: str, allow: bool) -> Table:
    return replace(table, lobby=_lobby(table).set_spectators(by, allow))


def start_private(table: Table, by: str, seed: int, dealer: int) -> Table:
    """Host: bots of the table's level take the empty seats and the game starts."""
    lobby = _lobby(table).start(by)
    names = iter(n for n in BOT_NAMES if n not in {s.name for s in table.seats})
    seats = tuple(Seat(name=next(names), bot=True) if s.is_open else s for s in table.seats)
    game = Game.new(RuleSet.from_dict(table.rules), seed=seed, dealer=dealer)
    return replace(table, lobby=lobby, seats=seats).start_game(game)


def create_ranked(table_id: str, players: list[tuple[str, str]], now_ms: int, seed: int,
                  dealer: int, rules: RuleSet = RANKED_RULES, *, event: str = "",
                  rated: bool = True, ratings: tuple[int, ...] = ()) -> Table:
    """A ranked table for a match: ``players`` are (pid, name) by seat (partners
    opposite: in 0 and 2, 1 and 3), ``ratings`` their shown ratings by seat (shown
    beside the names); the ranked rules (``RANKED_RULES``: standard, with a losing
    score and a hand cap) unless a tournament ``event`` plays others; the game starts
    at once. A leaver is played by the autopilot and scored as losing; ``rated`` False:
    the game moves no rating (a casual event's)."""
    if len(players) != rules.seats:
        raise ValueError(f"this table seats {rules.seats} players")
    table = Table.new(table_id, RANKED, rules, now_ms)
    seats = tuple(Seat(pid=pid, name=name) for pid, name in players)
    return replace(table, seats=seats, event=event, rated=rated, ratings=ratings).start_game(
        Game.new(rules, seed=seed, dealer=dealer))


def may_watch(table: Table, pid: str) -> bool:
    """Whether ``pid`` may watch ``table`` (public view only). Its own players may; at
    a private table only the people its lobby admitted (``Lobby.admitted``: a seat
    held there once, or the invite) when the host allows spectators."""
    if table.seat_of(pid) is not None:
        return True
    if table.kind == PRIVATE and table.lobby is not None:
        return table.lobby.may_watch(pid)
    return table.kind != PRACTICE  # a practice table is one person's


def watch_refusal(table: Table) -> str:
    """Why someone ``may_watch`` refuses may not watch ``table``, in a sentence."""
    if table.kind == PRIVATE and table.lobby is not None and table.lobby.allow_spectators:
        return ("Watching a private table needs its invite (code or link) or a seat "
                "held there; ask the host for the invite.")
    return "This table does not allow spectators."


def admit_watcher(table: Table, pid: str) -> Table | None:
    """A private table with ``pid`` admitted to watch (they came with its invite, or
    found it listed by the host); None when nothing changes (already admitted, or not
    a private table). Raises SeatError (removed by the host, or too many admitted)."""
    if table.kind != PRIVATE or table.lobby is None or pid in table.lobby.admitted:
        return None
    return replace(table, lobby=table.lobby.admit(pid))


def table_extras(table: Table, *, snapshot: bool) -> dict[str, Any]:
    """The fields a private or practice table adds to a ``snap`` (``snapshot``) or a
    ``table`` update. Never a pid, never the invite."""
    out: dict[str, Any] = {}
    lobby = table.lobby
    if lobby is not None:
        public: dict[str, Any] = {"host": table.seat_of(lobby.host), "started": lobby.started,
                                  "watch": lobby.allow_spectators, "bots": lobby.bot_level,
                                  "turn": lobby.turn_s}
        if snapshot:
            public["rules"] = lobby.rules
        out["lobby"] = public
    practice = table.practice
    if practice is not None:
        offered = practice.offers_undo
        out["undo"] = offered
        # Lit only once the person has decided something in this game: Undo before
        # that would answer "nothing to undo yet".
        out["undoable"] = offered and practice.decisions > 0
        out["redo"] = offered and bool(practice.redo)
        if snapshot:
            out["level"] = practice.level
            out["pace"] = practice.pace
            # A page reloaded at a daily hand learns which hand it is from the
            # snapshot: asking ``daily`` again would count the hand and deal the next.
            daily = daily_hand_of(practice.scenario)
            if daily is not None:
                out["daily"] = {"day": daily[0], "hand": daily[1] + 1, "hands": DAILY_HANDS}
    return out
