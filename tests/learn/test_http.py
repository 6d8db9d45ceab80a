"""The learn routes over HTTP (httpx's ASGI transport against a Starlette app that mounts
them): lessons, stateless moves with the engine's answers, the rules document."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from shared.course import LESSON_IDS, PRACTICE_IDS, scenario


async def move(http: httpx.AsyncClient, lesson: str, moves: list[str], action: str
               ) -> dict[str, Any]:
    response = await http.post(f"/api/lessons/{lesson}/move",
                               json={"moves": moves, "move": action})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


async def test_the_list_gives_the_lessons_in_order_and_the_practice_positions(
        http: httpx.AsyncClient) -> None:
    body = (await http.get("/api/lessons")).json()
    assert [e["id"] for e in body["lessons"]] == list(LESSON_IDS)
    assert [e["id"] for e in body["practice"]] == list(PRACTICE_IDS)
    first = body["lessons"][0]
    assert first == {"id": "teams", "number": 1, "title": "Teams and contracts",
                     "summary": scenario("teams").summary, "kind": "lesson", "steps": 1}


async def test_a_lesson_gives_its_text_and_only_the_learner_s_cards(
        http: httpx.AsyncClient) -> None:
    body = (await http.get("/api/lessons/following")).json()
    assert (body["number"], body["of"], body["next"]) == (3, 11, "spades")
    assert body["steps"][0]["prompt"].startswith("West led the 2♣")
    assert body["view"]["hand"] == ["5C", "KC", "4D", "3S"]
    assert body["view"]["unplayable"]["3S"] == "You must follow clubs."
    assert body["moves"] == [] and body["step"] == 0 and body["frames"] == []
    others = {c for hand in scenario("following").hands[1:] for c in hand}
    assert not others & set(json.dumps(body).replace('"', " ").replace(",", " ").split())
    assert set(body["steps"][0]) == {"prompt", "hint"}  # the answer stays on the server


async def test_a_lesson_played_move_by_move_ends_with_the_score_lines(
        http: httpx.AsyncClient) -> None:
    wrong = await move(http, "following", [], "play 3S")
    assert (wrong["result"], wrong["kind"], wrong["reason"]) == \
        ("wrong", "illegal", "You must follow clubs.")
    assert wrong["moves"] == [] and wrong["frames"] == []
    miss = await move(http, "following", [], "play KC")
    assert (miss["result"], miss["kind"]) == ("wrong", "miss")
    assert miss["retry"]["moves"] == []
    step = await move(http, "following", [], "play 5C")
    assert (step["result"], step["kind"], step["completed"], step["step"]) == \
        ("ok", "step", 0, 1)
    assert step["after"].startswith("North's Ace was the highest club")
    assert [f["action"] for f in step["frames"]] == ["play 5C", "play 7H", "play KH"]
    assert step["frames"][0]["winner"] == 2
    done = await move(http, "following", step["moves"], "play 3S")
    assert done["result"] == "done"
    record = done["score"]["record"]
    assert record["tricks"] == [4, 3, 4, 2]
    assert [t["hand_total"] for t in record["teams"]] == [71, -60]
    assert done["score"]["explained"][1][0].startswith("Contract: 6 bid (West 4 + East 2), "
                                                       "only 5 taken: set")
    assert done["next_hand"] == {"hand_no": 1, "dealer": 0, "first": 1, "scores": [71, -60],
                                 "bags": [1, 0]}


async def test_a_miss_after_replies_comes_with_the_position_to_retry_from(
        http: httpx.AsyncClient) -> None:
    body = await move(http, "levels", [], "play TD")
    assert (body["result"], body["kind"]) == ("wrong", "miss")
    assert body["reason"].startswith("That trick was your team's 10th bag")
    assert body["view"]["tricks_won"][0] == 5  # the table as it ended up
    assert body["retry"]["view"]["tricks_won"][0] == 4 and body["retry"]["moves"] == []


async def test_the_game_over_and_the_next_hand_are_told(http: httpx.AsyncClient) -> None:
    target = await move(http, "target", [], "play QC")
    assert target["over"] == {"outcome": 0, "scores": [500, 492]}
    tie = await move(http, "tie", [], "play QC")
    assert tie["next_hand"]["scores"] == [510, 510] and "over" not in tie


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"moves": ["play 4H"], "move": "play AH"}, 400, "bad_moves"),
    ({"moves": ["play AH"], "move": "play 4H"}, 400, "bad_moves"),
    ({"moves": "play AH", "move": "play 4H"}, 400, "bad_moves"),
    ({"moves": []}, 400, "malformed"),
    ({"moves": [], "move": 7}, 400, "malformed"),
    ({"moves": [], "move": "x" * 41}, 400, "malformed"),
])
async def test_bad_moves_get_a_typed_error_with_a_sentence(
        http: httpx.AsyncClient, body: dict[str, Any], status: int, code: str) -> None:
    response = await http.post("/api/lessons/teams/move", json=body)
    assert response.status_code == status
    assert response.json()["error"] == code and response.json()["message"].endswith(".")


async def test_bad_requests_are_refused_cleanly(http: httpx.AsyncClient) -> None:
    missing = await http.get("/api/lessons/nope")
    assert missing.status_code == 404 and missing.json() == {
        "error": "no_lesson", "message": "There is no lesson 'nope'.",
        "key": "lesson_refused.no_lesson", "args": {"id": "'nope'"}}
    assert (await http.post("/api/lessons/nope/move", json={"move": "x"})).status_code == 404
    text = await http.post("/api/lessons/teams/move", content=b"moves",
                           headers={"Content-Type": "text/plain"})
    assert text.status_code == 415
    broken = await http.post("/api/lessons/teams/move", content=b"{",
                             headers={"Content-Type": "application/json"})
    assert broken.status_code == 400 and broken.json()["error"] == "malformed"
    huge = await http.post("/api/lessons/teams/move",
                           json={"moves": ["play AH"] * 2000, "move": "play 4H"})
    assert huge.status_code == 413


async def test_the_rules_document_for_a_preset_or_a_table_s_rules(
        http: httpx.AsyncClient) -> None:
    quick = (await http.get("/api/rules", params={"preset": "quick"})).json()
    assert quick["preset"] == "quick" and quick["rules"]["target_score"] == 250
    table = {"name": "quick", "target_score": 300, "jokers": True}
    body = (await http.get("/api/rules", params={"rules": json.dumps(table)})).json()
    assert body["preset"] is None and body["rules"]["losing_score"] == -200  # from quick
    assert body["rules"]["target_score"] == 300 and body["at_a_glance"][0] == \
        ["Game to", "300 points"]
    assert {v["id"] for v in body["variants"] if v["on"]} >= {"jokers", "losing-score"}
    default = (await http.get("/api/rules")).json()
    assert default["preset"] == "standard"


@pytest.mark.parametrize(("params", "message"), [
    ({"preset": "fast"}, "There is no preset 'fast'"),
    ({"rules": "{"}, "must be a JSON object"),
    ({"rules": "[1]"}, "must be a JSON object"),
    ({"rules": '{"target_score": 3}'}, "The target score must be between 50 and 10000."),
    ({"rules": '{"colour": "red"}'}, "Unknown rule option(s): colour."),
    ({"rules": '{"preset": "nope"}'}, "There is no preset 'nope'"),
    ({"rules": "{" + " " * 5000 + "}"}, "too long"),
])
async def test_bad_rules_are_refused_with_the_reason(
        http: httpx.AsyncClient, params: dict[str, str], message: str) -> None:
    response = await http.get("/api/rules", params=params)
    assert response.status_code == 400 and response.json()["error"] == "bad_rules"
    assert message in response.json()["message"]


async def test_the_room_app_serves_the_learn_routes_and_pages() -> None:
    from server.node import create_app
    from server.settings import Settings

    app = create_app(Settings(redis_url="redis://127.0.0.1:1/0"))  # no lifespan: no Redis
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://room.test") as client:
        listed = await client.get("/api/lessons")
        assert listed.status_code == 200 and listed.json()["lessons"][0]["id"] == "teams"
        page = await client.get("/learn/")
        assert page.status_code == 200 and '<script type="module" src="js/main.js">' in page.text
        answer = await client.post("/api/lessons/teams/move",
                                   json={"moves": [], "move": "play AH"})
        assert answer.json()["result"] == "done"
