"""Learn to play over HTTP: the course, its lessons, and the rules page for any rules.

``learn_routes()`` returns Starlette routes for the app to mount with one line, before
the static files' ``Mount("/")``: ``routes = [*learn_routes(), ...]``.

    GET  /api/lessons                 -> 200 {"lessons": [...], "practice": [...]}
    GET  /api/lessons/{id}            -> 200 the scenario: texts, the learner's starting
                                         view and the replies before it; 404 no_lesson
    POST /api/lessons/{id}/move       {"moves": [...accepted so far], "move": "play AS"}
                                      -> 200 {"result": "ok" | "wrong" | "done", ...}
                                         400 bad_moves when ``moves`` is no accepted path
    GET  /api/rules?preset=quick      -> 200 the rules document of a preset
    GET  /api/rules?rules={json}      -> 200 ... of a ruleset (a private table's rules);
                                         400 bad_rules with the RuleSet's own sentence

Each takes ``?lang=`` (a shipped language, else English): the lessons' texts, the
engine's reasons, the score lines and the rules document come written in it (from
``room.po``; a sentence it lacks stays English).

Nothing is stored: the browser keeps the moves it made and sends them with each move,
and the server replays them through the engine (``shared.course.Lesson``). So a move
request changes nothing on the server, and needs no session or origin check. Every
error is JSON ``{"error": code, "message": sentence}``.
"""

from __future__ import annotations

import json
import logging
from functools import cache
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server import refusals as R
from server.errors import sentence_of
from server.i18n.catalogues import LANGUAGES, in_language
from server.web.json_body import Refused, read_json_object
from server.web.path_keys import is_key, shown
from shared.course import (
    LESSON_IDS,
    PRACTICE_IDS,
    BadMoves,
    Lesson,
    MoveResult,
    Position,
    explain_team,
    rules_document,
    scenario,
)
from shared.course.runner import LESSON_OVER
from shared.spades import PRESETS, Game, RuleSet
from shared.spades.rules_refused import NO_PRESET

__all__ = ["learn_routes"]

log = logging.getLogger(__name__)

MAX_BODY = 8192
MAX_RULES_QUERY = 4096


@cache
def _lesson(scenario_id: str) -> Lesson:
    # Built once per process: the position, its replies and its start are pure values.
    try:
        if not is_key(scenario_id):
            raise KeyError(scenario_id)
        return Lesson(scenario(scenario_id))
    except KeyError:
        raise Refused(404, "no_lesson", R.NO_LESSON(id=shown(scenario_id))) from None


def _entry(scenario_id: str, number: int) -> dict[str, Any]:
    s = scenario(scenario_id)
    return {"id": s.id, "number": number, "title": s.title, "summary": s.summary,
            "kind": s.kind, "steps": len(s.steps)}


def _answer(request: Request, body: dict[str, Any]) -> Response:
    """``body`` as JSON, its sentences in the language the request names."""
    lang = request.query_params.get("lang", "en")
    return JSONResponse(in_language(body, lang if lang in LANGUAGES else "en"))


def _view(game: Game, seat: int) -> dict[str, Any]:
    return game.view(seat).to_dict()


def _state(lesson: Lesson, position: Position, shown: Game | None = None) -> dict[str, Any]:
    return {"moves": list(position.moves), "step": position.step,
            "view": _view(shown or position.game, lesson.seat)}


async def _list(request: Request) -> Response:
    return _answer(request, {
        "lessons": [_entry(i, n) for n, i in enumerate(LESSON_IDS, 1)],
        "practice": [_entry(i, n) for n, i in enumerate(PRACTICE_IDS, 1)],
    })


async def _show(request: Request) -> Response:
    lesson = _lesson(request.path_params["id"])
    s = lesson.scenario
    order = LESSON_IDS if s.kind == "lesson" else PRACTICE_IDS
    at = order.index(s.id)
    return _answer(request, {
        "id": s.id, "title": s.title, "kind": s.kind, "summary": s.summary,
        "number": at + 1, "of": len(order),
        "next": order[at + 1] if at + 1 < len(order) else None,
        "seat": s.seat, "intro": list(s.intro), "rules": s.rules.to_dict(),
        "steps": [{"prompt": st.prompt, "hint": st.hint} for st in s.steps],
        "frames": [f.to_dict() for f in lesson.opening_frames],
        **_state(lesson, lesson.start),
    })


def _done(lesson: Lesson, result: MoveResult) -> dict[str, Any]:
    game = result.position.game
    record = lesson.record(game)
    rules = lesson.scenario.rules
    out: dict[str, Any] = {"outro": list(lesson.scenario.outro)}
    if record is not None:
        out["score"] = {"record": record,
                        "explained": [explain_team(record, t, rules) for t in (0, 1)]}
    if game.over:
        out["over"] = {"outcome": game.outcome, "scores": list(game.scores)}
    else:
        out["next_hand"] = {"hand_no": game.hand_no, "dealer": game.dealer,
                            "first": game.to_act, "scores": list(game.scores),
                            "bags": list(game.bags)}
    return out


async def _move(request: Request) -> Response:
    lesson = _lesson(request.path_params["id"])
    data = await read_json_object(request, MAX_BODY)
    moves, move = data.get("moves", []), data.get("move")
    if not isinstance(move, str) or not move.strip() or len(move) > 40:
        raise Refused(400, "malformed", R.MOVE_AS_TEXT())
    try:
        position = lesson.replay(moves)
    except BadMoves as err:
        raise Refused(400, "bad_moves", R.START_AGAIN(problem=sentence_of(err))) from None
    if position.done:
        raise Refused(400, "bad_moves", LESSON_OVER())
    result = lesson.move(position, move.strip())
    body: dict[str, Any] = {"result": result.result, "kind": result.kind,
                            "reason": result.reason,
                            "frames": [f.to_dict() for f in result.frames]}
    steps = lesson.scenario.steps
    if result.completed is not None:
        body["completed"] = result.completed
        body["after"] = steps[result.completed].after
    if result.kind == "miss":
        # Show how the table ended up, then go back to the step's start for the retry.
        body.update(_state(lesson, position, result.shown))
        body["retry"] = _state(lesson, result.position)
    else:
        body.update(_state(lesson, result.position, result.shown))
    if result.result == "done":
        body.update(_done(lesson, result))
    return _answer(request, body)


def _rules_from(request: Request) -> RuleSet:
    preset = request.query_params.get("preset")
    text = request.query_params.get("rules")
    if text is not None:
        if len(text) > MAX_RULES_QUERY:
            raise Refused(400, "bad_rules", R.RULES_TOO_LONG())
        try:
            data = json.loads(text)
        except ValueError:
            raise Refused(400, "bad_rules", R.RULES_NOT_JSON()) from None
        if not isinstance(data, dict):
            raise Refused(400, "bad_rules", R.RULES_NOT_OBJECT())
        # A table's rules carry their preset as "name"; the options given override it.
        named = data.get("name") if data.get("name") in PRESETS else None
        base = data.pop("preset", None) or named or preset or "standard"
        if base not in PRESETS:
            raise Refused(400, "bad_rules", NO_PRESET(name=repr(base), names=", ".join(PRESETS)))
        try:
            return RuleSet.from_dict({**PRESETS[base].to_dict(), **data})
        except (ValueError, TypeError) as err:
            raise Refused(400, "bad_rules", sentence_of(err)) from None
    try:
        return RuleSet.preset(preset or "standard")
    except ValueError as err:
        raise Refused(400, "bad_rules", sentence_of(err)) from None


async def _rules(request: Request) -> Response:
    return _answer(request, rules_document(_rules_from(request)).to_dict())


def _guarded(handler: Any) -> Any:
    async def endpoint(request: Request) -> Response:
        try:
            response: Response = await handler(request)
            return response
        except Refused as err:
            return JSONResponse(err.body(), err.status)
        except Exception:
            log.exception("learn request failed")
            return JSONResponse(Refused(500, "internal", R.INTERNAL()).body(), 500)

    return endpoint


def learn_routes() -> list[Route]:
    """The routes listed in the module docstring."""
    return [
        Route("/api/lessons", _guarded(_list), methods=["GET"]),
        Route("/api/lessons/{id}", _guarded(_show), methods=["GET"]),
        Route("/api/lessons/{id}/move", _guarded(_move), methods=["POST"]),
        Route("/api/rules", _guarded(_rules), methods=["GET"]),
    ]
