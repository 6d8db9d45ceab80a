"""The validator: every scenario run through the engine before a learner sees it.

``validate(scenario)`` returns a ``Report`` whose ``problems`` are sentences (empty when
the scenario is sound). It checks that

- the position builds: the deal uses each card once and every bid and card of the setup
  is legal (``build_position``);
- at each step's start the learner is the seat to act, and a state goal is not met yet;
- each ``wrong`` example is refused by the engine with exactly the reason written;
- the step's ``answer`` reaches its goal, and the whole answer line plays the hand out;
- every learner move at every step is tried (depth first, across steps): each branch
  is legal or refused, replies are always legal (they are chosen from the engine's legal
  actions), every step has a branch that succeeds and one that misses (so the replies
  never finish the task for the learner), and every branch that completes the lesson
  ends with the ``expected`` score lines;
- every scripted action is played on the answer line (a script entry that never fits is
  a typo or a stale plan).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shared.spades import Game, SpadesError

from .runner import BadMoves, Lesson, Position
from .scenario import SCORE_FIELDS, SEATS, Scenario, ScenarioError, StateGoal

MAX_BRANCH_MOVES = 20_000


@dataclass(frozen=True, slots=True)
class Report:
    scenario: str
    problems: tuple[str, ...]
    moves_tried: int = 0
    endings: int = 0  # branches that completed the lesson

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass
class _Walk:
    lesson: Lesson
    tried: int = 0
    endings: int = 0
    hits: set[int] = field(default_factory=set)
    misses: set[int] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)


def score_lines(lesson: Lesson, game: Game) -> tuple[dict[str, int], dict[str, int]] | None:
    """The lesson hand's score lines per team, in the fields ``expected`` may name."""
    record = lesson.record(game)
    if record is None:
        return None
    out = []
    for team in record["teams"]:
        out.append({name: int(team[name]) for name in SCORE_FIELDS})
    return out[0], out[1]


def _result_problem(scenario: Scenario, got: tuple[dict[str, int], dict[str, int]] | None,
                    where: str) -> str | None:
    if scenario.expected is None:
        return None
    if got is None:
        return f"{where}: the hand was not scored."
    for team, (want, have) in enumerate(zip(scenario.expected, got, strict=True)):
        side = "us" if team == scenario.team else "them"
        wrong = {k: (v, have[k]) for k, v in want.items() if have[k] != v}
        if wrong:
            said = ", ".join(f"{k} {v[0]} (engine: {v[1]})" for k, v in wrong.items())
            return f"{where}: expected.{side} says {said}."
    return None


def _reached_already(lesson: Lesson, state: StateGoal, game: Game) -> bool:
    # Only conditions that must be *reached* count: an at-most count holds at the start
    # by nature, and it is the learner's moves that keep it.
    reaching = StateGoal(by=state.by, took_at_least=state.took_at_least,
                         team_took_at_least=state.team_took_at_least,
                         spades_broken=state.spades_broken)
    return reaching != StateGoal(by=state.by) and lesson.holds(reaching, game)


def _check_step_start(lesson: Lesson, position: Position, problems: list[str]) -> None:
    n = position.step
    step = lesson.steps[n]
    game = position.game
    label = f"step {n + 1}"
    if game.to_act != lesson.seat:
        problems.append(f"{label}: the learner ({SEATS[lesson.seat]}) is not the seat to act.")
        return
    legal = {str(a) for a in game.legal_actions(lesson.seat)}
    for action in step.goal.actions:
        if action not in legal:
            problems.append(f"{label}: the goal's {action!r} is not legal at the step's start.")
    state = step.goal.state
    if state is not None and state.by != "hand" and _reached_already(lesson, state, game):
        problems.append(f"{label}: the goal is already met before the learner moves.")
    for wrong in step.wrong:
        try:
            game.apply(lesson.seat, wrong.action)
        except SpadesError as err:
            if err.reason != wrong.reason:
                problems.append(f"{label}: the engine refuses {wrong.action!r} with "
                                f"{err.reason!r}, not {wrong.reason!r}.")
        else:
            problems.append(f"{label}: {wrong.action!r} is legal, so it is no wrong-move example.")


def _walk(walk: _Walk, position: Position) -> None:
    lesson = walk.lesson
    if walk.tried > MAX_BRANCH_MOVES:
        return
    for action in [str(a) for a in position.game.legal_actions(lesson.seat)]:
        walk.tried += 1
        if walk.tried > MAX_BRANCH_MOVES:
            walk.problems.append(f"more than {MAX_BRANCH_MOVES} learner moves to try: start "
                                 "the lesson later in the hand or narrow its goals.")
            return
        try:
            result = lesson.move(position, action)
        except (SpadesError, ValueError) as err:
            walk.problems.append(f"step {position.step + 1}: {action!r} broke the lesson: {err}")
            continue
        if result.result == "wrong":
            walk.misses.add(position.step)
            if result.kind == "illegal":
                walk.problems.append(f"step {position.step + 1}: the engine listed {action!r} "
                                     f"as legal and then refused it: {result.reason}")
            continue
        if result.kind != "continue":
            walk.hits.add(position.step)
        if result.result == "done":
            walk.endings += 1
            where = f"after {' / '.join(result.position.moves)}"
            problem = _result_problem(lesson.scenario, score_lines(lesson, result.shown), where)
            if problem and problem not in walk.problems:
                walk.problems.append(problem)
            continue
        if result.kind == "step":
            _check_step_start(lesson, result.position, walk.problems)
        _walk(walk, result.position)


def _script_problems(lesson: Lesson, answer_game: Game) -> list[str]:
    played: list[set[str]] = [set(), set(), set(), set()]
    for seat, text in answer_game.events:
        played[seat].add(text)
    problems = []
    for seat, script in enumerate(lesson.scenario.script):
        for text in script:
            if text not in played[seat]:
                problems.append(f"the script's {text!r} for {SEATS[seat]} is never played "
                                "on the answer line.")
    return problems


def _text_problems(scenario: Scenario) -> list[str]:
    problems = []
    if not scenario.title.strip():
        problems.append("the title is empty.")
    if scenario.kind == "lesson" and scenario.expected is None:
        problems.append("a lesson must give the 'expected' score lines it ends with.")
    for n, step in enumerate(scenario.steps, 1):
        if not step.prompt.strip() or not step.miss.strip():
            problems.append(f"step {n} needs a prompt and a miss text.")
    return problems


def validate(scenario: Scenario) -> Report:
    """Run ``scenario`` through the engine; see the module docstring for what is checked."""
    problems = _text_problems(scenario)
    try:
        lesson = Lesson(scenario)
    except (ScenarioError, SpadesError, ValueError) as err:
        return Report(scenario.id, (*problems, f"the position does not build: {err}"))
    _check_step_start(lesson, lesson.start, problems)
    answer = [move for step in scenario.steps for move in step.answer]
    end: Any = None
    try:
        end = lesson.replay(answer)
    except BadMoves as err:
        problems.append(f"the answer line fails: {err}")
    if end is not None:
        if not end.done:
            problems.append("the answer line does not finish the lesson.")
        else:
            problem = _result_problem(scenario, score_lines(lesson, end.game), "answer line")
            if problem:
                problems.append(problem)
            problems += _script_problems(lesson, end.game)
    walk = _Walk(lesson)
    _walk(walk, lesson.start)
    problems += walk.problems
    for n, step in enumerate(scenario.steps):
        if step.wrong:
            walk.misses.add(n)  # a move the engine refuses is a decision of the step too
        if n not in walk.hits:
            problems.append(f"step {n + 1}: no learner move reaches the goal.")
        if n not in walk.misses:
            problems.append(f"step {n + 1}: every learner move succeeds, so the task is no "
                            "decision (or the replies finish it for the learner).")
    return Report(scenario.id, tuple(dict.fromkeys(problems)), walk.tried, walk.endings)

