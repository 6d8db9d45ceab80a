"""Whole games in the duplicate tournament: a game win rate with its interval beside the
points per hand, in every format."""

from __future__ import annotations

import pytest

from shared.bots.tournament import _ci95, main, run
from shared.spades import PRESETS, RuleSet


@pytest.mark.parametrize("preset", list(PRESETS))
def test_whole_games_report_a_win_rate_with_its_interval_in_every_format(preset: str) -> None:
    out = run("standard", "easy", RuleSet.preset(preset), 1, whole_games=True, procs=1)
    assert out["games_played"] == 2  # the seed twice, the sides swapped
    assert 0.0 <= out["a_win_rate"] <= 1.0
    assert out["a_win_rate_ci95"] >= 0.0
    assert "diff_per_hand" in out and "ci95" in out
    assert out["hands"] > 0


def test_the_win_interval_is_over_seed_pairs() -> None:
    # A pair won 1 of 2 each time has no spread; a pair won 2 and one won 0 has.
    assert _ci95([0.5, 0.5, 0.5]) == 0.0
    assert _ci95([1.0, 0.0]) == pytest.approx(1.96 * 0.7071 / 1.4142, abs=1e-3)


def test_the_command_reports_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--a", "easy", "--b", "easy", "--deals", "1", "--procs", "1", "--preset", "all",
          "--json"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(PRESETS)
