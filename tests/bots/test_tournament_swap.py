"""The tournament's ``--swap OTHER@KIND``: a level with another's decision at one kind of
position, paired seed by seed against the level alone."""

from __future__ import annotations

import pytest

from shared.bots.knowledge import read_view
from shared.bots.players import decide
from shared.bots.positions import KINDS, position_kind
from shared.bots.tournament import _decide, main, run_swap, swapped
from shared.spades import Game, RuleSet

STANDARD = RuleSet.preset("standard")


def _kinds_of_a_hand(opening_bids: dict[int, str]) -> list[tuple[int, str]]:
    """(seat, kind) of every decision of the first hand: each seat looks at its cards,
    the seats in ``opening_bids`` bid those, the others 3; every card the first legal."""
    game = Game.new(STANDARD, seed=3)
    seen: list[tuple[int, str]] = []
    while game.hand_no == 0 and game.to_act is not None:
        seat = game.to_act
        k = read_view(game.view(seat))
        seen.append((seat, position_kind(k)))
        legal = game.legal_actions()
        if game.phase == "bidding":
            wanted = opening_bids.get(seat, "bid 3")
            texts = [str(a) for a in legal]
            action = legal[texts.index(wanted if wanted in texts else "look")]
        else:
            action = legal[0]
        game = game.apply(seat, action)
    return seen


def test_the_kinds_of_a_hand_without_nil_are_the_bids_then_the_places_in_the_trick() -> None:
    kinds = [kind for _, kind in _kinds_of_a_hand({})]
    assert kinds[:8] == ["bid"] * 8  # four looks, four bids
    plays = kinds[8:]
    assert plays == ["lead", "second", "third", "fourth"] * 13


def test_while_a_nil_is_clean_its_side_and_the_others_are_told_apart() -> None:
    # South (0) bids Nil and plays its lowest legal card: it stays clean a while.
    seen = _kinds_of_a_hand({0: "bid nil"})
    first_trick = seen[8:12]
    by_seat = dict(first_trick)
    assert by_seat == {0: "nilown", 1: "nilopp", 2: "nilpartner", 3: "nilopp"}
    assert all(kind in KINDS for _, kind in seen)


def test_a_swapped_level_takes_the_other_decision_only_at_that_kind() -> None:
    game = Game.new(STANDARD, seed=5)
    level = swapped("easy", "standard", "lead")
    checked = set()
    while game.hand_no == 0 and game.to_act is not None:
        seat = game.to_act
        k = read_view(game.view(seat))
        expected = decide("standard" if position_kind(k) == "lead" else "easy", k)
        assert _decide(level, k).action == expected.action
        checked.add(position_kind(k))
        game = game.apply(seat, expected.action)
    assert {"bid", "lead", "second", "fourth"} <= checked


def test_swapping_a_levels_own_decision_changes_no_pair_over_several_processes() -> None:
    # With two processes and a chunk a seed, the chunks finish in any order: the two
    # runs must be paired by seed, not by the order their results came back in.
    out = run_swap("standard", "standard", "lead", "easy", STANDARD, 8, procs=2)
    assert out["swap"] == "standard@lead"
    assert out["swap_diff_per_hand"] == 0.0
    assert out["swap_ci95"] == 0.0
    assert out["swap_a_diff_per_hand"] == out["diff_per_hand"]


def test_another_levels_bids_change_the_result_and_whole_games_report_the_win_change(
) -> None:
    out = run_swap("standard", "easy", "bid", "easy", STANDARD, 2, whole_games=True, procs=1)
    assert out["swap_diff_per_hand"] != 0.0
    assert -1.0 <= out["swap_win_rate_change"] <= 1.0
    assert out["swap_win_rate_change_ci95"] >= 0.0
    assert 0.0 <= out["swap_a_win_rate"] <= 1.0


@pytest.mark.parametrize("bad", ["standard", "standard@middle", "nobody@lead", "@lead"])
def test_a_swap_that_is_not_other_at_kind_is_refused_with_the_choices(
        bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--a", "easy", "--b", "easy", "--deals", "1", "--procs", "1", "--swap", bad])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "is not OTHER@KIND" in err and "nilpartner" in err and "trickster" in err
