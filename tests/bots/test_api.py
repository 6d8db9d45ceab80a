"""The public face of shared.bots: levels, determinism, what a bot may know, advice."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from shared.bots import LEVELS, choose, hint, tip
from shared.spades import Game, RuleSet
from shared.spades.cards import SUIT_MASKS, cards_in

from .positions import position, to_act_view

ROOT = Path(__file__).resolve().parents[2]


def test_levels() -> None:
    assert LEVELS == ("easy", "standard", "challenge")


def test_unknown_level_and_spectator_are_refused() -> None:
    g = Game.new(RuleSet.preset("standard"), seed=3)
    with pytest.raises(ValueError, match="no bot level"):
        choose("grandmaster", g.view(0))
    with pytest.raises(ValueError, match="seat"):
        choose("easy", g.spectator_view())
    # Not North's turn, but a seat that has not looked may always look.
    assert g.view(2).legal == ["look"]
    assert choose("challenge", g.view(2)) == "look"
    g = position({}, bids=["bid 3"] * 4, plays=["2C"])
    with pytest.raises(ValueError, match="no legal action"):
        choose("standard", g.view(0))  # South led; West is to play


def _views_along_a_game(seed: int, count: int) -> list[Game]:
    """Positions from one seeded game played by Standard, every few decisions."""
    g = Game.new(RuleSet.preset("standard"), seed=seed)
    out: list[Game] = []
    step = 0
    while not g.over and len(out) < count:
        seat = g.to_act
        assert seat is not None
        if step % 7 == 3:
            out.append(g)
        g = g.apply(seat, choose("standard", g.view(seat)))
        step += 1
    return out


@pytest.mark.parametrize("level", (*LEVELS, "pimc"))
def test_same_view_same_action_also_as_a_dict(level: str) -> None:
    games = _views_along_a_game(11, 8 if level in ("challenge", "pimc") else 40)
    for g in games:
        assert g.to_act is not None
        view = g.view(g.to_act)
        first = choose(level, view)
        assert first in view.legal
        assert choose(level, view) == first
        assert choose(level, json.loads(json.dumps(view.to_dict()))) == first


def test_same_decisions_in_a_fresh_process_with_another_hash_seed() -> None:
    script = (
        "import json\n"
        "from shared.bots import choose\n"
        "from shared.spades import Game, RuleSet\n"
        "g = Game.new(RuleSet.preset('standard'), seed=5)\n"
        "out = []\n"
        "while len(g.history) == 0:\n"
        "    s = g.to_act\n"
        "    a = choose('challenge', g.view(s))\n"
        "    out.append(a)\n"
        "    g = g.apply(s, a)\n"
        "print(json.dumps(out))\n"
    )
    runs = []
    for hash_seed in ("1", "987"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                                capture_output=True, text=True, timeout=110, check=True)
        runs.append(json.loads(result.stdout))
    assert runs[0] == runs[1]
    assert len(runs[0]) >= 52


def _swap_hidden(g: Game, seat: int) -> Game:
    """The same game with other seats' unplayed cards exchanged within each suit
    (so every void shown stays true) and a different deal seed: the public history
    and ``seat``'s hand are unchanged."""
    hands = list(g.hands)
    others = [s for s in range(4) if s != seat]
    for suit in range(4):
        pools = [list(cards_in(hands[s] & SUIT_MASKS[suit])) for s in others]
        flat = [c for pool in pools for c in pool]
        flat.reverse()  # a different assignment of the same cards, same counts
        at = 0
        for s, pool in zip(others, pools, strict=True):
            hands[s] &= ~SUIT_MASKS[suit]
            for c in flat[at:at + len(pool)]:
                hands[s] |= 1 << c
            at += len(pool)
    saved = g.to_dict(events=False)
    saved["state"].update(hands=hands, deal_seed="0" * 32)
    return Game.from_dict(saved)


@pytest.mark.parametrize("level", (*LEVELS, "pimc"))
def test_hidden_cards_do_not_change_the_decision(level: str) -> None:
    changed = 0
    for g in _views_along_a_game(21, 6 if level in ("challenge", "pimc") else 30):
        seat = g.to_act
        assert seat is not None
        g2 = _swap_hidden(g, seat)
        changed += g2.hands != g.hands
        v1, v2 = g.view(seat), g2.view(seat)
        assert v1.commitment != v2.commitment
        assert v1.to_dict() | {"commitment": ""} == v2.to_dict() | {"commitment": ""}
        assert choose(level, v1) == choose(level, v2)
    assert changed  # the test did hide different cards


def test_tip_names_the_cards_behind_the_bid() -> None:
    g = position({0: "AS KS 4S 3S 2S AH 5H 4H 3H 2H 9D 8D 7D"},
                 bids=["bid 3", "bid 3", "bid 3"], plays=[], dealer=0)
    assert g.to_act == 0
    action, reason = tip(to_act_view(g))
    assert action.startswith("bid ") and action in g.view(0).legal
    assert "♠A" in reason and "♥A" in reason
    assert "void in clubs, can trump" in reason


def test_tip_and_hint_before_looking_at_the_cards() -> None:
    g = Game.new(RuleSet.preset("standard"), seed=2)
    view = g.view(0)
    assert view.hand_hidden
    action, reason = tip(view)
    assert action in view.legal and reason
    action, reason = hint(view)
    assert action in view.legal and reason
    if action == "look":  # why look rather than bid Blind Nil, not "look at your cards"
        assert "Blind Nil" in reason, reason


BARE = {"duck", "lead low", "forced", "look at your cards", "look at your cards first"}


@pytest.mark.parametrize("preset", ["quick", "cutthroat", "three_handed", "two_handed",
                                    "six_handed"])
def test_every_hint_of_a_hand_is_a_sentence(preset: str) -> None:
    """A practice table's Hint says why in words a person reads ("♣K likely", "trump
    with ♠3"): never a bare instruction with no reason ("duck", "lead low")."""
    rules = RuleSet.preset(preset)
    for seed in range(3):
        g = Game.new(rules, seed=seed)
        while len(g.history) == 0:
            seat = g.to_act
            assert seat is not None
            action, reason = hint(g.view(seat))
            assert len(reason.split()) >= 2 and reason not in BARE, (preset, seed, action,
                                                                      reason)
            g = g.apply(seat, action)


def test_hint_in_every_phase_is_legal_and_explained() -> None:
    rules = RuleSet.preset("standard", nil_pass=2)
    g = Game.new(rules, seed=4)
    seen = set()
    while len(g.history) == 0:
        seat = g.to_act
        assert seat is not None
        view = g.view(seat)
        action, reason = hint(view)
        assert action in view.legal
        assert reason
        seen.add(g.phase)
        g = g.apply(seat, action)
    assert {"bidding", "playing"} <= seen


def test_tip_outside_bidding_is_refused() -> None:
    g = position({}, bids=["bid 3"] * 4, plays=[])
    with pytest.raises(ValueError, match="no bid"):
        tip(g.view(0))
    action, _ = hint(g.view(0))
    assert action in g.view(0).legal
