"""Reading a JSON object from an HTTP request body, the same way for every route.

``read_json_object`` answers bad input with ``Refused`` (an HTTP status, a wire code and
a sentence a person can read), which each route turns into its JSON error answer. A
client that leaves in the middle of its body is nobody to answer and nothing to log
loudly: one info line, then ``Refused`` like any other body that did not arrive.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from starlette.requests import ClientDisconnect, Request

from server.errors import BODY_LOST, BODY_NOT_JSON, BODY_NOT_OBJECT, BODY_TOO_LARGE, BODY_TYPE
from shared.i18n import wire_parts

__all__ = ["Refused", "read_json_object"]

log = logging.getLogger(__name__)


class Refused(Exception):
    """A request the route refuses: ``status`` (HTTP), ``code`` (the wire code)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code = status, code
        # A catalogue sentence (a shared.i18n Text) travels as its id and arguments too.
        self.key, self.values = wire_parts(message)  # (Exception.args is the message)

    def body(self) -> dict[str, Any]:
        """The JSON answer: ``error`` (the code), ``message`` (English), and ``key`` and
        ``args`` when the sentence is in the catalogue (docs/i18n.md)."""
        out: dict[str, Any] = {"error": self.code, "message": str(self)}
        if self.key is not None:
            out |= {"key": self.key, "args": self.values}
        return out


async def read_json_object(request: Request, max_body: int) -> dict[str, Any]:
    """The body as a JSON object of at most ``max_body`` bytes; raises Refused."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Refused(415, "malformed", BODY_TYPE())
    body = b""
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > max_body:
                raise Refused(413, "too_large", BODY_TOO_LARGE(max=max_body))
    except ClientDisconnect:  # gone mid-body: nobody to answer, nothing to log loudly
        log.info("a client left in the middle of its request body (%s)", request.url.path)
        raise Refused(400, "malformed", BODY_LOST()) from None
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise Refused(400, "malformed", BODY_NOT_JSON()) from None
    if not isinstance(data, dict):
        raise Refused(400, "malformed", BODY_NOT_OBJECT())
    return data
