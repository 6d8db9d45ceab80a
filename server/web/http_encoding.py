"""gzip and revalidation for the room's HTTP answers whose bytes change only with a
version: the client's files (server/web/client_files.py) and the server's catalogues
(server/web/http_i18n.py).

- ``accepts_gzip(headers)``: whether a request's ``Accept-Encoding`` takes gzip.
- ``gzipped(key, version, raw)``: the gzip form of one answer's bytes, compressed once
  per version and kept in memory for every app of the process, so a request costs the
  sending of the bytes, not a compression.
- ``Versioned.of(body)``: bytes and their ETag (a hash of them), for an answer built
  once and served many times, so no request hashes it again.
- ``versioned_response(request, answer, ...)``: a ``Versioned`` answered with its ETag,
  ``Cache-Control: no-cache`` (the browser keeps it and asks again each time),
  ``304 Not Modified`` to an ``If-None-Match`` that names either form's ETag, and gzip
  when the request takes it (the ETag then weak, ``W/``, as nginx's gzip makes it).
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import Response

__all__ = ["MIN_COMPRESSED_BYTES", "Versioned", "accepts_gzip", "etag_matches", "gzipped",
           "versioned_response"]

MIN_COMPRESSED_BYTES = 1024  # below this, gzip's header and a round trip's packet eat the gain
_LEVEL = 6  # zlib's default: within a few per cent of 9's size, several times quicker
# Per answer (its key): the version it was compressed at and the compressed bytes. Bounded
# by the answers served (one entry each, replaced when the version changes).
_GZIPPED: dict[str, tuple[str, bytes]] = {}


def accepts_gzip(headers: Headers) -> bool:
    """Whether ``Accept-Encoding`` allows gzip: by its own entry if it has one, else by
    ``*``. A weight of 0 refuses it, and so does one that is not a number: the bytes as
    they are are always a safe answer."""
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


def gzipped(key: str, version: str, raw: Callable[[], bytes]) -> bytes:
    """The gzip form of the answer ``key`` at ``version``; ``raw`` (its bytes) is called
    only when that version was not compressed yet. The same bytes give the same output on
    every node (no time in the gzip header)."""
    kept = _GZIPPED.get(key)
    if kept is not None and kept[0] == version:
        return kept[1]
    body = gzip.compress(raw(), compresslevel=_LEVEL, mtime=0)
    _GZIPPED[key] = (version, body)
    return body


def etag_matches(if_none_match: str, etag: str) -> bool:
    """Whether an ``If-None-Match`` names ``etag`` (strong form), in either form, or is
    ``*``: weak comparison, as a ``GET``'s revalidation uses."""
    strong = etag.removeprefix("W/")
    for held in if_none_match.split(","):
        held = held.strip()
        if held == "*" or held.removeprefix("W/") == strong:
            return True
    return False


@dataclass(frozen=True)
class Versioned:
    """An answer's bytes and their strong ETag."""

    body: bytes
    etag: str

    @classmethod
    def of(cls, body: bytes) -> Versioned:
        """``body`` with an ETag of its bytes: the same bytes give the same ETag on every
        node, other bytes another."""
        return cls(body, f'"{hashlib.sha256(body).hexdigest()[:32]}"')


def versioned_response(request: Request, answer: Versioned, *, key: str, media_type: str,
                       headers: Mapping[str, str] | None = None) -> Response:
    """``answer`` answered as the module says; ``key`` names it in the gzip cache (one
    per distinct answer, e.g. a catalogue's language); ``headers`` are added (a ``vary``
    there is kept and ``accept-encoding`` added to it)."""
    body, etag = answer.body, answer.etag
    extra = dict(headers or {})
    vary = ", ".join(v for v in (extra.pop("vary", ""), "accept-encoding") if v)
    out = {**extra, "cache-control": "no-cache", "vary": vary}
    zipped = len(body) >= MIN_COMPRESSED_BYTES and accepts_gzip(request.headers)
    out["etag"] = f"W/{etag}" if zipped else etag
    if etag_matches(request.headers.get("if-none-match", ""), etag):
        return Response(status_code=304, headers=out)
    if zipped:
        body = gzipped(key, etag, lambda: answer.body)
        out["content-encoding"] = "gzip"
    out["content-length"] = str(len(body))
    if request.method == "HEAD":
        body = b""  # the length of the body a GET would get, and no body
    return Response(body, media_type=media_type, headers=out)
