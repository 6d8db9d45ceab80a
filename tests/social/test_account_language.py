"""The account's language over HTTP (a real ASGI app, Redis and PostgreSQL): kept by
``POST /api/me/language``, said by ``GET /api/me`` on every device the account signs
in on, and the page's language before the browser's Accept-Language
(``GET /api/i18n/auto``)."""

from __future__ import annotations

import httpx
from starlette.applications import Starlette

from server.web.http_i18n import i18n_routes
from server.web.http_social import SocialDeps, account_language, social_routes
from server.web.learn_page import learn_page_routes

from .test_http_social import ANN, ORIGIN, deps

__all__ = ["deps"]  # the fixture, re-exported for pytest

SPANISH = {"Accept-Language": "es-ES,es;q=0.9"}


def make_client(deps: SocialDeps) -> httpx.AsyncClient:
    app = Starlette(routes=[*social_routes(deps), *i18n_routes(account_language(deps))])
    transport = httpx.ASGITransport(app=app, client=("198.51.100.9", 4321))
    return httpx.AsyncClient(transport=transport, base_url="http://testserver")


async def page_language(client: httpx.AsyncClient) -> str:
    response = await client.get("/api/i18n/auto", headers=SPANISH)
    assert response.status_code == 200, response.text
    lang: str = response.json()["lang"]
    return lang


async def test_the_accounts_language_is_kept_and_comes_before_the_browsers(
        deps: SocialDeps) -> None:
    async with make_client(deps) as laptop, make_client(deps) as phone:
        refused = await laptop.post("/api/me/language", json={"lang": "fr"}, headers=ORIGIN)
        assert refused.status_code == 401 and refused.json()["error"] == "sign_in_required"
        await laptop.post("/api/register", json=ANN, headers=ORIGIN)
        assert (await laptop.get("/api/me")).json()["lang"] is None  # never chosen
        assert await page_language(laptop) == "es"  # the browser's Accept-Language
        bad = await laptop.post("/api/me/language", json={"lang": "de"}, headers=ORIGIN)
        assert bad.status_code == 400 and bad.json()["error"] == "no_language"
        kept = await laptop.post("/api/me/language", json={"lang": "fr"}, headers=ORIGIN)
        assert kept.status_code == 200 and kept.json() == {"lang": "fr"}

        # Another device, another session: the account's French before its Spanish.
        assert await page_language(phone) == "es"  # a guest there yet
        await phone.post("/api/signin", json=ANN, headers=ORIGIN)
        assert (await phone.get("/api/me")).json()["lang"] == "fr"
        assert await page_language(phone) == "fr"

        # "The browser's language" clears it: Accept-Language again.
        cleared = await phone.post("/api/me/language", json={"lang": None}, headers=ORIGIN)
        assert cleared.status_code == 200 and cleared.json() == {"lang": None}
        assert await page_language(laptop) == "es"
        await laptop.post("/api/signout", headers=ORIGIN)
        assert await page_language(laptop) == "es"


async def test_the_course_page_head_is_in_the_accounts_language(deps: SocialDeps) -> None:
    """/learn/'s head (server/web/learn_page.py) follows the account's language before
    the browser's, as GET /api/i18n/auto does."""
    app = Starlette(routes=[*social_routes(deps), *learn_page_routes(account_language(deps))])
    transport = httpx.ASGITransport(app=app, client=("198.51.100.9", 4321))
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        lang = 'lang="{}"'
        assert lang.format("es") in (await client.get("/learn/", headers=SPANISH)).text
        await client.post("/api/register", json=ANN, headers=ORIGIN)
        await client.post("/api/me/language", json={"lang": "fr"}, headers=ORIGIN)
        page = (await client.get("/learn/", headers=SPANISH)).text
        assert lang.format("fr") in page and "Les leçons ont besoin de JavaScript." in page
        # The address still comes first.
        asked = await client.get("/learn/?lang=pt-BR", headers=SPANISH)
        assert lang.format("pt-BR") in asked.text
