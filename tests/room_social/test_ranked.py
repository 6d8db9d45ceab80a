"""Ranked play over real sockets on two nodes: four accounts queue, are matched, play a
whole standard game (each client's own turns played by the Hint of ``shared.bots``,
at once), and are rated; a guest is refused; a leaver is played by the
autopilot to the end and scored as losing; a game that ended while no node was there to
rate it is rated by the sweep of any node that starts later."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import httpx
import pytest

from client.room_client import RequestFailed
from server.social import keys as social_keys
from server.tables.seating import create_ranked
from server.tables.store import Store
from server.web.http_social import SESSION_COOKIE
from shared.bots import choose
from shared.protocol import Leave, Queue, Queued, Tip

from .conftest import LocalServer, SocialClient, SocialFactory, Start, bot_play_until, register

FAST_MATCH = {"match_every_s": 0.1}


async def four_in_the_queue(start_server: Start, social_client: SocialFactory,
                            names: list[str]) -> tuple[list[LocalServer], list[SocialClient]]:
    nodes = [await start_server(**FAST_MATCH), await start_server(**FAST_MATCH)]
    clients = []
    for n, name in enumerate(names):
        node = nodes[n % 2]
        # four people at four addresses (accounts of one address never share a table)
        clients.append(await social_client(node, cookie=await register(node, name),
                                           headers={"X-Forwarded-For": f"192.0.2.{n + 1}"}))
    for client in clients:
        queued = await client.request(Queue(on=True))
        assert isinstance(queued, Queued) and queued.waited >= 0
    for client in clients:  # matched: every player is taken to the new ranked table
        await client.wait_for(lambda c: c.snap is not None and c.snap.kind == "ranked",
                              timeout=15)
    assert len({c.table for c in clients}) == 1
    assert sorted(c.seat for c in clients) == [0, 1, 2, 3]  # type: ignore[type-var]
    return nodes, clients


async def leaderboard(server: LocalServer, cookie: str | None = None) -> dict[str, object]:
    cookies = {SESSION_COOKIE: cookie} if cookie else {}
    async with httpx.AsyncClient(base_url=server.http, cookies=cookies) as web:
        board: dict[str, object] = (await web.get("/api/leaderboard")).json()
    return board


async def test_four_accounts_are_matched_play_and_are_rated(
    start_server: Start, social_client: SocialFactory
) -> None:
    names = ["Ada", "Ben", "Cat", "Dan"]
    nodes, clients = await four_in_the_queue(start_server, social_client, names)
    assert (await leaderboard(nodes[0]))["top"] == []
    table = await nodes[0].room.store.load(clients[0].table or "")
    assert table is not None and table.kind == "ranked" and table.game is not None
    rules = table.game.rules  # to 500 with an end in sight: out at -200, 25 hands at most
    assert (rules.name, rules.target_score, rules.losing_score, rules.max_hands) == (
        "ranked", 500, -200, 25)
    assert all(s.is_person for s in table.seats)
    with pytest.raises(RequestFailed) as no_tip:
        await clients[0].request(Tip())
    assert no_tip.value.code in ("not_allowed", "not_your_turn")
    await asyncio.gather(*(bot_play_until(c) for c in clients))
    assert all(c.status == "over" for c in clients)
    assert not any(s["bot"] for s in clients[0].seats)
    for client in clients:  # each player is shown their change
        await client.wait_for(lambda c: len(c.rated) == 1)
    outcome = clients[0].view["outcome"]  # type: ignore[index]
    assert outcome in (0, 1)
    for client in clients:
        rated = client.rated[0]
        assert rated.games == 1 and not rated.provisional and rated.rank is not None
        assert rated.rating == 1500 + rated.change  # from 1500, the "?" gone
        assert rated.won == ((client.seat or 0) % 2 == outcome) and not rated.left
        assert (rated.change > 0) == rated.won
    board = await leaderboard(nodes[1])
    top = board["top"]
    assert isinstance(top, list) and len(top) == 4
    assert {row["name"] for row in top} == set(names)
    assert [row["rank"] for row in top] == [1, 1, 3, 3]  # partners level: a shared place
    winners = {names[i] for i, c in enumerate(clients) if c.rated[0].won}
    assert {row["name"] for row in top[:2]} == winners
    with pytest.raises(RequestFailed) as no_rematch:
        await clients[0].rematch(True)
    assert no_rematch.value.code == "illegal" and "queue" in no_rematch.value.message


async def test_a_guest_is_refused_from_ranked(server: LocalServer,
                                              social_client: SocialFactory) -> None:
    guest = await social_client(server)
    with pytest.raises(RequestFailed) as refused:
        await guest.request(Queue(on=True))
    assert refused.value.code == "sign_in_required"
    assert "sign in" in refused.value.message.lower()
    member = await social_client(server, cookie=await register(server, "Flo"))
    await member.request(Queue(on=True))
    assert await server.social.matchmaker.status(member.pid or "") is not None
    await member.request(Queue(on=False))
    assert await server.social.matchmaker.status(member.pid or "") is None


async def test_a_ranked_leaver_is_played_by_the_autopilot_and_scored_as_losing(
    start_server: Start, social_client: SocialFactory
) -> None:
    nodes, clients = await four_in_the_queue(start_server, social_client,
                                             ["Gil", "Hal", "Ivy", "Joy"])
    leaver = clients[0]
    seat = leaver.seat
    assert seat is not None
    await asyncio.gather(*(bot_play_until(c, lambda c: bool(c.view and c.view["tricks"]))
                           for c in clients))
    await leaver.request(Leave())
    stayed = clients[1:]
    await stayed[0].wait_for(lambda c: c.seats[seat]["away"])
    assert not stayed[0].seats[seat]["bot"]  # never a bot at a ranked table
    await asyncio.gather(*(bot_play_until(c) for c in stayed))
    await leaver.wait_for(lambda c: len(c.rated) == 1)
    rated = leaver.rated[0]
    assert rated.left and not rated.won and rated.change < 0
    outcome = stayed[0].view["outcome"]  # type: ignore[index]
    partner = next(c for c in stayed if c.seat == (seat + 2) % 4)
    await partner.wait_for(lambda c: len(c.rated) == 1)
    assert partner.rated[0].won == (outcome == seat % 2) and not partner.rated[0].left
    history = await nodes[0].social.ratings.history(leaver.pid or "")
    assert len(history) == 1 and history[0].left and not history[0].won
    with pytest.raises(RequestFailed) as cooldown:  # issue 17: a wait before the next queue
        await leaver.request(Queue(on=True))
    assert cooldown.value.code == "cooldown" and "5 min" in cooldown.value.message
    await partner.request(Queue(on=True))  # who stayed may queue at once


async def test_a_game_that_ended_unseen_is_rated_by_a_later_node(
    redis_url: str, start_server: Start
) -> None:
    # The node that wrote a ranked game's last move died before rating it, and no other
    # node was watching the table: the game is over in Redis, listed as unrated, and no
    # node will ever hear of its end. A node started later rates it in its sweep.
    players = [("p-kim", "Kim"), ("p-lou", "Lou"), ("p-max", "Max"), ("p-ned", "Ned")]
    table = create_ranked("tb-unseen", players, 1, seed=11, dealer=3)
    game = table.game
    assert game is not None
    while not game.over:
        seat = game.to_act
        assert seat is not None
        game = game.apply(seat, choose("standard", game.view(seat)))
    store = Store.from_url(redis_url)
    try:
        await store.client.zadd(social_keys.RANKED_UNRATED, {table.id: 1})
        assert await store.write(None, replace(table, game=game, status="over"),
                                 {"m": "ranked"}) == 1
    finally:
        await store.close()
    node = await start_server(match_every_s=0.05, rating_sweep_s=0.05)
    ratings = node.social.ratings
    deadline = asyncio.get_running_loop().time() + 10
    while (await ratings.rating("p-kim")).games == 0:
        assert asyncio.get_running_loop().time() < deadline, "the game was never rated"
        await asyncio.sleep(0.05)
    winner = game.outcome
    for seat, (pid, _) in enumerate(players):
        history = await ratings.history(pid)
        assert len(history) == 1 and history[0].won == (seat % 2 == winner)
    client = node.room.store.client
    while await client.zscore(social_keys.RANKED_UNRATED, table.id) is not None:
        assert asyncio.get_running_loop().time() < deadline, "still listed as unrated"
        await asyncio.sleep(0.05)
