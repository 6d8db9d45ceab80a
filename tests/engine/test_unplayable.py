"""``GameState.unplayable`` gives, for every held card, what ``play_problem`` gives."""

from __future__ import annotations

import pytest

from shared.spades import Game, RuleSet
from shared.spades.cards import cards_in

from .support import hashed


def _states(rules: RuleSet, seed: int) -> list[Game]:
    game = Game.new(rules, seed=seed)
    policy = hashed(f"unplayable-{seed}")
    out = [game]
    while not game.over and len(out) < 400:
        seat = game.to_act
        assert seat is not None
        game = game.apply(seat, policy(game))
        out.append(game)
    return out


@pytest.mark.parametrize(
    "preset", ["standard", "cutthroat", "three_handed", "two_handed", "six_handed"])
def test_every_held_card_has_play_problems_reason(preset: str) -> None:
    rules = RuleSet.preset(preset)
    checked = 0
    for seed in range(3):
        for game in _states(rules, seed):
            for seat in range(game.seats):
                expected = {}
                for card in cards_in(game.hands[seat]):
                    reason = game.play_problem(seat, card)
                    if reason is not None:
                        expected[card] = reason
                assert game.unplayable(seat) == expected
                checked += len(expected)
    assert checked > 1000
