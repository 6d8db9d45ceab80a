"""Every format's archived game has its real sides and standings: who played for which
side (the engine's ``RuleSet.teams``), each seat's place, and ``won`` for the seats of
the winning side only, in ``game_seats``, the player's sums, ``/api/games`` and
``/api/my-games``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import asyncpg
import httpx
import pytest

from server.archive import queries
from server.archive.writer import write_game
from server.social.accounts import pid_of
from shared.archive import SeatRecord
from shared.archive.generate import random_record
from shared.spades import RuleSet
from tests.room.conftest import LocalServer

T0 = 1_764_612_000_000
HOST_TOKEN = "the-host-of-a-cutthroat-table"


def people(n: int, host_seat: int | None = None, host: str | None = None
           ) -> tuple[SeatRecord, ...]:
    return tuple(SeatRecord(s, f"P{s}", host if s == host_seat else f"{s:x}" * 16)
                 for s in range(n))


def short(name: str) -> RuleSet:
    # A hand cap keeps random play short (a random solo game may sink below zero for
    # ever); the cap changes nothing about the sides.
    return RuleSet.preset(name, target_score=200, max_hands=5)


async def seat_rows(pool: asyncpg.Pool, game_id: str) -> list[asyncpg.Record]:
    async with pool.acquire() as conn:
        return await conn.fetch("SELECT seat, side, place, won FROM game_seats "
                                "WHERE game_id = $1 ORDER BY seat", game_id)


async def test_a_cutthroat_host_who_finished_third_did_not_win(
        archive_server: Callable[..., Awaitable[LocalServer]], pool: asyncpg.Pool) -> None:
    # Seed 1: seat 1 wins with 133; the host in seat 3 is third (2 points, -20 last).
    host = pid_of(HOST_TOKEN)
    record = random_record("cut.0", short("cutthroat"), 1, people(4, 3, host), T0)
    assert record.totals == (75, 133, -20, 2) and record.winner == 1
    assert await write_game(pool, record)
    rows = await seat_rows(pool, "cut.0")
    assert [(r["side"], r["place"], r["won"]) for r in rows] == [
        (0, 2, False), (1, 1, True), (2, 4, False), (3, 3, False)]
    sums = await queries.player_sums(pool, host)
    assert sums is not None and sums["won"] == 0
    winner = await queries.player_sums(pool, "1" * 16)
    assert winner is not None and winner["won"] == 1
    server = await archive_server()
    async with httpx.AsyncClient(base_url=server.http, timeout=10,
                                 cookies={"spades_token": HOST_TOKEN}) as http:
        mine = (await http.get("/api/my-games")).json()["games"]
        assert [(g["id"], g["won"], g["place"]) for g in mine] == [("cut.0", False, 3)]
        game = (await http.get("/api/games/cut.0")).json()
        assert game["sides"] == [[0], [1], [2], [3]]
        assert game["result"]["places"] == [2, 1, 4, 3]


@pytest.mark.parametrize(("preset", "sides"), [
    ("standard", [[0, 2], [1, 3]]),
    ("cutthroat", [[0], [1], [2], [3]]),
    ("three_handed", [[0], [1], [2]]),
    ("two_handed", [[0], [1]]),
    ("six_handed", [[0, 3], [1, 4], [2, 5]]),
])
async def test_each_format_is_stored_with_its_own_sides(pool: asyncpg.Pool, preset: str,
                                                        sides: list[list[int]]) -> None:
    rules = short(preset)
    for seed in (1, 2, 3):
        record = random_record(f"{preset}{seed}.0", rules, seed, people(rules.seats), T0)
        assert record.sides() == sides and len(record.totals) == len(sides)
        assert await write_game(pool, record)
        side_of = {seat: index for index, side in enumerate(sides) for seat in side}
        for row in await seat_rows(pool, record.id):
            side = side_of[row["seat"]]
            total = record.totals[side]
            assert row["side"] == side
            assert row["place"] == 1 + sum(other > total for other in record.totals)
            if record.winner is None:  # a tie for first after the hand cap
                assert row["won"] is (None if row["place"] == 1 else False)
            else:
                assert row["won"] is (side == record.winner)


async def test_seats_with_equal_totals_share_a_place(pool: asyncpg.Pool) -> None:
    # A solo draw (the hand cap with a tie for first): both first seats are neither won
    # nor lost, the others lost; equal totals share a place as on the game-over sheet.
    rules = short("three_handed")
    for seed in range(1, 400):
        record = random_record(f"tie{seed}.0", rules, seed, people(3), T0)
        if len(set(record.totals)) < 3:
            break
    else:
        pytest.fail("no seed up to 400 gives equal totals")
    assert await write_game(pool, record)
    rows = await seat_rows(pool, record.id)
    places = [1 + sum(o > t for o in record.totals) for t in record.totals]
    assert [r["place"] for r in rows] == places
    assert len(set(places)) < 3
