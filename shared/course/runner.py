"""Playing a scenario: the learner's moves in, the engine's answers and the replies out.

``Lesson(scenario)`` is pure and keeps nothing between calls: a ``Position`` is a value,
and ``Lesson.replay(moves)`` rebuilds one from the learner's accepted moves, so a web
server can stay stateless (the browser sends its moves each time).

``Lesson.move(position, text)`` answers with a ``MoveResult``:

- ``wrong``/``illegal``: the engine refused the move; ``reason`` is its sentence.
- ``wrong``/``miss``: a legal move that misses the step's goal; ``reason`` says why.
  The position goes back to the start of the step (for a state goal whose replies were
  played, ``shown`` is how the table ended up, to show before the retry).
- ``ok``/``continue``: a state goal judged at the hand's end goes on.
- ``ok``/``step``: the step's goal is reached; the replies run to the next step.
- ``done``/``done``: the last goal is reached and the hand was played out (every seat,
  the learner's too, by script and plain player); ``position.game.history`` holds the
  hand's score lines.

Replies never run while the learner has a decision in a step; they stop when the hand
is scored, so a lesson is always one hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from shared.i18n import Template
from shared.spades import Action, Game, SpadesError
from shared.spades.cards import CODES

from .replies import scripted_action
from .scenario import Scenario, StateGoal, build_position

MAX_MOVES = 60
# Why a lesson's moves cannot be replayed (the page sends them back with each move; only
# a stale or edited page meets these), as catalogue entries: the page says them in its
# reader's language.
LESSON_OVER = Template("lesson_refused.over", "The lesson is over; start it again to replay it.")
MOVES_NOT_LIST = Template("lesson_refused.moves_not_list",
                          "The moves must be a list of actions like 'play AS'.")
TOO_MANY_MOVES = Template("lesson_refused.too_many_moves", "A lesson takes at most {count} moves.")
MOVE_NOT_TEXT = Template("lesson_refused.move_not_text", "Move {n} is not an action text.")
OVER_BEFORE = Template("lesson_refused.over_before", "The lesson was over before move {n} "
                       "({move}).")
NOT_ACCEPTED = Template("lesson_refused.not_accepted", "Move {n} ({move}) was not accepted: "
                        "{reason}")


class BadMoves(ValueError):
    """The moves sent are not a path the lesson accepts; the text says which move."""


@dataclass(frozen=True, slots=True)
class Frame:
    """One action on the table, with the trick as it stands after it."""

    seat: int
    action: str
    trick: tuple[tuple[int, str], ...]
    winner: int | None  # set when this card completed the trick

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action,
                "trick": [[s, c] for s, c in self.trick], "winner": self.winner}


@dataclass(frozen=True, slots=True)
class Position:
    """Where the learner is: the game, the step, the moves accepted so far."""

    game: Game
    step: int  # the current step; equals the number of steps when the lesson is done
    moves: tuple[str, ...]
    step_start: int  # how many of ``moves`` came before the current step
    step_game: Game  # the game when the current step began (a miss goes back to it)
    done: bool = False


@dataclass(frozen=True, slots=True)
class MoveResult:
    result: str  # "ok", "wrong", "done"
    kind: str  # "continue", "step", "illegal", "miss", "done"
    reason: str
    frames: tuple[Frame, ...]
    position: Position
    shown: Game  # the game to show now (after a miss with replies: how it ended)
    completed: int | None = None  # the index of the step this move completed


def _frame(before: Game, after: Game, seat: int, action: str) -> Frame:
    if not action.startswith("play ") or len(before.trick) < 3:
        return Frame(seat, action, tuple((s, CODES[c]) for s, c in after.trick), None)
    # This card completed the trick. After the 13th the next hand may already be dealt,
    # and the trick is found in the review of the hand just scored.
    if len(after.tricks) > len(before.tricks):
        leader, cards, winner = after.tricks[-1]
        plays = tuple(((leader + i) & 3, CODES[c]) for i, c in enumerate(cards))
    else:
        leader, codes, winner = (after.review or {})["tricks"][-1]
        plays = tuple(((leader + i) & 3, str(c)) for i, c in enumerate(codes))
    return Frame(seat, action, plays, int(winner))


class Lesson:
    """A scenario ready to play. Building it runs the position through the engine."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.seat = scenario.seat
        self.steps = scenario.steps
        first = build_position(scenario)
        self._history0 = len(first.history)
        self.opening = first
        game, frames = self._advance(first, 0)
        self.opening_frames = tuple(frames)
        self.start = Position(game, 0, (), 0, game, done=False)

    # -- reading the game ---------------------------------------------------------------

    def hand_over(self, game: Game) -> bool:
        return len(game.history) > self._history0 or game.over

    def record(self, game: Game) -> dict[str, Any] | None:
        """The lesson hand's score record (six lines per team), once it is scored."""
        if len(game.history) > self._history0:
            return game.history[self._history0]
        return None

    def tricks_won(self, game: Game) -> list[int]:
        record = self.record(game)
        return list(record["tricks"]) if record else list(game.tricks_won)

    def holds(self, state: StateGoal, game: Game) -> bool:
        """Whether every condition of ``state`` holds in ``game`` now."""
        won = self.tricks_won(game)
        took, partner = won[self.seat], won[(self.seat + 2) & 3]
        checks = [
            state.took_at_least is None or took >= state.took_at_least,
            state.took_at_most is None or took <= state.took_at_most,
            state.partner_took_at_most is None or partner <= state.partner_took_at_most,
            state.team_took_at_least is None or took + partner >= state.team_took_at_least,
            state.spades_broken is None or self._broken(game) == state.spades_broken,
        ]
        return all(checks)

    def violated(self, state: StateGoal, game: Game) -> bool:
        """An at-most count already passed: the goal cannot be reached any more."""
        won = self.tricks_won(game)
        return ((state.took_at_most is not None and won[self.seat] > state.took_at_most)
                or (state.partner_took_at_most is not None
                    and won[(self.seat + 2) & 3] > state.partner_took_at_most))

    def _broken(self, game: Game) -> bool:
        if self.record(game) is None:
            return game.broken
        review = game.review or {}
        return any(c.endswith("S") for _, cards, _ in review.get("tricks", []) for c in cards)

    def learner_decides(self, game: Game, step: int) -> bool:
        return step < len(self.steps) and game.to_act == self.seat

    # -- the replies --------------------------------------------------------------------

    def _advance(self, game: Game, step: int, until: Callable[[Game], bool] | None = None
                 ) -> tuple[Game, list[Frame]]:
        """Play the other seats (and, once ``step`` is past the last, every seat) until
        the learner decides, ``until`` holds, or the hand is scored."""
        frames: list[Frame] = []
        while not self.hand_over(game) and game.to_act is not None:
            if until is not None and until(game):
                break
            seat = game.to_act
            if seat == self.seat and step < len(self.steps):
                if game.phase == "bidding" and not game.looked[seat] and not self._blind_step(step):
                    game = game.apply(seat, "look")  # nothing to decide before seeing the cards
                    continue
                break
            action = scripted_action(game, seat, self.scenario.script[seat])
            after = game.apply(seat, action)
            frames.append(_frame(game, after, seat, action))
            game = after
        return game, frames

    def _blind_step(self, step: int) -> bool:
        goal = self.steps[step].goal
        texts = (*goal.actions, *self.steps[step].answer)
        return any(t in ("look", "bid blind nil") for t in texts)

    # -- the learner's moves ------------------------------------------------------------

    def move(self, position: Position, text: str) -> MoveResult:
        """The answer to the learner's move ``text`` at ``position``."""
        if position.done:
            raise BadMoves(LESSON_OVER())
        game = position.game
        step = self.steps[position.step]
        try:
            action = Action.parse(text)
            after = game.apply(self.seat, action)
        except SpadesError as err:
            return MoveResult("wrong", "illegal", err.reason, (), position, game)
        canonical = str(action)
        frames = [_frame(game, after, self.seat, canonical)]
        goal = step.goal
        if goal.state is None:
            if canonical not in goal.actions:
                return MoveResult("wrong", "miss", step.miss_reason(canonical), (), position, game)
            return self._reached(position, after, canonical, frames)
        state = goal.state
        if state.by == "move":
            if self.holds(state, after):
                return self._reached(position, after, canonical, frames)
            return self._missed(position, step.miss_reason(canonical), frames, after)
        if state.by == "trick":
            played = len(game.tricks)
            after, more = self._advance(
                after, position.step,
                until=lambda g: len(g.tricks) > played or self.hand_over(g))
            frames += more
            if self.holds(state, after):
                return self._reached(position, after, canonical, frames)
            return self._missed(position, step.miss_reason(canonical), frames, after)
        after, more = self._advance(after, position.step)
        frames += more
        if self.hand_over(after):
            if self.holds(state, after):
                return self._reached(position, after, canonical, frames, advanced=True)
            return self._missed(position, step.miss_reason(canonical), frames, after)
        if self.violated(state, after):
            return self._missed(position, step.miss_reason(canonical), frames, after)
        moved = Position(after, position.step, (*position.moves, canonical),
                         position.step_start, position.step_game)
        return MoveResult("ok", "continue", "", tuple(frames), moved, after)

    def _missed(self, position: Position, reason: str, frames: list[Frame], shown: Game
                ) -> MoveResult:
        back = Position(position.step_game, position.step, position.moves[:position.step_start],
                        position.step_start, position.step_game)
        return MoveResult("wrong", "miss", reason, tuple(frames), back, shown)

    def _reached(self, position: Position, after: Game, canonical: str, frames: list[Frame],
                 advanced: bool = False) -> MoveResult:
        moves = (*position.moves, canonical)
        nxt = position.step + 1
        game, more = (after, []) if advanced else self._advance(after, nxt)
        frames = frames + more
        if nxt < len(self.steps) and not self.hand_over(game):
            moved = Position(game, nxt, moves, len(moves), game)
            return MoveResult("ok", "step", "", tuple(frames), moved, game, position.step)
        done = Position(game, len(self.steps), moves, len(moves), game, done=True)
        return MoveResult("done", "done", "", tuple(frames), done, game, position.step)

    def replay(self, moves: Sequence[str]) -> Position:
        """The position after the learner's accepted ``moves``; raises :class:`BadMoves`."""
        if isinstance(moves, str) or not isinstance(moves, Sequence):
            raise BadMoves(MOVES_NOT_LIST())
        if len(moves) > MAX_MOVES:
            raise BadMoves(TOO_MANY_MOVES(count=MAX_MOVES))
        position = self.start
        for n, text in enumerate(moves, 1):
            if not isinstance(text, str):
                raise BadMoves(MOVE_NOT_TEXT(n=n))
            if position.done:
                raise BadMoves(OVER_BEFORE(n=n, move=repr(text)))
            result = self.move(position, text)
            if result.result == "wrong":
                raise BadMoves(NOT_ACCEPTED(n=n, move=repr(text), reason=result.reason))
            position = result.position
        return position
