"""A bot decision that searches (Standard's leads while its side needs tricks) is taken in
a worker thread, so the node's event loop keeps serving every other table meanwhile;
the rule-based rest stays on the loop (a thread hop would cost more than it)."""

from __future__ import annotations

import threading
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from client.room_client import RoomClient
from server.tables import actor
from shared.bots import searches

from .conftest import LocalServer, play_until

MakeClient = Callable[..., Awaitable[RoomClient]]


async def test_searched_bot_decisions_leave_the_event_loop(
        server: LocalServer, make_client: MakeClient, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[bool, bool]] = []  # (searched, on the loop's thread)
    real = actor.choose_bot_action

    def watched(level: str, view: Any, salt: str = "") -> str:
        seen.append((searches(level, view), threading.current_thread() is threading.main_thread()))
        return real(level, view, salt)

    monkeypatch.setattr(actor, "choose_bot_action", watched)
    client = await make_client(server.ws)
    await client.quick_play()  # a casual table: three Standard bots beside the guest
    # Until a bot searched once: a hand can pass without it (a Nil alive from the bidding
    # to the last trick leaves no lead to search), rarely two.
    def done(c: RoomClient) -> bool:
        if not c.view:
            return False
        return bool(c.view["over"]) or (c.view["hand_no"] >= 1 and any(w for w, _ in seen))

    await play_until(client, done, timeout=180)
    searched = [on_loop for was_searched, on_loop in seen if was_searched]
    plain = [on_loop for was_searched, on_loop in seen if not was_searched]
    assert searched and plain, seen
    assert not any(searched), "a searched decision ran on the event loop"
    assert all(plain), "a rule-based decision took a thread"
