"""docs/http.md cannot fall behind the app: every route of the node's Starlette app
(each method of each path, the WebSocket and the static files' mount included) has its
``### `METHOD /path``` heading, the page lists no route the app lacks, and every
error code an HTTP route answers with (the typed refusals of ``server/web``, read from
the source) is named on the page.

The routes are read from the app ``server.node.create_app`` builds, when the test runs;
no server is started (the routes exist before the lifespan runs).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from starlette.routing import Mount, Route, WebSocketRoute

from server.node import create_app
from server.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "http.md"
_HEADING_ROUTE = re.compile(r"`(GET|POST|PUT|PATCH|DELETE) (/[^`\s]*)`")
# A refusal with a literal status and code: Refused(403, "bad_origin", ...) and kin.
_REFUSAL = re.compile(r"(?:Refused|Refusal|_Refused)\(\s*\d{3},\s*\"([a-z_]+)\"")
_JSON_ERROR = re.compile(r"\{\"error\": \"([a-z_]+)\"")


@cache
def app_routes() -> frozenset[tuple[str, str]]:
    """(method, path) of every route of the app; HEAD goes with GET, the WebSocket is a
    GET (its upgrade request), the mount at / is GET / (the static files)."""
    app = create_app(Settings(redis_url="redis://127.0.0.1:1/0"))
    out: set[tuple[str, str]] = set()
    for route in app.routes:
        if isinstance(route, Route):
            out |= {(m, route.path) for m in route.methods or {"GET"} if m != "HEAD"}
        elif isinstance(route, WebSocketRoute):
            out.add(("GET", route.path))
        elif isinstance(route, Mount):
            out.add(("GET", route.path or "/"))
        else:  # pragma: no cover - a new kind of route must be documented here first
            raise AssertionError(route)
    return frozenset(out)


def documented_routes() -> set[tuple[str, str]]:
    text = DOC.read_text(encoding="utf-8")
    heads = re.findall(r"^#{2,4} (.*)$", text, re.M)
    return {(m, p) for head in heads for m, p in _HEADING_ROUTE.findall(head)}


def refusal_codes() -> set[str]:
    codes: set[str] = set()
    for path in (ROOT / "server" / "web").glob("http_*.py"):
        source = path.read_text(encoding="utf-8")
        codes |= set(_REFUSAL.findall(source)) | set(_JSON_ERROR.findall(source))
    codes |= set(_REFUSAL.findall((ROOT / "server" / "web" / "json_body.py")
                                  .read_text(encoding="utf-8")))
    codes |= set(_JSON_ERROR.findall((ROOT / "server" / "web" / "app.py")
                                     .read_text(encoding="utf-8")))
    return codes


def test_the_app_has_routes_to_check() -> None:
    assert ("POST", "/api/register") in app_routes() and ("GET", "/ws") in app_routes()


def test_every_route_of_the_app_is_in_the_doc() -> None:
    assert sorted(app_routes() - documented_routes()) == []


def test_the_doc_lists_no_route_the_app_lacks() -> None:
    assert sorted(documented_routes() - app_routes()) == []


def test_every_http_error_code_is_in_the_doc() -> None:
    codes = refusal_codes()
    assert {"bad_origin", "no_archive", "no_day", "no_lesson"} <= codes  # the scan works
    text = DOC.read_text(encoding="utf-8")
    assert sorted(c for c in codes if f"`{c}`" not in text) == []


def test_the_doc_is_linked_from_the_readme_and_the_protocol() -> None:
    for doc in ("README.md", "docs/protocol.md"):
        assert "docs/http.md" in (ROOT / doc).read_text(encoding="utf-8"), doc
