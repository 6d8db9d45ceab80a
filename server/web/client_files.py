"""The browser client's files (``client/web``): checked again on every load, and sent
gzipped to a browser that takes it.

The client is some seventy ES modules, stylesheets and catalogues (about 580 KiB as
they lie on disk) loaded by their own names, with no version in the address. Two
things follow:

- **``Cache-Control: no-cache``** on every file: a browser keeps its copy but asks
  each time (``If-None-Match``), and gets ``304 Not Modified`` while the file is
  unchanged. Without the header a browser guesses how long a file stays fresh (a
  tenth of its age), so after an upgrade it could run new modules beside old ones it
  guessed were still fresh.
- **gzip** for text (``.js``, ``.css``, ``.json``, ``.svg``, ``.html``...) of 1 KiB or
  more, when the request's ``Accept-Encoding`` allows it: the client's files go in about
  a third of their bytes, and the first load of the room on a phone is less than half
  what it was (docs/benchmarks.md). Each file is compressed once per
  version (its ETag: modification time and size) and kept in memory, so the CPU per
  request is that of sending the bytes. The compressed answer carries the same ETag,
  weak (``W/``), as nginx's gzip does, so a browser's ``If-None-Match`` gets its ``304``
  whichever form it holds.
"""

from __future__ import annotations

import os
from pathlib import Path

from starlette.datastructures import Headers
from starlette.responses import Response
from starlette.staticfiles import PathLike, StaticFiles
from starlette.types import Scope

from .http_encoding import MIN_COMPRESSED_BYTES, accepts_gzip, gzipped

__all__ = ["COMPRESSED_SUFFIXES", "MIN_COMPRESSED_BYTES", "ClientFiles"]

COMPRESSED_SUFFIXES = frozenset({".js", ".mjs", ".css", ".json", ".svg", ".html", ".txt",
                                 ".map", ".xml", ".webmanifest"})


class ClientFiles(StaticFiles):
    """``StaticFiles`` with ``Cache-Control: no-cache`` and gzip (see the module)."""

    def file_response(self, full_path: PathLike, stat_result: os.stat_result, scope: Scope,
                      status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["cache-control"] = "no-cache"
        path = Path(full_path)
        if path.suffix.lower() not in COMPRESSED_SUFFIXES:
            return response
        response.headers["vary"] = "accept-encoding"
        if (response.status_code != 200 or stat_result.st_size < MIN_COMPRESSED_BYTES
                or not accepts_gzip(Headers(scope=scope))):
            return response
        etag = response.headers["etag"]
        body = gzipped(str(path), etag, path.read_bytes)
        headers = {name: value for name, value in response.headers.items()
                   if name not in ("content-length", "etag")}
        headers.update({"etag": f"W/{etag}", "content-encoding": "gzip",
                        "content-length": str(len(body))})
        if scope.get("method") == "HEAD":
            body = b""  # the length of the body a GET would get, and no body
        return Response(body, headers=headers)

