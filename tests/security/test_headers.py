"""Every HTTP response carries the security headers; room cookies get ``Secure`` over
https (as a trusted proxy says it); ``/metrics`` is the operator's only."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import httpx
import pytest

from server.web.security_headers import CSP
from tests.room.conftest import LocalServer

Start = Callable[..., Awaitable[LocalServer]]


@pytest.mark.parametrize("path", ["/", "/learn/", "/js/main.js", "/api/me", "/healthz",
                                  "/no-such-page"])
async def test_every_response_has_the_security_headers(server: LocalServer, path: str) -> None:
    async with httpx.AsyncClient(base_url=server.http) as web:
        response = await web.get(path)
    headers = response.headers
    assert headers["content-security-policy"] == CSP
    assert "frame-ancestors 'none'" in CSP and "script-src 'self'" in CSP
    assert "'unsafe-inline'" not in CSP and "'unsafe-eval'" not in CSP
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "same-origin"


async def test_the_guest_cookie_is_secure_behind_https_only(server: LocalServer) -> None:
    async with httpx.AsyncClient(base_url=server.http) as web:
        plain = await web.get("/")
    async with httpx.AsyncClient(base_url=server.http) as web:
        # uvicorn believes X-Forwarded-Proto from FORWARDED_ALLOW_IPS (here loopback)
        proxied = await web.get("/", headers={"X-Forwarded-Proto": "https"})
    assert "spades_token=" in plain.headers["set-cookie"]
    assert "secure" not in plain.headers["set-cookie"].lower()
    cookie = proxied.headers["set-cookie"]
    assert "spades_token=" in cookie and "; Secure" in cookie and "HttpOnly" in cookie


async def test_metrics_are_for_the_node_s_own_machine_without_a_token(
        server: LocalServer) -> None:
    async with httpx.AsyncClient(base_url=server.http) as web:
        direct = await web.get("/metrics")
        proxied = await web.get("/metrics", headers={"X-Forwarded-For": "203.0.113.9"})
    assert direct.status_code == 200 and "spades_connections" in direct.text
    assert proxied.status_code == 403 and proxied.json()["error"] == "not_allowed"


async def test_metrics_need_the_token_when_one_is_set(start_server: Start) -> None:
    local = await start_server(metrics_token="s3cret-metrics")
    async with httpx.AsyncClient(base_url=local.http) as web:
        bare = await web.get("/metrics")
        wrong = await web.get("/metrics", headers={"Authorization": "Bearer nope"})
        right = await web.get("/metrics", headers={"Authorization": "Bearer s3cret-metrics"})
    assert bare.status_code == 403 and wrong.status_code == 403
    assert right.status_code == 200 and "spades_connections" in right.text
