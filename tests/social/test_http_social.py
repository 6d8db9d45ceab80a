"""The social HTTP routes through a real ASGI app and httpx, on a real Redis: cookies,
the Origin check, JSON bodies and errors, sign out everywhere, the leaderboard."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
import redis.asyncio as redis_async
from starlette.applications import Starlette
from starlette.datastructures import Headers

from server.archive.db import Database
from server.social.accounts import AccountPolicy, Accounts
from server.social.chat import Chat
from server.social.ratings import Ratings
from server.web.connection import pid_of
from server.web.http_social import SESSION_COOKIE, SocialDeps, origin_allowed, social_routes

ORIGIN = {"Origin": "http://testserver"}
ANN = {"name": "Ann", "password": "correct horse battery"}


@pytest.fixture
def deps(redis: redis_async.Redis, cheap_policy: AccountPolicy, db: Database) -> SocialDeps:
    return SocialDeps(Accounts(redis, cheap_policy, db=db), Ratings(db), Chat(redis),
                      allowed_origins=frozenset({"http://localhost:5173"}))


def make_client(deps: SocialDeps, base: str = "http://testserver",
                address: str = "198.51.100.9") -> httpx.AsyncClient:
    app = Starlette(routes=social_routes(deps))
    transport = httpx.ASGITransport(app=app, client=(address, 4321))
    return httpx.AsyncClient(transport=transport, base_url=base)


@pytest.fixture
async def web(deps: SocialDeps) -> AsyncIterator[httpx.AsyncClient]:
    async with make_client(deps) as client:
        yield client


def cookie_line(response: httpx.Response, name: str) -> str:
    lines = [v for k, v in response.headers.multi_items()
             if k == "set-cookie" and v.startswith(f"{name}=")]
    assert len(lines) == 1, lines
    return lines[0]


async def test_register_signs_in_with_a_safe_cookie(web: httpx.AsyncClient) -> None:
    response = await web.post("/api/register", json=ANN, headers=ORIGIN)
    assert response.status_code == 201
    assert response.json()["name"] == "Ann" and response.json()["signed_in"]
    line = cookie_line(response, SESSION_COOKIE).lower()
    assert "httponly" in line and "samesite=lax" in line and "path=/" in line
    assert "secure" not in line  # plain http
    me = (await web.get("/api/me")).json()
    assert me["signed_in"] and me["name"] == "Ann"
    assert me["rating"] == 1500 and me["provisional"] and me["games"] == 0
    assert me["rank"] is None and me["chat"] is False


async def test_the_cookie_is_secure_under_https(deps: SocialDeps) -> None:
    async with make_client(deps, base="https://room.example") as web:
        response = await web.post("/api/register", json=ANN,
                                  headers={"Origin": "https://room.example"})
        assert response.status_code == 201
        assert "secure" in cookie_line(response, SESSION_COOKIE).lower()


async def test_the_screen_reader_choice_is_kept_per_account(deps: SocialDeps) -> None:
    async with make_client(deps) as laptop, make_client(deps) as phone:
        refused = await laptop.post("/api/me/screen-reader", json={"on": True}, headers=ORIGIN)
        assert refused.status_code == 401 and refused.json()["error"] == "sign_in_required"
        await laptop.post("/api/register", json=ANN, headers=ORIGIN)
        assert (await laptop.get("/api/me")).json()["screen_reader"] is None  # never chosen
        bad = await laptop.post("/api/me/screen-reader", json={"on": "yes"}, headers=ORIGIN)
        assert bad.status_code == 400 and bad.json()["error"] == "malformed"
        said = await laptop.post("/api/me/screen-reader", json={"on": True}, headers=ORIGIN)
        assert said.status_code == 200 and said.json() == {"screen_reader": True}
        await phone.post("/api/signin", json=ANN, headers=ORIGIN)
        assert (await phone.get("/api/me")).json()["screen_reader"] is True  # another device
        await phone.post("/api/me/screen-reader", json={"on": False}, headers=ORIGIN)
        assert (await laptop.get("/api/me")).json()["screen_reader"] is False


async def test_sign_in_sign_out_here_then_everywhere(deps: SocialDeps) -> None:
    async with make_client(deps) as phone, make_client(deps) as laptop:
        assert (await phone.post("/api/register", json=ANN, headers=ORIGIN)).status_code == 201
        wrong = await laptop.post("/api/signin", json={**ANN, "password": "nope nope"},
                                  headers=ORIGIN)
        assert wrong.status_code == 401
        assert wrong.json() == {"error": "bad_credentials",
                                "message": "That name and password do not match.",
                                "key": "account.no_match", "args": {}}
        assert (await laptop.post("/api/signin", json={"name": "ANN",
                                  "password": ANN["password"]}, headers=ORIGIN)).status_code == 200
        assert (await laptop.get("/api/me")).json()["signed_in"]
        out = await laptop.post("/api/signout", headers=ORIGIN)
        assert out.status_code == 200 and out.json() == {"signed_in": False}
        assert "max-age=0" in cookie_line(out, SESSION_COOKIE).lower()
        assert not (await laptop.get("/api/me")).json()["signed_in"]
        assert (await phone.get("/api/me")).json()["signed_in"]  # another device: kept
        assert (await laptop.post("/api/signin", json=ANN, headers=ORIGIN)).status_code == 200
        out = await laptop.post("/api/signout/everywhere", headers=ORIGIN)
        assert out.status_code == 200 and out.json() == {"signed_in": False}
        assert "max-age=0" in cookie_line(out, SESSION_COOKIE).lower()
        assert not (await laptop.get("/api/me")).json()["signed_in"]
        assert not (await phone.get("/api/me")).json()["signed_in"]  # ended there too


async def test_a_guest_who_registers_keeps_their_player_id(web: httpx.AsyncClient) -> None:
    guest_token = "guest-token-abcdefghijklmnop"
    web.cookies.set("spades_token", guest_token)
    before = (await web.get("/api/me")).json()
    assert before == {"signed_in": False, "pid": pid_of(guest_token)}
    response = await web.post("/api/register", json=ANN, headers=ORIGIN)
    assert response.json()["pid"] == pid_of(guest_token)
    fresh = cookie_line(response, "spades_token")
    assert guest_token not in fresh  # the old guest token no longer names the player


@pytest.mark.parametrize("headers", [
    {}, {"Origin": "http://evil.example"}, {"Origin": "https://testserver"},
    {"Origin": "http://testserver:8080"}, {"Origin": "null"},
])
async def test_state_changes_need_the_page_s_own_origin(web: httpx.AsyncClient,
                                                        headers: dict[str, str]) -> None:
    for path in ("/api/register", "/api/signin", "/api/signout", "/api/signout/everywhere"):
        response = await web.post(path, json=ANN, headers=headers)
        assert response.status_code == 403
        assert response.json()["error"] == "bad_origin"
    assert (await web.get("/api/me")).json()["signed_in"] is False


async def test_an_allowed_extra_origin_is_accepted(web: httpx.AsyncClient) -> None:
    response = await web.post("/api/register", json=ANN,
                              headers={"Origin": "http://localhost:5173"})
    assert response.status_code == 201


@pytest.mark.parametrize(("origin", "host", "scheme", "ok"), [
    ("http://a.example", "a.example", "http", True),
    ("http://a.example", "a.example:80", "http", True),
    ("https://a.example:443", "a.example", "https", True),
    ("http://127.0.0.1:8000", "127.0.0.1:8000", "ws", True),
    ("https://a.example", "a.example", "wss", True),
    ("http://a.example", "a.example", "wss", False),
    ("http://a.example", "b.example", "http", False),
    ("http://a.example:81", "a.example", "http", False),
    ("a.example", "a.example", "http", False),
    (None, "a.example", "http", False),
])
def test_origin_rules(origin: str | None, host: str, scheme: str, ok: bool) -> None:
    raw = {"host": host, **({"origin": origin} if origin else {})}
    assert origin_allowed(Headers(raw), scheme) is ok


@pytest.mark.parametrize(("content", "kind", "status", "code"), [
    (b"name=Ann", "application/x-www-form-urlencoded", 415, "malformed"),
    (b"{not json", "application/json", 400, "malformed"),
    (b"[1, 2]", "application/json", 400, "malformed"),
    (b'{"name": "' + b"x" * 5000 + b'"}', "application/json", 413, "too_large"),
    (b'{"name": 5, "password": "correct horse"}', "application/json", 400, "bad_name"),
    (b'{"name": "Ann", "password": "short"}', "application/json", 400, "bad_password"),
])
async def test_bad_bodies_get_json_errors(web: httpx.AsyncClient, content: bytes, kind: str,
                                          status: int, code: str) -> None:
    response = await web.post("/api/register", content=content,
                              headers={**ORIGIN, "Content-Type": kind})
    assert response.status_code == status
    body = response.json()
    assert body["error"] == code and body["message"].endswith(".")


async def test_a_taken_name_is_409(web: httpx.AsyncClient) -> None:
    await web.post("/api/register", json=ANN, headers=ORIGIN)
    again = await web.post("/api/register", json={**ANN, "name": "aNn"}, headers=ORIGIN)
    assert again.status_code == 409 and again.json()["error"] == "name_taken"


async def test_too_many_sign_ins_get_429_with_retry_after(web: httpx.AsyncClient,
                                                          deps: SocialDeps) -> None:
    policy = deps.accounts.policy.signin
    for _ in range(policy.free_per_pair + 1):
        await web.post("/api/signin", json=ANN, headers=ORIGIN)
    response = await web.post("/api/signin", json=ANN, headers=ORIGIN)
    assert response.status_code == 429
    assert response.json()["error"] == "rate_limited"
    assert 0 < int(response.headers["Retry-After"]) <= policy.delay_s


async def test_leaderboard_and_history(web: httpx.AsyncClient, deps: SocialDeps) -> None:
    made = (await web.post("/api/register", json=ANN, headers=ORIGIN)).json()
    await deps.ratings.rate_game("g1", ((made["pid"], "p2"), ("p3", "p4")), 0,
                                 {made["pid"]: "Ann", "p2": "Bo", "p3": "Cy", "p4": "Di"})
    board = (await web.get("/api/leaderboard")).json()
    assert [row["rank"] for row in board["top"]] == [1, 1, 3, 3]  # partners share a place
    assert board["you"]["name"] == "Ann" and board["you"]["rank"] == 1
    assert not board["you"]["provisional"] and board["you"]["games"] == 1
    assert board["you"]["rating"] > 1500 > board["top"][-1]["rating"]
    history = (await web.get("/api/players/ann/history")).json()
    assert history["name"] == "Ann" and history["games"] == 1
    [entry] = history["history"]
    assert entry["game"] == "g1" and entry["won"] and entry["change"] > 0
    missing = await web.get("/api/players/nobody/history")
    assert missing.status_code == 404 and missing.json()["error"] == "no_player"
    async with make_client(deps) as stranger:  # not signed in: no own rank
        assert (await stranger.get("/api/leaderboard")).json()["you"] is None


async def test_the_parts_may_be_found_per_request(deps: SocialDeps) -> None:
    found: list[SocialDeps] = []

    def source() -> SocialDeps:  # e.g. lambda: app.state.social, filled in a lifespan
        found.append(deps)
        return deps

    app = Starlette(routes=social_routes(source))
    transport = httpx.ASGITransport(app=app, client=("198.51.100.9", 4321))
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as web:
        assert (await web.post("/api/register", json=ANN, headers=ORIGIN)).status_code == 201
        assert (await web.get("/api/me")).json()["name"] == "Ann"
    assert len(found) == 2


async def test_redis_down_is_a_503_json_error(cheap_policy: AccountPolicy, db: Database) -> None:
    dead = redis_async.Redis.from_url("redis://127.0.0.1:1", socket_connect_timeout=0.5)
    try:
        deps = SocialDeps(Accounts(dead, cheap_policy, db=db), Ratings(db))
        async with make_client(deps) as web:
            response = await web.post("/api/signin", json=ANN, headers=ORIGIN)
            assert response.status_code == 503
            assert response.json()["error"] == "unavailable"
    finally:
        await dead.aclose()
