"""Fixed practice positions for the browser tests: a deal and the moves of a whole hand
but its last card, which the person plays (so the page shows that hand's result at a
known moment). Found by a search with a fixed random seed: the same position every run.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from shared.spades import Game, RuleSet

Want = Callable[[Game], bool]


def last_card_position(preset: str, seat: int, bids: dict[int, str], want: Want,
                       scores: tuple[int, int] = (0, 0), seed: int = 13,
                       tries: int = 20_000) -> dict[str, Any]:
    """A ``practice`` position (``{"deal", "dealer", "moves", "seat", "scores"}``) at
    ``preset``: ``bids`` by seat, then random legal plays up to the hand's last card,
    which is ``seat``'s; ``want(game)`` holds for the game once that card is played."""
    rules = RuleSet.preset(preset)
    rng = random.Random(seed)
    for _ in range(tries):
        start = Game.new(rules, rng.randrange(1 << 30), dealer=3, scores=scores)
        deal = [start.view(s).hand for s in range(4)]
        game = Game.new(rules, 0, dealer=3, deal=deal, scores=scores)
        moves: list[str] = []
        for _bid in range(4):
            who = game.to_act
            assert who is not None
            if not game.looked[who]:
                game = game.apply(who, "look")
            moves.append(bids[who])
            game = game.apply(who, bids[who])
        while len(moves) < 4 + 51:
            who = game.to_act
            assert who is not None
            action = rng.choice(game.view(who).legal)
            moves.append(action)
            game = game.apply(who, action)
        if game.to_act != seat:
            continue
        last = game.view(seat).legal
        if len(last) != 1 or not want(game.apply(seat, last[0])):
            continue
        return {"deal": deal, "dealer": 3, "moves": moves, "seat": seat, "scores": list(scores)}
    raise AssertionError("no such position found: widen the search")
