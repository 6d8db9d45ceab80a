"""A queued game's end (an entry of the archive stream) turned into a ``GameRecord``.

``apply.lua`` queues, in the write of a game's last action, the table's final blob, the
game's whole log and its start time; the stream entry's id is the end time. Here the
game is rebuilt with the engine from the blob's rules, seed and first dealer and the
log (which checks that the log is the game: a log that does not replay, or replays to
another result than the blob's, is refused with ``BadEntry``), and the seats are read as
the table showed them at the end.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping

from server.tables.model import PRIVATE, RANKED, Table, decode_table
from shared.archive import GameRecord, SeatRecord
from shared.spades import Game, RuleSet

__all__ = ["AccountNames", "BadEntry", "game_id", "record_of_entry"]

# The account names of the pids that are accounts' (the others are guests).
AccountNames = Callable[[list[str]], Awaitable[Mapping[str, str]]]


class BadEntry(ValueError):
    """A queue entry that is not a finished game (kept aside, never retried)."""


def game_id(table_id: str, game_no: int) -> str:
    """A game's archive id: the table's id and the game's number there."""
    return f"{table_id}.{game_no}"


async def record_of_entry(entry_id: str, fields: Mapping[bytes, bytes],
                          account_names: AccountNames) -> GameRecord:
    """The record of one queued game; raises BadEntry."""
    try:
        table = decode_table(fields[b"st"], int(fields[b"rev"]))
        lines = fields[b"log"].decode().split("\n") if fields[b"log"] else []
        actions = [(int(seat), action) for seat, action in
                   (line.split(" ", 1) for line in lines)]
        started = int(fields.get(b"gs", b"0") or 0)
        ended = int(entry_id.split("-", 1)[0])
    except (KeyError, ValueError, UnicodeDecodeError) as err:
        raise BadEntry(f"entry {entry_id} is damaged: {err}") from err
    game = table.game
    if game is None or not game.over:
        raise BadEntry(f"entry {entry_id}: table {table.id}'s game is not over")
    try:
        replayed = Game.replay(RuleSet.from_dict(table.rules), game.seed, game.first_dealer,
                               actions, game.opening)
    except Exception as err:  # the engine's typed errors: the log is not this game
        raise BadEntry(f"entry {entry_id}: the log does not replay: {err}") from err
    if not replayed.over or replayed.scores != game.scores:
        raise BadEntry(f"entry {entry_id}: the log replays to {replayed.scores}, "
                       f"the table says {game.scores}")
    pids = [seat.pid for seat in table.seats if seat.pid is not None]
    names = await account_names(pids) if pids else {}
    return GameRecord.from_game(game_id(table.id, table.game_no), table.kind,
                                table.kind == PRIVATE, replayed, _seats(table, names),
                                started or table.created_ms, ended)


def _seats(table: Table, names: Mapping[str, str]) -> list[SeatRecord]:
    out = []
    shown = table.shown_names()
    for index, seat in enumerate(table.seats):
        left = seat.is_replaced or (table.kind == RANKED and seat.pid in table.left)
        bot = (table.bot_level if seat.bot and seat.pid is None else
               "standard" if seat.is_replaced else None)  # the autopilot plays a leaver's
        out.append(SeatRecord(index, shown[index] or f"Seat {index + 1}", seat.pid,
                              names.get(seat.pid) if seat.pid else None, bot, left))
    return out
