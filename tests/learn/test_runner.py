"""Playing scenarios: stateless replay, wrong moves with the engine's reasons, misses that
go back to the step's start, replies that are legal and never act for the learner."""

from __future__ import annotations

import random

import pytest

from shared.course import BadMoves, Lesson, all_scenarios, build_position, scenario
from shared.course.authoring import fill_history
from shared.course.replies import plain_action, scripted_action
from shared.course.scenario import Scenario
from shared.spades import Game, IllegalAction, RuleSet


def _answer(lesson: Lesson) -> list[str]:
    return [m for step in lesson.steps for m in step.answer]


def test_a_position_is_rebuilt_from_the_moves_alone() -> None:
    lesson = Lesson(scenario("following"))
    first = lesson.move(lesson.start, "play 5C")
    assert (first.result, first.kind, first.completed) == ("ok", "step", 0)
    again = Lesson(scenario("following")).replay(["play 5C"])
    assert again.game == first.position.game and again.step == 1
    assert again.moves == ("play 5C",) and not again.done


def test_an_illegal_move_is_answered_with_the_engine_s_reason_and_changes_nothing() -> None:
    lesson = Lesson(scenario("following"))
    result = lesson.move(lesson.start, "play 3S")
    with pytest.raises(IllegalAction) as err:
        lesson.start.game.apply(0, "play 3S")
    assert (result.result, result.kind, result.reason) == ("wrong", "illegal", err.value.reason)
    assert result.reason == "You must follow clubs."
    assert result.position == lesson.start and result.frames == ()
    for text, reason in [("play QS", "You do not hold QS."),
                         ("bid 4", "The bidding is over; play a card."),
                         ("jump", "'jump' is not an action (try 'bid 4', 'bid nil', "
                                  "'play AS', 'pass 2C 3D' or 'look').")]:
        assert lesson.move(lesson.start, text).reason == reason


def test_a_legal_move_that_misses_is_explained_and_not_applied() -> None:
    lesson = Lesson(scenario("teams"))
    result = lesson.move(lesson.start, "play 4H")
    assert (result.result, result.kind) == ("wrong", "miss")
    assert result.reason.startswith("The 4♥ is lower than West's 9♥")
    assert result.position == lesson.start


def test_a_miss_after_replies_shows_the_table_then_goes_back_to_the_step() -> None:
    lesson = Lesson(scenario("nil"))
    result = lesson.move(lesson.start, "play 6H")
    assert (result.result, result.kind) == ("wrong", "miss")
    assert [f.action for f in result.frames] == ["play 6H", "play 9H", "play QH"]
    assert result.frames[-1].winner == 2  # North won the trick: the Nil is lost
    assert result.shown.tricks_won[2] == 1
    assert result.position.game == lesson.start.game and result.position.moves == ()


def test_a_run_of_moves_goes_on_until_the_hand_decides_it() -> None:
    lesson = Lesson(scenario("nil-duck"))
    first = lesson.move(lesson.start, "play 9H")
    assert (first.result, first.kind) == ("ok", "continue")
    assert first.position.step == 0 and first.position.moves == ("play 9H",)
    second = lesson.move(first.position, "play 3C")
    last = lesson.move(second.position, "play KH")
    assert last.result == "done" and last.position.done
    record = lesson.record(last.position.game)
    assert record is not None and record["tricks"][0] == 0
    assert record["teams"][0]["nil_points"] == 100


@pytest.mark.parametrize("s", all_scenarios(), ids=lambda s: s.id)
def test_the_replies_are_legal_and_never_act_for_the_learner(s: Scenario) -> None:
    lesson = Lesson(s)
    position = lesson.start
    replay = build_position(s)
    for step, move in enumerate(_answer(lesson)):
        result = lesson.move(position, move)
        assert result.result != "wrong", result.reason
        frames = list(result.frames)
        assert frames[0].seat == s.seat and frames[0].action == move
        finishing = result.result == "done"
        for frame in frames[1:]:
            assert finishing or frame.seat != s.seat, f"a reply acted for the learner ({step})"
        for frame in frames:
            silent_look = (frame.action not in ("look", "bid blind nil")
                           and replay.phase == "bidding" and not replay.looked[frame.seat])
            if silent_look:  # the runner turns the learner's cards up without a frame
                replay = replay.apply(frame.seat, "look")
            replay = replay.apply(frame.seat, frame.action)  # raises if it was not legal
        position = result.position
    assert position.done
    assert replay.history == position.game.history


def test_replay_refuses_moves_that_are_no_accepted_path() -> None:
    lesson = Lesson(scenario("teams"))
    cases = [(["play 4H"], "Move 1 ('play 4H') was not accepted"),
             (["play AH", "play 4H"], "The lesson was over before move 2"),
             ("play AH", "must be a list"), ([3], "Move 1 is not an action text"),
             (["play AH"] * 61, "at most 60 moves")]
    for moves, message in cases:
        with pytest.raises(BadMoves) as err:
            lesson.replay(moves)  # type: ignore[arg-type]
        assert message in str(err.value)
    with pytest.raises(BadMoves):
        lesson.move(lesson.replay(["play AH"]), "play 4H")


def test_the_plain_player_only_chooses_legal_actions() -> None:
    rules = RuleSet.preset("standard", nil_pass=1)
    for seed in range(40):
        rng = random.Random(seed)
        g = Game.new(rules, seed)
        while not g.history:
            seat = g.to_act
            assert seat is not None
            legal = [str(a) for a in g.legal_actions(seat)]
            script = tuple(rng.sample(legal, min(2, len(legal)))) if rng.random() < .3 else ()
            action = scripted_action(g, seat, script) if script else plain_action(g, seat)
            assert action in legal
            g = g.apply(seat, action)


def test_the_authoring_helper_invents_histories_the_engine_accepts() -> None:
    hands = [["AH", "4H"], ["9H", "KC"], ["2C", "3C"], ["5H", "2S"]]
    tricks = fill_history(hands, [3, 3, 3, 2], dealer=3, leader=1, broken=True, seed=9)
    assert len(tricks) == 11
    data = {"id": "made-up", "title": "t", "hands": [" ".join(h) for h in hands],
            "bids": ["4", "3", "3", "3"], "tricks": tricks,
            "steps": [{"prompt": "p", "goal": {"action": "AH"}, "answer": ["AH"], "miss": "m"}]}
    game = build_position(Scenario.from_dict(data))
    assert list(game.tricks_won) == [3, 3, 3, 2] and game.to_act == 1 and game.broken
    with pytest.raises(ValueError, match="add up to 11"):
        fill_history(hands, [3, 3, 3, 3], dealer=3, leader=1, broken=True)
