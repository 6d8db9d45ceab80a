"""docs/deals.md stays true: its worked example and its reference program are run
against the engine's deal (``shared.spades.deal``), so a reader who reimplements the
shuffle from the page gets the room's cards."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from shared.spades import Game, RuleSet, commitment, derive_deal_seed
from shared.spades.cards import card_code, codes_of
from shared.spades.deal import _keys, deal_cards, deck_mask, shuffled

DOC = Path(__file__).resolve().parents[2] / "docs" / "deals.md"


def _section(title: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def _fenced(section: str, lang: str) -> str:
    found = re.search(rf"```{lang}\n(.*?)```", section, re.S)
    assert found, f"docs/deals.md has no ```{lang} block in this section"
    return found.group(1)


def _example() -> dict[str, str]:
    lines = _fenced(_section("A worked example"), "text").strip().splitlines()
    # "seat 0   5C 9C ..." and "keys 0-3   ..." have a two-word name; the rest one.
    pairs = [re.match(r"(seat \d|keys \S+|\S+(?: \S+)?)\s{2,}(.*)", line) for line in lines]
    assert all(pairs), lines
    return {m.group(1): m.group(2).strip() for m in pairs if m}


def _reference() -> Any:
    namespace: dict[str, Any] = {}
    exec(compile(_fenced(_section("A reference program"), "python"), str(DOC), "exec"),
         namespace)
    return SimpleNamespace(**namespace)


def test_the_worked_example_is_what_the_engine_deals() -> None:
    ex = _example()
    game_seed, hand = int(ex["game seed"]), int(ex["hand"])
    seed = derive_deal_seed(game_seed, hand)
    assert ex["deal seed"] == seed
    assert ex["commitment"] == commitment(seed)
    deck = deck_mask(4, jokers=False)
    keys = _keys(seed, 52)
    assert ex["keys 0-3"].split() == [f"{k:016x}" for k in keys[:4]]
    assert ex["block 0"] == "".join(f"{k:016x}" for k in keys[:4])
    order = [card_code(c) for c in shuffled(seed, deck)]
    shown = ex["shuffled"].split()
    assert order[:len(shown)] == shown
    hands = deal_cards(seed, int(ex["dealer"]), 4, deck)
    for seat in range(4):
        assert ex[f"seat {seat}"].split() == codes_of(hands[seat])


@pytest.mark.parametrize(("players", "jokers"), [(4, False), (4, True), (3, False),
                                                  (3, True), (6, False), (6, True)])
def test_the_reference_program_deals_as_the_engine(players: int, jokers: bool) -> None:
    ref = _reference()
    for game_seed in (0, 7, 8851121954421470, 2**63 - 1):
        for hand in (0, 1, 5):
            seed = ref.deal_seed(game_seed, hand)
            assert seed == derive_deal_seed(game_seed, hand)
            assert ref.commitment(seed) == commitment(seed)
            for dealer in range(players):
                want = deal_cards(seed, dealer, players, deck_mask(players, jokers))
                assert ref.deal(seed, dealer, players, jokers) == [codes_of(m) for m in want]


@pytest.mark.parametrize("jokers", [False, True])
def test_the_reference_shuffle_is_the_two_handed_stock(jokers: bool) -> None:
    ref = _reference()
    seed = derive_deal_seed(12345, 2)
    want = [card_code(c) for c in shuffled(seed, deck_mask(2, jokers))]
    assert [ref.code(c) for c in ref.shuffle(seed, ref.deck(2, jokers))] == want


def test_the_example_is_the_first_hand_of_a_real_game() -> None:
    """The page's 'dealer' and 'seat' lines are what a game with that seed deals: the
    engine's own Game, not only the deal functions."""
    ex = _example()
    game = Game.new(RuleSet.preset("standard"), seed=int(ex["game seed"]),
                    dealer=int(ex["dealer"]))
    assert game.view(0).commitment == ex["commitment"]
    assert [codes_of(m) for m in game.dealt] == [ex[f"seat {s}"].split() for s in range(4)]
