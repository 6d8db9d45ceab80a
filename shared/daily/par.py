"""Playing a daily hand with bots, and a hand's score for the player's side."""

from __future__ import annotations

from collections.abc import Callable

from shared.bots.knowledge import read_view
from shared.bots.players import decide
from shared.spades import Game

Chooser = Callable[[Game, int], str]


def hand_points(game: Game, seat: int = 0) -> int:
    """The points the side of ``seat`` scored in the game's first hand (its hand total:
    contract, bags, Nil and penalty points together). The hand must be over."""
    if not game.history:
        raise ValueError("The hand is not over yet.")
    side = seat & 1
    return int(game.history[0]["teams"][side]["hand_total"])


def play_hand(game: Game, level: str = "challenge", chooser: Chooser | None = None) -> Game:
    """Play ``game`` to its end. Every seat is a bot of ``level``, except where
    ``chooser(game, seat)`` is given and returns an action (used for a seat a test or a
    person replays); it may return an empty string to let the bot act."""
    while not game.over:
        seat = game.to_act
        assert seat is not None
        action = chooser(game, seat) if chooser is not None else ""
        if not action:
            action = decide(level, read_view(game.view(seat))).action
        game = game.apply(seat, action)
    return game
