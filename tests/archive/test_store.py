"""The archive in PostgreSQL: a game stored once, read back, replayed hand by hand to
the same scores as the game that was played, and counted once in its players' sums."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from server.archive import queries
from server.archive.api import game_json, stats_json
from server.archive.writer import write_game
from shared.archive import SeatRecord, replay_hands, seat_stats
from shared.archive.generate import random_game, random_record
from shared.spades import RuleSet

ANN, BO = "a1a1a1a1a1a1a1a1", "b2b2b2b2b2b2b2b2"
SEATS = (SeatRecord(0, "Ann", ANN, "Ann"), SeatRecord(1, "Ada (bot)", bot="standard"),
         SeatRecord(2, "Bo", BO), SeatRecord(3, "Dot (bot)", bot="standard"))
T0 = 1_764_612_000_000


@pytest.mark.parametrize(("preset", "seeds"), [("quick", range(1, 9)), ("club", (3, 4)),
                                               ("standard", (11,))])
async def test_stored_games_replay_to_every_hand_score(pool: asyncpg.Pool, preset: str,
                                                       seeds: range | tuple[int, ...]) -> None:
    rules = RuleSet.preset(preset)
    for seed in seeds:
        played = random_game(rules, seed)
        record = random_record(f"t{seed}.0", rules, seed, SEATS, T0 + seed)
        assert await write_game(pool, record)
        row = await queries.load_game(pool, record.id)
        assert row is not None and row.record == record
        hands = replay_hands(row.record)
        # every hand's score as the engine scored it while the game was played
        assert [[s["total"] for s in h["score"]] for h in hands] == [
            [t["total"] for t in h["teams"]] for h in played.history]
        assert [h["score"] for h in row.hand_scores] == [h["score"] for h in hands]
        body = game_json(row.record)
        assert body["result"]["totals"] == list(played.scores)
        assert [len(h["tricks"]) for h in body["hands"]] == [13] * played.hands_played


async def test_a_game_is_stored_and_counted_once(pool: asyncpg.Pool) -> None:
    record = random_record("once.0", RuleSet.preset("quick"), 5, SEATS, T0)
    results = await asyncio.gather(*(write_game(pool, record) for _ in range(4)))
    assert sorted(results) == [False, False, False, True]
    assert not await write_game(pool, record)
    sums = await queries.player_sums(pool, ANN)
    assert sums is not None and sums["games"] == 1
    assert sums["hands"] == record.hands_played
    async with pool.acquire() as conn:
        assert await conn.fetchval("SELECT count(*) FROM game_seats") == 4
        assert await conn.fetchval("SELECT count(*) FROM player_stats") == 2  # no bot rows


async def test_player_sums_are_the_seat_stats_of_their_games(pool: asyncpg.Pool) -> None:
    rules = RuleSet.preset("quick")
    expected = [0] * 11
    won = 0
    ends: list[tuple[int, str]] = []
    for n in range(6):
        seats = SEATS if n % 2 == 0 else (SEATS[1], SEATS[0], SEATS[3], SEATS[2])
        seats = tuple(SeatRecord(i, s.name, s.pid, s.account, s.bot) for i, s in
                      enumerate(seats))
        record = random_record(f"g{n}.0", rules, 100 + n, seats, T0 + n * 60_000)
        await write_game(pool, record)
        ends.append((record.ended_ms, record.id))
        ann = next(s.seat for s in seats if s.pid == ANN)
        row = seat_stats(replay_hands(record), record.sides(), 4)[ann]
        expected = [a + b for a, b in zip(expected, row.as_tuple(), strict=True)]
        won += record.winner == ann % 2
    sums = await queries.player_sums(pool, ANN)
    assert sums is not None
    head, stats = stats_json(sums)
    assert head["games"] == 6 and head["won"] == won and head["completion"] == 1.0
    assert stats["hands"] == expected[0] and stats["nil_tried"] == expected[6]
    assert stats["contracts_made"] + stats["contracts_set"] == expected[1]
    recent = await queries.recent_games(pool, ANN)
    assert [r["id"] for r in recent] == [game for _, game in sorted(ends, reverse=True)]
    assert await queries.recent_games(pool, "ffffffffffffffff") == []
    assert await queries.player_sums(pool, "ffffffffffffffff") is None
