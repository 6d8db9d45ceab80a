"""Whole games played by a seeded random policy, as archive records (tests, benchmarks).

``random_game(rules, seed)`` plays legal actions chosen by ``random.Random(seed)``
(bids kept below what random play takes, Nil and Blind Nil sometimes, so games end
and every statistic occurs) until the game is over; ``random_record`` wraps it in a
``GameRecord`` with the given seats. Deterministic for a given seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from shared.spades import Game, RuleSet

from .record import GameRecord, SeatRecord

__all__ = ["random_game", "random_record"]

MAX_ACTIONS = 20_000  # a safety bound; a random standard game takes about 2,700


def random_game(rules: RuleSet, seed: int, dealer: int | None = None) -> Game:
    """``dealer`` None: the last seat deals first (seat 3 in the four-seat game)."""
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed, dealer=rules.seats - 1 if dealer is None else dealer)
    for _ in range(MAX_ACTIONS):
        if game.over:
            return game
        seat = game.to_act
        assert seat is not None
        legal = [str(a) for a in game.legal_actions(seat)]
        if any(a.startswith("bid ") for a in legal) and "look" not in legal:
            special = [a for a in legal if a in ("bid nil", "bid blind nil")]
            wanted = f"bid {_estimate(game.hand_of(seat)) + rng.choice((0, 0, 1))}"
            choice = (rng.choice(special) if special and rng.random() < 0.02
                      else wanted if wanted in legal else rng.choice(legal))
        elif "look" in legal and (rng.random() < 0.97 or "bid blind nil" not in legal):
            choice = "look"
        else:
            choice = rng.choice(legal)
        game = game.apply(seat, choice)
    raise RuntimeError(f"game {seed} did not end within {MAX_ACTIONS} actions")


def _estimate(cards: list[str]) -> int:
    """A rough trick count: aces, kings, and spades from the ten up (jokers too)."""
    sure = sum(1 for c in cards if c[0] in "AK" or c in ("BJ", "LJ")
               or (c[1:] == "S" and c[0] in "TJQ"))
    return max(1, min(5, sure // 2 + 1))


def random_record(game_id: str, rules: RuleSet, seed: int, seats: Sequence[SeatRecord],
                  started_ms: int, kind: str = "casual") -> GameRecord:
    """A finished random game as the archive records it; it ended 20 s per hand after
    ``started_ms``."""
    game = random_game(rules, seed)
    ended = started_ms + 20_000 * game.hands_played
    return GameRecord.from_game(game_id, kind, kind == "private", game, seats, started_ms,
                                ended)
