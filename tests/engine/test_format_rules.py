"""RuleSet formats (issue 15): seats, sides, partners, presets and what solo refuses."""

from __future__ import annotations

import pytest

from shared.spades import PRESET_LINES, PRESETS, RuleSet


def test_the_format_presets_and_their_sides() -> None:
    expect = {
        "standard": (4, False, ((0, 2), (1, 3))),
        "cutthroat": (4, True, ((0,), (1,), (2,), (3,))),
        "three_handed": (3, True, ((0,), (1,), (2,))),
        "two_handed": (2, True, ((0,), (1,))),
        "six_handed": (6, False, ((0, 3), (1, 4), (2, 5))),
    }
    for name, (seats, solo, teams) in expect.items():
        r = RuleSet.preset(name)
        assert (r.seats, r.solo, r.teams) == (seats, solo, teams), name
        for side, members in enumerate(teams):
            for seat in members:
                assert r.team_of(seat) == side
                partner = r.partner_of(seat)
                assert partner == (None if solo else next(s for s in members if s != seat))


def test_tricks_per_hand_and_the_draw() -> None:
    assert [RuleSet.preset(n).tricks_per_hand for n in
            ("standard", "cutthroat", "three_handed", "two_handed", "six_handed")] == [
        13, 13, 17, 13, 17]
    assert RuleSet.preset("two_handed").draw and not RuleSet.preset("cutthroat").draw
    assert RuleSet.preset("six_handed").decks == 2 and RuleSet.preset("standard").decks == 1


def test_every_preset_has_a_line() -> None:
    assert set(PRESET_LINES) == set(PRESETS)
    assert all(0 < len(line) <= 120 for line in PRESET_LINES.values())


@pytest.mark.parametrize(("options", "words"), [
    ({"players": 5}, "2, 3, 4 or 6 players"),
    ({"players": 3}, "without partnerships"),
    ({"players": 2}, "without partnerships"),
    ({"players": 6, "partnerships": False}, "three partnerships"),
    ({"players": 2, "partnerships": False}, "Blind Nil must be off"),
    ({"players": "4"}, "players must be a whole number"),
    ({"partnerships": 0}, "partnerships must be true or false"),
])
def test_bad_formats_are_refused_with_a_sentence(options: dict[str, object],
                                                 words: str) -> None:
    with pytest.raises(ValueError, match=words):
        RuleSet(**options)  # type: ignore[arg-type]


@pytest.mark.parametrize(("option", "value", "words"), [
    ("nil_pass", 1, "Nil card passes need a partner"),
    ("blind_nil_pass", 2, "Nil card passes need a partner"),
    ("min_team_bid", 4, "minimum team bid needs partners"),
    ("bidding", "suicide", "Suicide bidding needs partners"),
    ("nil_tricks_count_for_partner", False, "counting for the partner needs partners"),
    ("double_nil", False, "Double Nil"),
    ("nil_after_partner", False, "Nil after the partner's bid needs partners"),
])
@pytest.mark.parametrize("preset", ["cutthroat", "three_handed", "two_handed"])
def test_solo_refuses_the_options_that_need_a_partner(preset: str, option: str,
                                                      value: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        RuleSet.preset(preset, **{option: value})


def test_the_partnership_options_stay_open_to_six_and_to_four_partners() -> None:
    for name in ("standard", "six_handed"):
        r = RuleSet.preset(name, nil_pass=2, min_team_bid=4, double_nil=False)
        assert r.nil_pass == 2 and r.min_team_bid == 4


def test_solo_keeps_the_options_that_make_sense_alone() -> None:
    r = RuleSet.preset("cutthroat", blind_nil="trailing", blind_nil_margin=50,
                       bag_limit=5, target_score=300, losing_score=-200, max_hands=20,
                       nil_value=50, bidding="whiz", jokers=True)
    assert r.blind_nil == "trailing" and r.bidding == "whiz"
    assert RuleSet.from_dict(r.to_dict()) == r
