"""RuleSet: the four presets of issue 2, overrides, validation, round trip."""

from __future__ import annotations

import dataclasses

import pytest

from shared.spades import PRESETS, RuleSet


def test_standard_is_the_recommended_ruleset_of_001_section_15() -> None:
    r = RuleSet.preset("standard")
    assert (r.target_score, r.losing_score, r.max_hands) == (500, None, None)
    assert (r.nil_value, r.blind_nil, r.blind_nil_value) == (100, "any", 200)
    assert r.double_nil and r.nil_after_partner and r.nil_tricks_count_for_partner
    assert (r.bag_penalty, r.bag_limit, r.bag_penalty_points) == (True, 10, 100)
    assert r.bidding == "standard" and not r.jokers and not r.ten_for_two_hundred
    assert (r.nil_pass, r.blind_nil_pass, r.min_team_bid) == (0, 0, 0)


def test_quick_is_000() -> None:
    r = RuleSet.preset("quick")
    assert (r.target_score, r.losing_score, r.max_hands) == (250, -200, 30)
    assert r.blind_nil == "off"
    assert r.blind_nil_margin == 100  # what "switched on" (trailing) uses
    assert r.nil_tricks_count_for_partner is False
    assert (r.nil_value, r.blind_nil_value) == (100, 200)


def test_club_is_002() -> None:
    r = RuleSet.preset("club")
    assert r.target_score == 500
    assert r.blind_nil == "opening_bidder"
    assert r.nil_after_partner is False


def test_course_is_003() -> None:
    r = RuleSet.preset("course")
    assert r.target_score == 500 and r.losing_score is None
    assert r.blind_nil == "off" and r.double_nil is False and r.bag_penalty is True


def test_presets_differ_from_standard_only_where_their_texts_say() -> None:
    standard = RuleSet.preset("standard").to_dict()
    differences = {
        name: {k for k, v in PRESETS[name].to_dict().items() if standard[k] != v}
        for name in PRESETS
    }
    assert differences == {
        "standard": set(),
        "quick": {"name", "target_score", "losing_score", "max_hands", "blind_nil",
                  "nil_tricks_count_for_partner"},
        "club": {"name", "blind_nil", "nil_after_partner"},
        "course": {"name", "blind_nil", "double_nil"},
        "cutthroat": {"name", "partnerships"},
        "three_handed": {"name", "players", "partnerships"},
        "two_handed": {"name", "players", "partnerships", "blind_nil"},
        "six_handed": {"name", "players"},
    }


def test_presets_leave_every_variant_off() -> None:
    for rules in PRESETS.values():
        assert rules.bidding == "standard"
        assert not rules.jokers and not rules.ten_for_two_hundred
        assert rules.nil_pass == rules.blind_nil_pass == rules.min_team_bid == 0


def test_overrides_change_only_the_named_fields() -> None:
    r = RuleSet.preset("quick", blind_nil="trailing", target_score=300)
    assert r.blind_nil == "trailing" and r.target_score == 300
    assert r.losing_score == -200 and r.name == "quick"
    assert RuleSet.preset("course", bag_penalty=False).bag_penalty is False


def test_rules_are_immutable_and_hashable() -> None:
    r = RuleSet.preset("standard")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.target_score = 100  # type: ignore[misc]
    assert hash(r) == hash(RuleSet())
    assert RuleSet.preset("standard") == RuleSet()


@pytest.mark.parametrize("name", list(PRESETS))
def test_rules_round_trip_through_a_dict(name: str) -> None:
    extra = {"nil_pass": 2} if PRESETS[name].partnerships else {"bag_limit": 7}
    r = RuleSet.preset(name, jokers=True, **extra)
    assert RuleSet.from_dict(r.to_dict()) == r


@pytest.mark.parametrize(
    ("overrides", "reason"),
    [
        ({"target_score": 0}, "target score must be between 50 and 10000"),
        ({"losing_score": 10}, "losing score must be below zero"),
        ({"max_hands": 0}, "hand limit must be between 1 and 1000"),
        ({"blind_nil": "sometimes"}, "blind_nil must be one of off, any, trailing, opening_bidder"),
        ({"bidding": "auction"}, "bidding must be one of standard, whiz, mirror, suicide"),
        ({"nil_value": -5}, "nil_value must be between 0 and 1000"),
        ({"bag_limit": 0}, "bag limit must be between 1 and 100"),
        ({"nil_pass": 3}, "nil_pass must be 0, 1 or 2 cards"),
        ({"min_team_bid": 5}, "minimum team bid must be between 0 and 4"),
        ({"min_team_bid": 4, "bidding": "whiz"}, "only applies with standard bidding"),
        ({"bidding": "mirror"}, "Blind Nil must be off"),
        ({"bidding": "suicide", "nil_after_partner": False}, "Suicide needs Nil after"),
        ({"bag_penalty": 1}, "bag_penalty must be true or false"),
        ({"target_score": 250.0}, "target_score must be a whole number"),
        ({"target_score": True}, "target_score must be a whole number"),
        ({"losing_score": "low"}, "losing_score must be a whole number or none"),
    ],
)
def test_bad_rules_are_refused_with_a_sentence(overrides: dict[str, object], reason: str) -> None:
    with pytest.raises(ValueError, match="Invalid rules") as caught:
        RuleSet.preset("standard", **overrides)
    assert reason in str(caught.value)


def test_rules_need_a_name() -> None:
    with pytest.raises(ValueError, match="name of 1 to 40 characters"):
        RuleSet(name="")


def test_unknown_preset_and_option_are_named() -> None:
    with pytest.raises(ValueError, match="no preset 'bridge'; choose one of standard, quick"):
        RuleSet.preset("bridge")
    with pytest.raises(ValueError, match="Unknown rule option"):
        RuleSet.preset("standard", trumps="hearts")
    with pytest.raises(ValueError, match="Unknown rule option"):
        RuleSet.from_dict({"trumps": "hearts"})
    with pytest.raises(ValueError, match="mapping"):
        RuleSet.from_dict([])  # type: ignore[arg-type]


def test_free_values_of_issue_3_are_options() -> None:
    r = RuleSet.preset(
        "standard", nil_value=50, blind_nil_value=300, bag_limit=5, bag_penalty_points=50,
        target_score=300, losing_score=-300, max_hands=12,
    )
    assert (r.nil_value, r.blind_nil_value, r.bag_limit, r.bag_penalty_points) == (50, 300, 5, 50)
    assert (r.target_score, r.losing_score, r.max_hands) == (300, -300, 12)
