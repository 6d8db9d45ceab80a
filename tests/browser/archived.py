"""Finished games in the shapes of the archive's routes, built by playing them with the
engine and answering them with the archive's own pure builders (``GameRecord.from_game``
and ``server.archive.api``'s ``game_json``, ``stats_json``, ``recent_json``;
docs/archive.md), without a database: the
documents the page tests serve when they need a fixed game (four hands or more, two
seats' cards swapped, nine games for a chart). tests/browser/test_archive_pages.py opens
the pages on games the real archive kept.
"""

from __future__ import annotations

import random
from dataclasses import astuple
from typing import Any

from server.archive.api import recent_json, stats_json
from shared.archive import GameRecord, SeatRecord, replay_hands
from shared.archive.stats import STAT_FIELDS, seat_stats
from shared.spades import Game, RuleSet

DAY_MS = 86_400_000
START_MS = 1_796_000_000_000  # late November 2026


def played_game(seed: int, preset: str = "quick", **options: Any) -> Game:
    """A whole game of ``preset`` (changed by rule ``options``) played to its end with
    random legal moves from ``seed``."""
    rng = random.Random(seed)
    rules = RuleSet.from_dict({**RuleSet.preset(preset).to_dict(), **options})
    game = Game.new(rules, seed=seed)
    while not game.over:
        seat = game.to_act
        assert seat is not None
        game = game.apply(seat, rng.choice(game.legal_actions()))
    return game


def game_record(game: Game, game_id: str, names: list[str], kind: str = "casual",
                accounts: list[str | None] | None = None, day: int = 0) -> GameRecord:
    """The archive's record of ``game``: seat ``i`` played by ``names[i]`` (seat 0 a
    person, the others bots), ended on day ``day`` after ``START_MS``."""
    accounts = accounts or [None] * len(names)
    seats = [SeatRecord(i, name, pid=f"p{i}" if i == 0 else None, account=accounts[i],
                        bot=None if i == 0 else "easy") for i, name in enumerate(names)]
    ended = START_MS + day * DAY_MS
    return GameRecord.from_game(game_id, kind, kind == "private", game, seats,
                                ended - 1_200_000, ended)


def player_document(name: str, records: list[GameRecord], seat: int = 0) -> dict[str, Any]:
    """``GET /api/players/{name}``'s body for the player at ``seat`` of ``records``
    (oldest first): a rating that moves by each result, the statistics summed as the
    archive sums them, the recent games newest first."""
    sums = dict.fromkeys(("games", "won", "completed", *STAT_FIELDS), 0)
    rating, history, recent = 1500, [], []
    for record in records:
        sides = record.sides()
        standing = record.standings()[seat]
        won = standing.won
        stats = seat_stats(replay_hands(record), sides, len(record.seats))[seat]
        for key, value in zip(STAT_FIELDS, astuple(stats), strict=True):
            sums[key] += value
        sums["games"] += 1
        sums["won"] += bool(won)
        sums["completed"] += 1
        rating += 42 if won else -31
        item = recent_json({"id": record.id, "ended_ms": record.ended_ms, "kind": record.kind,
                            "won": won, "place": standing.place,
                            "totals": list(record.totals)})
        history.append({"at": item["ended"], "rating": rating, "game": record.id})
        recent.insert(0, item)
    head, stats_out = stats_json(sums)
    return {"name": name, "created": history[0]["at"] if history else None,
            "rating": rating, "provisional": False, "rating_history": history,
            **head, "stats": stats_out, "recent": recent[:20]}
