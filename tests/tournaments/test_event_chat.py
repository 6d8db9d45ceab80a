"""An event's chat on its page's feed (``/ws/events/{id}``), as an attacker would try
it: a stranger with a private event's id posts and reads (refused, typed; no line
reaches them), a blocked player's line never reaches the blocker (live or kept), a
line said on one node reaches a page on another (and a page opened later there), a
flood meets the chat's limit, a finished event's
chat is read and never written. Real servers, Redis and PostgreSQL; the tick is off."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import json
import time
from typing import Any

import websockets

from server.tournaments.service import Tournaments
from server.web.http_social import SESSION_COOKIE
from shared.tournaments import Arena
from tests.room_social.conftest import Start, register
from tests.room_social.test_friends import call

QUIET = {"tournament_tick_s": 0.0, "tournament_calendar": ""}
WAIT_S = 30.0  # an upper bound: a loaded machine is slow, never wrong


class Page:
    """An event's page's feed with a player's session cookie: the chat lines it was
    shown, its last ``chat_state``, and requests answered ``ack`` or ``err``."""

    def __init__(self) -> None:
        self.lines: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.states = 0
        self._ids = itertools.count(1)
        self._answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._sock: Any = None
        self._task: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, server: Any, event_id: str, cookie: str | None) -> Page:
        page = cls()
        headers = {"Origin": server.http}
        if cookie is not None:
            headers["Cookie"] = f"{SESSION_COOKIE}={cookie}"
        url = server.http.replace("http", "ws", 1) + f"/ws/events/{event_id}"
        page._sock = await websockets.connect(url, additional_headers=headers)
        page._task = asyncio.create_task(page._read())
        await page.until(lambda: page.state is not None)
        return page

    async def _read(self) -> None:
        async for raw in self._sock:
            frame = json.loads(raw)
            if frame["t"] == "chat":
                self.lines.append(frame["d"])
            elif frame["t"] == "chat_state":
                self.state, self.states = frame["d"], self.states + 1
            elif frame["t"] in ("ack", "err"):
                self._answers.pop(frame["id"]).set_result(frame)

    async def ask(self, kind: str, **data: Any) -> dict[str, Any]:
        """Send a request; its answer, ``ack`` or ``err``."""
        msg_id = next(self._ids)
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._answers[msg_id] = answer
        await self._sock.send(json.dumps({"t": kind, "d": data, "id": msg_id}))
        return await asyncio.wait_for(answer, WAIT_S)

    async def ok(self, kind: str, **data: Any) -> None:
        answer = await self.ask(kind, **data)
        assert answer["t"] == "ack", answer

    async def refused(self, kind: str, code: str, **data: Any) -> dict[str, Any]:
        answer = await self.ask(kind, **data)
        assert answer["t"] == "err" and answer["d"]["code"] == code, answer
        return answer

    async def settled(self) -> None:
        """Every line this page's node had heard before is sent: two round trips (the
        feed answers a request, then sends what it heard meanwhile, then reads again)."""
        for _ in range(2):
            await self.ask("chat_on", on=bool(self.state and self.state["on"]))

    async def until(self, done: Any) -> None:
        deadline = time.monotonic() + WAIT_S
        while not done():
            assert time.monotonic() < deadline, "waited too long"
            await asyncio.sleep(0.02)

    def texts(self) -> list[str]:
        return [line["text"] for line in self.lines]

    async def close(self) -> None:
        await self._sock.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task


def arena(name: str, **more: Any) -> dict[str, Any]:
    return {"kind": "arena", "name": name, "preset": "standard", "minutes": 30,
            "starts": int(time.time() * 1000) + 3_600_000, **more}


async def made(server: Any, host: str, body: dict[str, Any]) -> str:
    response = await call(server, host, "/api/tournaments", body)
    assert response.status_code == 201, response.text
    event_id: str = response.json()["id"]
    return event_id


async def joined(server: Any, cookie: str, event_id: str) -> None:
    response = await call(server, cookie, f"/api/tournaments/{event_id}/join", {})
    assert response.status_code == 200, response.text


async def two_chatting(server: Any, names: tuple[str, str], event: dict[str, Any]
                       ) -> tuple[str, str, str, Page, Page]:
    """The first of ``names`` hosts ``event`` and plays, the second joins; both pages
    open with chat on: their cookies, the event's id, their pages."""
    ann, bob = [await register(server, n) for n in names]
    event_id = await made(server, ann, event)
    await joined(server, bob, event_id)
    ann_page, bob_page = [await Page.open(server, event_id, c) for c in (ann, bob)]
    for page in (ann_page, bob_page):
        await page.ok("chat_on", on=True)
    return ann, bob, event_id, ann_page, bob_page


async def test_a_stranger_with_a_private_events_id_neither_posts_nor_reads(
        start_server: Start) -> None:
    server = await start_server(**QUIET)
    host, bob, cat = [await register(server, n) for n in ("Hosta", "Bobby", "Catty")]
    # A public event's page reads with chat on (the player's one switch), and a
    # stranger to it cannot post there.
    open_event = await made(server, host, arena("Open night"))
    reader = await Page.open(server, open_event, cat)
    assert reader.state == {"on": False, "read": True, "post": False, "lines": [],
                            "muted": []}
    await reader.ok("chat_on", on=True)
    await reader.refused("say", "not_entered", text="me too")

    club = await made(server, host, arena("Club night", private=True))
    await joined(server, bob, club)
    pages = [await Page.open(server, club, c) for c in (host, bob, cat)]
    ann_page, bob_page, cat_page = pages
    try:
        # Chat on, and still nothing of the club's to read or say.
        assert cat_page.state == {"on": True, "read": False, "post": False, "lines": [],
                                  "muted": []}
        assert bob_page.state is not None and bob_page.state["post"]
        assert ann_page.state is not None and ann_page.state["post"]  # the host, not playing
        refused = await cat_page.refused("chat_on", "not_entered", on=True)
        assert refused["d"]["key"] == "event.refused.chat_read"
        said = await cat_page.refused("say", "not_entered", text="let me in")
        assert said["d"]["key"] == "event.refused.chat_post"
        await cat_page.refused("mute", "not_entered", pid="x", on=True)
        for page in (ann_page, bob_page):
            await page.ok("chat_on", on=True)
        await bob_page.ok("say", text="secret plans")
        await ann_page.until(lambda: ann_page.texts() == ["secret plans"])
        await cat_page.settled()
        assert cat_page.lines == []
        # A page with no cookie at all: neither.
        nobody = await Page.open(server, club, None)
        assert nobody.state == {"on": False, "read": False, "post": False, "lines": [],
                                "muted": []}
        await nobody.refused("say", "not_entered", text="hello")
        await nobody.close()
        # Once entered, the stranger posts (what may be done follows the event).
        await joined(server, cat, open_event)
        await reader.until(lambda: reader.state is not None and reader.state["post"])
        await reader.ok("say", text="joined now")
        await reader.until(lambda: reader.texts() == ["joined now"])
        assert reader.lines[0]["name"] == "Catty"
    finally:
        for page in [*pages, reader]:
            await page.close()


async def test_a_blocked_or_muted_players_lines_are_not_shown(start_server: Start) -> None:
    server = await start_server(**QUIET)
    ann, bob, dan = [await register(server, n) for n in ("Annie", "Bobbo", "Danny")]
    event_id = await made(server, ann, arena("Blocks night", play=True))
    for cookie in (bob, dan):
        await joined(server, cookie, event_id)
    blocked = await call(server, ann, "/api/block", {"name": "Bobbo", "on": True})
    assert blocked.status_code == 200, blocked.text
    pages = [await Page.open(server, event_id, c) for c in (ann, bob, dan)]
    ann_page, bob_page, dan_page = pages
    try:
        for page in pages:
            await page.ok("chat_on", on=True)
        # Published in this order, heard in this order: Bob's line comes before Dan's.
        await bob_page.ok("say", text="from the blocked one")
        await dan_page.ok("say", phrase="gg")
        await ann_page.until(lambda: len(ann_page.lines) >= 1)
        assert ann_page.texts() == ["Good game"]
        assert ann_page.lines[0]["phrase"] == "gg" and ann_page.lines[0]["name"] == "Danny"
        await dan_page.until(lambda: len(dan_page.lines) == 2)  # a third reader sees both
        # Ann mutes Dan: his next line is not shown to her, and he is in her state.
        dan_pid = dan_page.lines[1]["pid"]
        await ann_page.ok("mute", pid=dan_pid, on=True)
        await ann_page.refused("mute", "bad_chat", pid="nobody-here", on=True)
        await dan_page.ok("say", text="muted words")
        await bob_page.ok("say", text="last of all")
        await dan_page.until(lambda: dan_page.texts()[-1:] == ["last of all"])
        await ann_page.settled()
        assert ann_page.texts() == ["Good game"]
        # A page opened later: the kept lines, less the blocked's and the muted's (Dan's
        # earlier line too, as a table's kept chat less a muted seat).
        await ann_page.ok("mute", pid=dan_pid, on=False)
        await dan_page.ok("say", text="heard again")
        await ann_page.until(lambda: ann_page.texts() == ["Good game", "heard again"])
        await ann_page.ok("mute", pid=dan_pid, on=True)
        later = await Page.open(server, event_id, ann)
        assert later.state is not None and later.state["lines"] == []
        assert later.state["muted"] == [dan_pid]
        fresh = await Page.open(server, event_id, dan)
        assert fresh.state is not None
        assert [line["text"] for line in fresh.state["lines"]] == [
            "from the blocked one", "Good game", "muted words", "last of all", "heard again"]
        await later.close(), await fresh.close()
    finally:
        for page in pages:
            await page.close()


async def test_a_line_said_on_one_node_reaches_a_page_on_another(start_server: Start) -> None:
    one, two = await start_server(**QUIET), await start_server(**QUIET)
    ann, bob = [await register(one, n) for n in ("Annika", "Bobcat")]
    event_id = await made(one, ann, arena("Two nodes", play=True))
    await joined(one, bob, event_id)
    on_two = await Page.open(two, event_id, ann)
    on_one = await Page.open(one, event_id, bob)
    try:
        for page in (on_two, on_one):
            await page.ok("chat_on", on=True)
        await on_one.ok("say", text="across the nodes")
        await on_two.until(lambda: on_two.texts() == ["across the nodes"])
        later = await Page.open(two, event_id, bob)  # kept in Redis for a later page
        assert later.state is not None
        assert [line["text"] for line in later.state["lines"]] == ["across the nodes"]
        await later.close()
    finally:
        await on_two.close(), await on_one.close()


async def test_a_flood_meets_the_chats_limit(start_server: Start) -> None:
    server = await start_server(**QUIET)
    bob = await register(server, "Flooder")
    event_id = await made(server, bob, arena("Flood night", play=True))
    page = await Page.open(server, event_id, bob)
    try:
        await page.ok("chat_on", on=True)
        for k in range(5):  # the table chat's limit: 5 lines in 10 s, one per player
            await page.ok("say", text=f"line {k}")
        limited = await page.refused("say", "rate_limited", text="one too many")
        assert "too fast" in limited["d"]["msg"]
        await page.refused("say", "bad_chat", text="x" * 201)
        await page.until(lambda: len(page.lines) == 5)
    finally:
        await page.close()


async def test_a_block_made_while_the_page_is_open_hides_the_next_lines(
        start_server: Start) -> None:
    server = await start_server(**QUIET)
    social = server.app.state.social
    ann, _, event_id, ann_page, bob_page = await two_chatting(
        server, ("Anneke", "Bobbie"), arena("Live block", play=True))
    try:
        await bob_page.ok("say", text="before the block")
        await ann_page.until(lambda: ann_page.texts() == ["before the block"])
        ann_pid = (await call(server, ann, f"/api/tournaments/{event_id}")).json()["you"]
        bob_pid = ann_page.lines[0]["pid"]
        blocked = await call(server, ann, "/api/block", {"name": "Bobbie", "on": True})
        assert blocked.status_code == 200, blocked.text
        # The node holds the blocks of the page's account (it has no table socket here)
        # and reads them again on the block's notice.
        await ann_page.until(lambda: bob_pid in social.blocked.get(ann_pid, ()))
        await bob_page.ok("say", text="after the block")
        await bob_page.until(lambda: bob_page.texts()[-1:] == ["after the block"])
        await ann_page.settled()
        assert ann_page.texts() == ["before the block"]
    finally:
        await ann_page.close(), await bob_page.close()
    await ann_page.until(lambda: ann_pid not in social.blocked)  # let go with the page


async def test_a_finished_events_chat_is_read_and_never_written(start_server: Start) -> None:
    server = await start_server(**QUIET)
    service: Tournaments = server.app.state.tournaments
    ann, _, event_id, ann_page, bob_page = await two_chatting(
        server, ("Annabel", "Bobbin"),
        arena("Last orders", play=True, starts=int(time.time() * 1000)))
    try:
        await bob_page.ok("say", text="good games all")
        await ann_page.until(lambda: ann_page.texts() == ["good games all"])
        bob_pid = ann_page.lines[0]["pid"]
        states = bob_page.states

        def ended(event: object) -> None:  # its end has passed, no table playing
            assert isinstance(event, Arena)
            event.settings = dataclasses.replace(
                event.settings, starts_ms=event.settings.starts_ms - 31 * 60_000)

        await service.store.mutate(event_id, ended)
        await service.tick(sweep=True)
        # The open pages are told at once: they read, they no longer post.
        await bob_page.until(lambda: bob_page.states > states)
        assert bob_page.state is not None and not bob_page.state["post"]
        assert bob_page.state["read"]
        # A player of the event (and its host) who writes anyway meets a typed refusal,
        # in words and by key; no line reaches anybody.
        for page in (bob_page, ann_page):
            closed = await page.refused("say", "event_over", text="one more thing")
            assert closed["d"]["key"] == "event.refused.chat_closed", closed
            await page.refused("say", "event_over", phrase="gg")
        await ann_page.settled()
        assert ann_page.texts() == ["good games all"]
        # The last lines are still read, by a page opened later, and a line may be muted.
        later = await Page.open(server, event_id, ann)
        assert later.state is not None and not later.state["post"]
        assert [line["text"] for line in later.state["lines"]] == ["good games all"]
        await later.ok("mute", pid=bob_pid, on=True)
        await later.close()
    finally:
        await ann_page.close(), await bob_page.close()
