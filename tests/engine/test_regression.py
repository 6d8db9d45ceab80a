"""Whole seeded games checked against their recorded results (see regression.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .regression import CASES, DATA, case_of, play_case

ENTRIES: list[dict[str, Any]] = json.loads(DATA.read_text())


def test_the_file_covers_every_case() -> None:
    assert [case_of(e) for e in ENTRIES] == CASES


def test_the_file_has_finished_games_of_every_preset() -> None:
    assert {e["preset"] for e in ENTRIES} == {"standard", "quick", "club", "course"}
    assert any(e["result"]["outcome"] in (0, 1) for e in ENTRIES)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: f"{e['preset']}-{e['seed']}")
def test_regression_game(entry: dict[str, Any]) -> None:
    assert play_case(case_of(entry)) == entry
