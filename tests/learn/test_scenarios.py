"""Every scenario is validated by the engine, and a broken one fails validation."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from shared.course import (
    LESSON_IDS,
    PRACTICE_IDS,
    Lesson,
    Scenario,
    ScenarioError,
    all_scenarios,
    build_position,
    scenario,
    validate,
)
from shared.course.lessons_play import FOLLOWING, NIL, TEAMS
from shared.course.lessons_score import LEVELS

COURSE_ORDER = ("teams", "bidding", "following", "spades", "nil", "blind-nil", "set", "bags",
                "target", "next-hand", "levels")


@pytest.mark.parametrize("scenario_id", [*LESSON_IDS, *PRACTICE_IDS])
def test_every_scenario_passes_the_engine_validator(scenario_id: str) -> None:
    report = validate(scenario(scenario_id))
    assert report.ok, "\n".join(report.problems)
    assert report.endings >= 1 and report.moves_tried >= 2


def test_the_lessons_come_in_the_teaching_order_of_the_course() -> None:
    assert LESSON_IDS == COURSE_ORDER
    assert set(PRACTICE_IDS) == {"nil-duck", "tie"}
    assert [s.id for s in all_scenarios()] == [*LESSON_IDS, *PRACTICE_IDS]


@pytest.mark.parametrize("scenario_id", LESSON_IDS)
def test_each_lesson_is_short_and_ends_with_the_score_lines(scenario_id: str) -> None:
    s = scenario(scenario_id)
    words = sum(len(p.split()) for p in (*s.intro, *(st.prompt for st in s.steps)))
    assert words <= 200, f"{scenario_id} has {words} words of text before the moves"
    assert len(s.steps) <= 2 and s.expected is not None and s.outro


def test_the_bidding_lesson_explains_its_count_of_sure_tricks() -> None:
    s = scenario("bidding")
    text = " ".join(s.intro)
    assert "sure tricks" in text and "Ace is one" in text
    assert s.steps[0].hint.startswith("Tip: bid 4.") and "sure winners (3)" in s.steps[0].hint
    assert s.steps[0].goal.actions == ("bid 4",)


def test_the_wrong_move_examples_carry_the_engine_s_own_reasons() -> None:
    reasons = {w.reason for s in all_scenarios() for st in s.steps for w in st.wrong}
    assert {"You must follow clubs.", "Spades are not broken yet.",
            "You must follow hearts.",
            "Look at your cards first, or bid Blind Nil without looking.",
            "Bidding is not over yet: every player bids before the first card."} <= reasons


def _broken(data: dict[str, Any], **change: Any) -> list[str]:
    changed = copy.deepcopy(data)
    for key, value in change.items():
        if key.startswith("step_"):
            changed["steps"][0][key[5:]] = value
        else:
            changed[key] = value
    return list(validate(Scenario.from_dict(changed)).problems)


def test_a_wrong_move_example_with_another_reason_fails() -> None:
    problems = _broken(FOLLOWING, step_wrong=[{"action": "play 3S", "reason": "Nope."}])
    assert any("refuses 'play 3S' with 'You must follow clubs.', not 'Nope.'" in p
               for p in problems)


def test_a_wrong_move_example_that_is_legal_fails() -> None:
    problems = _broken(FOLLOWING, step_wrong=[{"action": "play KC", "reason": "x"}])
    assert any("'play KC' is legal" in p for p in problems)


def test_expected_score_lines_that_differ_from_the_engine_fail() -> None:
    problems = _broken(TEAMS, expected={"us": {"hand_total": 71}, "them": {}})
    assert any("expected.us says hand_total 71 (engine: 70)" in p for p in problems)


def test_a_goal_no_move_reaches_fails() -> None:
    problems = _broken(TEAMS, step_goal={"action": "play KC"}, step_answer=["play KC"])
    assert any("the goal's 'play KC' is not legal" in p for p in problems)
    assert any("no learner move reaches the goal" in p for p in problems)
    assert any("the answer line fails" in p for p in problems)


def test_a_task_every_move_completes_fails() -> None:
    problems = _broken(TEAMS, step_goal={"any": ["AH", "4H"]})
    assert any("every learner move succeeds" in p for p in problems)


def test_a_script_entry_never_played_fails() -> None:
    problems = _broken(FOLLOWING, script=[["KC", "4D"], ["AS"], ["7H"], []])
    assert any("'play AS' for West is never played" in p for p in problems)


def test_a_state_goal_the_table_already_reached_fails() -> None:
    problems = _broken(FOLLOWING, step_goal={"state": {"team_took_at_least": 1}})
    assert any("already met before the learner moves" in p for p in problems)


def test_a_setup_the_rules_forbid_does_not_build() -> None:
    data = copy.deepcopy(FOLLOWING)
    # East plays the K of hearts on the club lead while keeping the 8 of clubs.
    data["tricks"] = [*data["tricks"][:-1], "2C AC KH"]
    data["hands"] = ["KC 5C 3S 4D", "9H JD 2D", "7H 6D TD", "8C 3D QD"]
    problems = validate(Scenario.from_dict(data)).problems
    assert list(problems) == ["the position does not build: Scenario 'following': East cannot "
                        "'play KH' here: You must follow clubs."]


@pytest.mark.parametrize(("change", "message"), [
    ({"hands": ["AH 4H", "KC", "3C", "3C"]}, "every card of the deck exactly once"),
    ({"hands": ["AH 4H 2D", "KC", "3C", "2S"]}, "South holds and played 14 cards"),
    ({"steps": []}, "at least one step"),
    ({"seat": 7}, "'seat' and 'dealer' are seats"),
    ({"rules": {"preset": "course", "target_score": 3}}, "target score"),
    ({"colour": "red"}, "unknown key(s) colour"),
])
def test_malformed_scenarios_raise_a_sentence_naming_the_problem(change: dict[str, Any],
                                                                  message: str) -> None:
    data = {**copy.deepcopy(TEAMS), **change}
    with pytest.raises(ScenarioError) as err:
        build_position(Scenario.from_dict(data))
    assert message in str(err.value) and "'teams'" in str(err.value)


def test_goal_values_are_checked() -> None:
    for goal in ({"state": {"took_at_most": "none"}}, {"state": {"by": "ever"}},
                 {"state": {}}, {"jump": 1}, {"any": []}):
        data = copy.deepcopy(NIL)
        data["steps"][0]["goal"] = goal
        with pytest.raises(ScenarioError):
            Scenario.from_dict(data)


def test_the_levels_lesson_is_a_run_of_moves_judged_when_the_hand_ends() -> None:
    s = Scenario.from_dict(LEVELS)
    assert s.steps[0].goal.state is not None and s.steps[0].goal.state.by == "hand"
    assert not s.steps[0].hint  # Challenge: no hint
    lesson = Lesson(s)
    assert lesson.replay(["play 2D", "play TD"]).done
