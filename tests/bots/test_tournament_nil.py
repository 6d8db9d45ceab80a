"""The tournament's Nil figures: Nil bids per 100 hands, made, covered, set."""

from __future__ import annotations

from shared.bots.tournament import SideStats, _cover_tally, run
from shared.spades import RuleSet


def _review(bids: list[object], tricks: list[list[object]]) -> dict[str, object]:
    return {"bids": bids, "tricks": tricks}


def test_cover_chances_count_tricks_where_the_partner_plays_after_a_winning_nil_card() -> None:
    sides = (SideStats(), SideStats())
    bids: list[object] = [3, 4, "nil", 4]  # North (2) bid Nil; South (0) covers
    tricks: list[list[object]] = [
        # North leads the 9 of hearts, East ducks, South overtakes: covered.
        [2, ["9H", "2H", "KH", "3H"], 0],
        # West leads the 2, North's 5 is winning when South plays, South cannot beat it
        # and East ducks: North takes it, a chance not covered.
        [1, ["2C", "5C", "3C", "4C"], 2],
        # North is no longer clean: no more chances.
        [2, ["6D", "2D", "3D", "4D"], 2],
    ]
    _cover_tally(_review(bids, tricks), sides)
    assert (sides[0].cover_chances, sides[0].covered) == (2, 1)
    assert (sides[1].cover_chances, sides[1].covered) == (0, 0)


def test_the_report_has_nil_figures_for_each_side() -> None:
    out = run("standard", "easy", RuleSet.preset("standard"), 6, procs=1)
    for side in ("a", "b"):
        for name in ("nil_per_100_hands", "nil_success_rate", "partner_nil_covered_rate",
                     "opp_nil_set_rate", "cover_chances"):
            assert f"{side}_{name}" in out
    assert out["b_nil_per_100_hands"] == 0.0  # Easy never bids Nil unless forced
    if out["a_nil_bids"]:
        assert abs(out["b_opp_nil_set_rate"] + out["a_nil_success_rate"] - 1) < 2e-4
