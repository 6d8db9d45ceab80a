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

import gzip
import os
from pathlib import Path

from starlette.datastructures import Headers
from starlette.responses import Response
from starlette.staticfiles import PathLike, StaticFiles
from starlette.types import Scope

__all__ = ["COMPRESSED_SUFFIXES", "MIN_COMPRESSED_BYTES", "ClientFiles"]

COMPRESSED_SUFFIXES = frozenset({".js", ".mjs", ".css", ".json", ".svg", ".html", ".txt",
                                 ".map", ".xml", ".webmanifest"})
MIN_COMPRESSED_BYTES = 1024  # below this, gzip's header and a round trip's packet eat the gain
_LEVEL = 6  # zlib's default: within a few per cent of 9's size, several times quicker
# Per file (its full path): the ETag it was compressed at and the compressed bytes,
# shared by every app of the process. Bounded by the files served (one entry each,
# replaced when the file changes).
_GZIPPED: dict[str, tuple[str, bytes]] = {}


def _accepts_gzip(headers: Headers) -> bool:
    """Whether ``Accept-Encoding`` allows gzip: by its own entry if it has one, else by
    ``*``. A weight of 0 refuses it, and so does one that is not a number: the file as it
    is is always a safe answer."""
    weights: dict[str, float] = {}
    for part in headers.get("accept-encoding", "").lower().split(","):
        name, _, params = part.partition(";")
        q = params.replace(" ", "")
        weight = 1.0  # no parameter: fully accepted
        if q:
            try:
                weight = float(q.removeprefix("q=")) if q.startswith("q=") else 0.0
            except ValueError:
                weight = 0.0
        weights[name.strip()] = weight
    return weights.get("gzip", weights.get("*", 0.0)) > 0


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
                or not _accepts_gzip(Headers(scope=scope))):
            return response
        etag = response.headers["etag"]
        body = self._compressed(path, etag)
        headers = {name: value for name, value in response.headers.items()
                   if name not in ("content-length", "etag")}
        headers.update({"etag": f"W/{etag}", "content-encoding": "gzip",
                        "content-length": str(len(body))})
        if scope.get("method") == "HEAD":
            body = b""  # the length of the body a GET would get, and no body
        return Response(body, headers=headers)

    @staticmethod
    def _compressed(path: Path, etag: str) -> bytes:
        kept = _GZIPPED.get(str(path))
        if kept is not None and kept[0] == etag:
            return kept[1]
        # mtime=0: the same file gives the same bytes on every node.
        body = gzip.compress(path.read_bytes(), compresslevel=_LEVEL, mtime=0)
        _GZIPPED[str(path)] = (etag, body)
        return body
