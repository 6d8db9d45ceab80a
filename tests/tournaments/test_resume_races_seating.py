"""A player's resume that races the seating of their next match (a Knock-out's, or a
placed ranked match's) goes to the new game, not the finished table.

The moment is made by construction: the resume's read of where the player sits
(``store.player``, in ``hello``) returns the old table, and before the resume goes on
the next match is seated: its table created, the player's record pointed at it, and
the notice that moves their sockets handled by this node while the resuming socket is
not yet listening for it (it reaches no socket). Real server and Redis."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from typing import Any

from client.room_client import RoomClient
from server.tables.actor import new_deal
from server.tables.seating import create_ranked
from tests.room_social.conftest import Start

QUIET = {"tournament_tick_s": 0.0, "tournament_calendar": ""}
WAIT_S = 30.0  # an upper bound: a loaded machine is slow, never wrong


async def until(done: Any, what: str) -> None:
    deadline = time.monotonic() + WAIT_S
    while not done():
        assert time.monotonic() < deadline, f"waited too long for {what}"
        await asyncio.sleep(0.02)


async def test_a_resume_as_the_next_match_is_seated_goes_to_the_new_game(
        start_server: Start) -> None:
    server = await start_server(**QUIET)
    room, social = server.app.state.room, server.app.state.social
    first = RoomClient(server.ws, name="Resumer")
    await first.connect()
    await until(lambda: first.pid is not None, "the welcome")
    pid, token = first.pid, first.token
    assert pid is not None
    await first.close()
    await until(lambda: pid not in social.clients, "the first socket gone")

    # The match just played: over. The player's socket was lost during it.
    now = int(time.time() * 1000)
    others = [(f"{pid}-{k}", f"Other {k}") for k in range(3)]
    old = create_ranked("racedold", [(pid, "Resumer"), *others], now, *new_deal(),
                        event="ev", rated=False)
    old = dataclasses.replace(old, status="over")
    await room.actor(old.id).create(old, {"m": "event"})
    await room.store.set_player(pid, table=old.id)

    # The next match is seated just after the resume reads where the player sits.
    store, read = room.store, room.store.player
    seated: list[str] = []

    async def player(who: str) -> tuple[str | None, str | None]:
        found = await read(who)
        if who == pid and not seated:
            seated.append("racednew")
            new = create_ranked("racednew", [*others[:1], (pid, "Resumer"), *others[1:]],
                                now, *new_deal(), event="ev", rated=False)
            await room.actor(new.id).create(new, {"m": "event"})
            await store.set_player(pid, table=new.id)
            social.queued[pid] = time.monotonic()  # popped once this node handles it
            await social.move_to_table(new.id, [pid])
            await until(lambda: pid not in social.queued, "the move notice handled")
        return found

    store.player = player  # this node's store: the resume's read
    again = RoomClient(server.ws, token=token, name="Resumer")
    again.table, again.version = old.id, old.rev
    try:
        await again.connect()
        await until(lambda: again.table == "racednew" and again.seat == 1,
                    "the player at the new game (not the finished one)")
        assert seated == ["racednew"]
    finally:
        del store.player
        await again.close()
