"""The client's files: gzipped when the browser takes it (the same bytes once inflated),
checked again on every load (``no-cache``, ``304`` for either form's ETag), a changed file
never answered from the compressed copy of the old one, and nothing outside the folder."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
from starlette.applications import Starlette
from starlette.routing import Mount

from server.web.app import WEB_DIR
from server.web.client_files import MIN_COMPRESSED_BYTES, ClientFiles
from tests.room.conftest import LocalServer

MAIN = "/js/main.js"


async def test_a_module_comes_gzipped_and_inflates_to_the_file(server: LocalServer) -> None:
    on_disk = (WEB_DIR / "js" / "main.js").read_bytes()
    async with httpx.AsyncClient(base_url=server.http) as web:
        for weighted in ("gzip;q=0.5", "br, *", "deflate, GZIP", "*;q=0, gzip"):
            other = await web.get(MAIN, headers={"Accept-Encoding": weighted})
            assert other.headers["content-encoding"] == "gzip", weighted
        response = await web.get(MAIN, headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert response.headers["content-encoding"] == "gzip"
    assert response.headers["vary"] == "accept-encoding"
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["content-type"].startswith("text/javascript")
    assert response.content == on_disk  # httpx inflated it
    assert response.num_bytes_downloaded < len(on_disk) / 2
    assert response.headers["etag"].startswith('W/"')
    # The security headers stay on it.
    assert "content-security-policy" in response.headers


async def test_a_browser_that_refuses_gzip_gets_the_file_as_it_is(server: LocalServer) -> None:
    on_disk = (WEB_DIR / "js" / "main.js").read_bytes()
    async with httpx.AsyncClient(base_url=server.http) as web:
        for refusal in ("identity", "gzip;q=0", "gzip; q=0.0", "gzip;q=x", "gzip;level=1", "br",
                        "gzip;q=0, *", ""):
            response = await web.get(MAIN, headers={"Accept-Encoding": refusal})
            assert "content-encoding" not in response.headers, refusal
            assert response.content == on_disk
            assert response.headers["content-length"] == str(len(on_disk))
            assert response.headers["cache-control"] == "no-cache"
            assert not response.headers["etag"].startswith("W/")


async def test_either_form_s_etag_gets_304_and_a_stale_one_gets_the_file(
        server: LocalServer) -> None:
    async with httpx.AsyncClient(base_url=server.http) as web:
        zipped = await web.get(MAIN, headers={"Accept-Encoding": "gzip"})
        plain = await web.get(MAIN, headers={"Accept-Encoding": "identity"})
        for held in (zipped.headers["etag"], plain.headers["etag"]):
            for accept in ("gzip", "identity"):
                again = await web.get(MAIN, headers={"Accept-Encoding": accept,
                                                     "If-None-Match": held})
                assert again.status_code == 304, (held, accept)
                assert again.content == b""
                assert again.headers["cache-control"] == "no-cache"
        stale = await web.get(MAIN, headers={"Accept-Encoding": "gzip",
                                             "If-None-Match": '"not-this-version"'})
        assert stale.status_code == 200 and stale.content == (WEB_DIR / "js" / "main.js"
                                                              ).read_bytes()


async def test_head_gives_the_length_and_no_body(server: LocalServer) -> None:
    async with httpx.AsyncClient(base_url=server.http) as web:
        got = await web.get(MAIN, headers={"Accept-Encoding": "gzip"})
        head = await web.head(MAIN, headers={"Accept-Encoding": "gzip"})
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-encoding"] == "gzip"
    assert head.headers["content-length"] == str(got.num_bytes_downloaded)


async def test_nothing_outside_the_client_folder(server: LocalServer) -> None:
    async with httpx.AsyncClient(base_url=server.http) as web:
        for path in ("/../server/settings.py", "/%2e%2e/server/settings.py",
                     "/js/../../pyproject.toml"):
            response = await web.get(path, headers={"Accept-Encoding": "gzip"})
            assert response.status_code == 404, path
            assert "BaseSettings" not in response.text and "[project]" not in response.text


def _app(folder: Path) -> httpx.AsyncClient:
    app = Starlette(routes=[Mount("/", ClientFiles(directory=folder))])
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t")


async def test_a_changed_file_is_sent_new_never_from_the_old_compressed_copy(
        tmp_path: Path) -> None:
    module = tmp_path / "m.js"
    module.write_text("export const v = 1;\n" * 200)
    async with _app(tmp_path) as web:
        first = await web.get("/m.js", headers={"Accept-Encoding": "gzip"})
        assert first.headers["content-encoding"] == "gzip"
        module.write_text("export const v = 2;\n" * 300)
        stat = module.stat()  # a new mtime even on a coarse clock
        os.utime(module, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000_000))
        second = await web.get("/m.js", headers={"Accept-Encoding": "gzip",
                                                 "If-None-Match": first.headers["etag"]})
    assert second.status_code == 200
    assert second.content == module.read_bytes()
    assert second.headers["etag"] != first.headers["etag"]


async def test_small_files_and_other_kinds_go_as_they_are(tmp_path: Path) -> None:
    (tmp_path / "tiny.css").write_text("a{}")
    (tmp_path / "card.png").write_bytes(b"\x89PNG" + bytes(4000))
    assert (tmp_path / "tiny.css").stat().st_size < MIN_COMPRESSED_BYTES
    async with _app(tmp_path) as web:
        tiny = await web.get("/tiny.css", headers={"Accept-Encoding": "gzip"})
        png = await web.get("/card.png", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in tiny.headers and tiny.content == b"a{}"
    assert tiny.headers["vary"] == "accept-encoding"  # a bigger version would be gzipped
    assert "content-encoding" not in png.headers and "vary" not in png.headers
    assert png.headers["cache-control"] == "no-cache"
    assert png.content == b"\x89PNG" + bytes(4000)
