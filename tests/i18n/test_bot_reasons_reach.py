"""Which bots' reasons a person can read. The Tip and the Hint are Standard's (its
reasons are catalogued: ``tip.*``, ``advice.*``); Easy's and the searching levels' own
reasons (``shared/bots/easy.py``, ``search_bid.py``, Challenge's in ``search_play.py``)
never leave the bots: the server takes only a bot's action (``choose``), whether it
searches (``searches``), and the Standard Tip and Hint (Standard's searched lead gives a
catalogued reason, ``advice.lead_played_out``).
The Hint of a seat with one legal action is catalogued too (``advice.only_action``)."""

from __future__ import annotations

import ast
from pathlib import Path

from server.i18n.catalogues import LANGUAGES, written
from shared.bots import choose, hint
from shared.i18n import Text
from shared.protocol import Advice
from shared.spades import Game, RuleSet

ROOT = Path(__file__).resolve().parents[2]
# What the server may take from the bots: an action, whether taking it searches, and
# Standard's Tip and Hint (and the catalogue of their sentences, which the server's
# catalogues register).
ALLOWED = {"shared.bots": {"LEVELS", "choose", "hint", "searches", "tip"},
           "shared.bots.reasons": {"*"}}


def bot_imports(tree: ast.Module) -> set[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("shared.bots"):
            found |= {(node.module or "", alias.name) for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {(alias.name, "*") for alias in node.names
                      if alias.name.startswith("shared.bots")}
    return found


def test_the_server_takes_only_an_action_or_standards_tip_and_hint_from_the_bots() -> None:
    used: set[tuple[str, str]] = set()
    for path in sorted((ROOT / "server").rglob("*.py")):
        used |= bot_imports(ast.parse(path.read_text(encoding="utf-8")))
    assert used, "the server plays bots and gives the Tip and the Hint"
    for module, name in used:
        assert name in ALLOWED.get(module, set()), (module, name)
    # choose() hands back the action alone: an Easy or searching bot's reason stays inside.
    game = Game.new(RuleSet(), seed=3)
    seat = game.to_act
    assert seat is not None
    for level in ("easy", "challenge"):
        action = choose(level, game.view(seat))
        assert isinstance(action, str) and action in game.view(seat).to_dict()["legal"]


def test_the_hint_of_a_seat_with_one_legal_action_is_said_in_every_language() -> None:
    game = Game.new(RuleSet(), seed=5)
    while game.to_act is not None and len(game.view(game.to_act).to_dict()["legal"]) > 1:
        seat = game.to_act
        game = game.apply(seat, choose("standard", game.view(seat)))
    seat = game.to_act
    assert seat is not None  # the last trick: every seat holds one card
    action, why = hint(game.view(seat))
    assert isinstance(why, Text) and why.key == "advice.only_action"
    assert Advice.of(action, why).key == "advice.only_action"
    assert written(why, "es") == "es lo único que puedes hacer"
    for lang in LANGUAGES:
        if lang != "en":
            assert written(why, lang) != str(why), lang
