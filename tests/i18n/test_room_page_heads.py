"""The room's page (``/``) and the archive's shell (``/g/``, ``/@/``, ``/e/``) served
with their head in the reader's language (server/web/page_head.py): ``lang``, the
description, the skip link (a screen reader's first Tab stop), the ``<noscript>`` line
and the shell's "Loading…", by ``?lang=``, else Accept-Language, else English."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette

from server.i18n.catalogues import LANGUAGES
from server.web.http_pages import ROOM, SHELL, page_routes
from tests.learn.test_page_head import Head as CourseHead

WEB = Path(__file__).resolve().parents[2] / "client" / "web"
ACCEPT = {"en": "en-US,en;q=0.9", "es": "es-MX,es;q=0.8", "fr": "fr-CA,fr;q=0.9",
          "pt-BR": "pt-BR,pt;q=0.9,en;q=0.5"}


class Head(CourseHead):
    """What a reader without the script (or a search engine) gets of the page (its title
    is the brand, the same in every language: left out)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.found.pop("title", None)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "p" and dict(attrs).get("class") == "muted loading":
            self._in = "loading"
        else:
            super().handle_starttag(tag, attrs)


def words(lang: str) -> dict[str, str]:
    english = json.loads((WEB / "i18n" / "en.json").read_text(encoding="utf-8"))
    return {**english, **json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))}


def expected(page: str, lang: str) -> dict[str, str]:
    said = words(lang)
    found = {"lang": lang, **{part: said[f"head.{page}.{part}"]
                              for part in ("description", "skip", "noscript")}}
    if page == "archive":
        found["loading"] = said["archive.loading"]
    return found


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=Starlette(routes=page_routes()))
    async with httpx.AsyncClient(transport=transport, base_url="http://room.test") as client:
        yield client


async def head(http: httpx.AsyncClient, path: str, **headers: str) -> dict[str, str]:
    response = await http.get(path, headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["cache-control"] == "no-cache"
    found = Head(response.text).found
    assert response.headers["content-language"] == found["lang"]
    assert "accept-language" in response.headers["vary"]
    return found


def test_the_static_files_english_is_the_catalogues() -> None:
    # A plain static server (or the file opened from disk) says what the route's English
    # says: the page files and the catalogue cannot drift apart.
    assert Head(ROOM.read_text(encoding="utf-8")).found == expected("room", "en")
    assert Head(SHELL.read_text(encoding="utf-8")).found == expected("archive", "en")


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_each_page_in_each_language_by_accept_language(http: httpx.AsyncClient,
                                                             lang: str) -> None:
    accept = {"accept-language": ACCEPT[lang]}
    pages = {"room": ["/", "/index.html"], "archive": ["/g/abc123", "/@/Ann", "/e/ev1"]}
    for page, paths in pages.items():
        for path in paths:
            found = await head(http, path, **accept)
            assert found == expected(page, lang), path
            if lang != "en":  # written in the language, not left in English
                english = expected(page, "en")
                assert all(found[k] != english[k] for k in ("description", "skip", "noscript"))


async def test_the_address_language_comes_first_then_the_browsers_then_english(
        http: httpx.AsyncClient) -> None:
    spanish = {"accept-language": "es-ES,es;q=0.9"}
    assert await head(http, "/?lang=fr", **spanish) == expected("room", "fr")
    assert await head(http, "/g/abc123?lang=pt-BR", **spanish) == expected("archive", "pt-BR")
    assert await head(http, "/?lang=de", **spanish) == expected("room", "es")  # not shipped
    assert await head(http, "/", **{"accept-language": "de-DE,de;q=0.9"}) == expected("room", "en")
    assert await head(http, "/e/ev1") == expected("archive", "en")


async def test_a_path_that_is_no_id_is_still_a_plain_not_found(http: httpx.AsyncClient) -> None:
    response = await http.get("/g/..%2F..", headers={"accept-language": "fr"})
    assert response.status_code == 404
