"""The archive's JSON routes on a real node: who may see a private table's game, a
player's page (rating history, statistics, recent games), the caller's games."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import asyncpg
import httpx

from server.archive.writer import write_game
from shared.archive import SeatRecord
from shared.archive.generate import random_record
from shared.spades import RuleSet
from tests.room.conftest import LocalServer

OTHERS = ("b2b2b2b2b2b2b2b2", "c3c3c3c3c3c3c3c3", "d4d4d4d4d4d4d4d4")
T0 = 1_764_612_000_000


async def test_routes_answer_games_players_and_who_may_see_a_private_game(
        archive_server: Callable[..., Awaitable[LocalServer]], database_url: str) -> None:
    server = await archive_server()
    origin = {"Origin": server.http}
    async with httpx.AsyncClient(base_url=server.http, timeout=10) as http:
        reply = await http.post("/api/register", headers=origin,
                                json={"name": "Ann", "password": "a long passphrase"})
        assert reply.status_code == 201
        ann = reply.json()["pid"]
        session = {"spades_session": reply.cookies["spades_session"]}
    seats = (SeatRecord(0, "Ann", ann, "Ann"),
             *(SeatRecord(i + 1, f"P{i}", pid) for i, pid in enumerate(OTHERS)))
    rules = RuleSet.preset("quick")
    casual = random_record("cas.0", rules, 1, seats, T0)
    private = random_record("priv.0", rules, 2, seats, T0 + 3_600_000, kind="private")
    ranked = random_record("rnk.0", rules, 3, seats, T0 + 7_200_000, kind="ranked")
    pool = await asyncpg.create_pool(database_url, min_size=1, max_size=2)
    try:
        for record in (casual, private, ranked):
            assert await write_game(pool, record)
    finally:
        await pool.close()
    rated = await server.social.ratings.rate_game(
        "rnk:0", ((ann, OTHERS[1]), (OTHERS[0], OTHERS[2])), ranked.winner,
        {ann: "Ann"})

    async with httpx.AsyncClient(base_url=server.http, timeout=10) as anyone:
        refused = await anyone.get("/api/games/priv.0")
        assert refused.status_code == 404
        assert refused.json()["error"]["code"] == "no_game"
        assert (await anyone.get("/api/games/priv.0/record.txt")).status_code == 404
        anyone.cookies.set("spades_token", "a-guest-token-who-did-not-play")
        assert (await anyone.get("/api/games/priv.0")).status_code == 404
        public = await anyone.get("/api/games/cas.0")
        assert public.status_code == 200 and public.json()["ratings"] == []
        assert public.json()["seats"][0] == {"seat": 0, "name": "Ann", "account": "Ann",
                                             "bot": None, "left": False}
        assert "pid" not in public.json()["seats"][1]  # a guest's id is not shown
        nobody = await anyone.get("/api/players/Nobody")
        assert nobody.status_code == 404 and nobody.json()["error"]["code"] == "no_player"
        assert (await anyone.get("/api/my-games")).json() == {"games": []}

    async with httpx.AsyncClient(base_url=server.http, timeout=10, cookies=session) as me:
        seen = await me.get("/api/games/priv.0")
        assert seen.status_code == 200 and seen.json()["private"] is True
        game = (await me.get("/api/games/rnk.0")).json()
        change = rated.changes[ann]
        assert {"seat": 0, "before": change.before, "after": change.after} in game["ratings"]
        page = (await me.get("/api/players/ann")).json()  # any case
        assert page["name"] == "Ann" and page["created"].endswith("Z")
        assert page["games"] == 3 and page["completion"] == 1.0
        assert page["won"] == sum(r.winner == 0 for r in (casual, private, ranked))
        assert [g["id"] for g in page["recent"]] == ["rnk.0", "priv.0", "cas.0"]
        assert page["rating"] == change.after
        assert page["rating_history"] == [{"at": page["rating_history"][0]["at"],
                                           "rating": change.after, "game": "rnk.0"}]
        assert set(page["stats"]) == {
            "hands", "contracts_made", "contracts_set", "bid_error_avg", "bags_per_hand",
            "nil_tried", "nil_made", "blind_nil_tried", "blind_nil_made", "top_scorer_share"}
        assert page["stats"]["hands"] == sum(r.hands_played for r in (casual, private, ranked))
        mine = (await me.get("/api/my-games")).json()["games"]
        assert [g["id"] for g in mine] == ["rnk.0", "priv.0", "cas.0"]
        assert mine[0]["won"] is (ranked.winner == 0) and mine[0]["totals"] == list(ranked.totals)
