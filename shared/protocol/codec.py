"""The codec: frames to messages and back (msgpack or JSON), with the registries of
both directions (``CLIENT_MESSAGES``, ``SERVER_MESSAGES``: every subclass of the two
roots, so the message modules are imported here first).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import msgpack  # type: ignore[import-untyped]
from pydantic import BaseModel, ValidationError

from . import (  # noqa: F401 (registered)
    analysis_messages,
    daily_messages,
    practice_messages,
    social_messages,
    table_messages,
)
from . import refusals as refused
from .base import (
    BAD_NAME,
    MAX_CLIENT_FRAME,
    MAX_ID,
    BadDisplayName,
    ClientMessage,
    Format,
    MalformedMessage,
    MessageTooLarge,
    ServerMessage,
    UnknownMessageType,
    _Message,
)


def _registry(root: type[_Message]) -> dict[str, type[_Message]]:
    return {cls.T: cls for cls in root.__subclasses__()}


CLIENT_MESSAGES: dict[str, type[_Message]] = _registry(ClientMessage)
SERVER_MESSAGES: dict[str, type[_Message]] = _registry(ServerMessage)


# --- codec ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decoded:
    """One decoded frame: the message, its envelope id and the format it came in."""

    message: Any
    id: int | None
    format: Format


def encode(message: _Message, fmt: Format, msg_id: int | None = None) -> bytes | str:
    """One frame for ``message``: bytes for msgpack, str for JSON."""
    envelope: dict[str, Any] = {"t": message.T, "d": _fields(message)}
    if msg_id is not None:
        envelope["id"] = msg_id
    if fmt is Format.MSGPACK:
        packed: bytes = msgpack.packb(envelope)
        return packed
    return json.dumps(envelope, separators=(",", ":"), ensure_ascii=False)


def _fields(message: BaseModel) -> dict[str, Any]:
    # Faster than model_dump (the hot path encodes an ``ev`` per seat per action);
    # the one nesting messages use is a list of models (``seats``).
    out: dict[str, Any] = {}
    for key, value in message.__dict__.items():
        if value is None:
            continue
        if type(value) is list and value and isinstance(value[0], BaseModel):
            value = [_fields(item) for item in value]
        out[key] = value
    return out


def decode(
    frame: bytes | str,
    registry: Mapping[str, type[_Message]] = CLIENT_MESSAGES,
    max_size: int | None = MAX_CLIENT_FRAME,
) -> Decoded:
    """Parse one frame into a message of ``registry`` (default: client messages).

    Raises MessageTooLarge, MalformedMessage or UnknownMessageType, each with a sentence
    saying what was wrong and, once the envelope was read, the id it carried.
    """
    fmt = Format.MSGPACK if isinstance(frame, bytes | bytearray) else Format.JSON
    size = len(frame) if fmt is Format.MSGPACK else len(frame.encode())  # type: ignore[union-attr]
    if max_size is not None and size > max_size:
        raise MessageTooLarge(refused.TOO_LARGE(max=max_size, size=size))
    envelope = _parse(frame, fmt)
    if not isinstance(envelope, dict):
        raise MalformedMessage(refused.NOT_ENVELOPE())
    msg_id = envelope.get("id")
    if msg_id is not None and (
        type(msg_id) is not int or not 0 <= msg_id <= MAX_ID  # bool is not an id
    ):
        raise MalformedMessage(refused.BAD_ID(max=MAX_ID))
    extra = set(envelope) - {"t", "d", "id"}
    if extra:
        raise MalformedMessage(refused.EXTRA_KEYS(keys=", ".join(sorted(map(str, extra)))),
                               msg_id)
    kind = envelope.get("t")
    if not isinstance(kind, str):
        raise MalformedMessage(refused.TYPE_NOT_TEXT(), msg_id)
    model = registry.get(kind)
    if model is None:
        shown = kind if len(kind) <= 20 else kind[:20] + "..."
        raise UnknownMessageType(refused.UNKNOWN_TYPE(type=repr(shown)), msg_id)
    data = envelope.get("d")
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise MalformedMessage(refused.DATA_NOT_OBJECT(type=repr(kind)), msg_id)
    try:
        message = model.model_validate(data)
    except ValidationError as err:
        if err.errors(include_url=False)[0]["type"] == BAD_NAME:
            problem = _first_problem(err).partition(": ")[2].capitalize() + "."
            raise BadDisplayName(refused.name_refusal(problem), msg_id) from None
        problem = refused.field_problem(err.errors(include_url=False)[0])
        raise MalformedMessage(refused.BAD_FIELD(type=repr(kind), problem=problem),
                               msg_id) from None
    return Decoded(message, msg_id, fmt)


def _parse(frame: bytes | str, fmt: Format) -> Any:
    try:
        if fmt is Format.MSGPACK:
            return msgpack.unpackb(frame, raw=False, strict_map_key=True)
        return json.loads(frame, parse_constant=_no_constant)
    except (ValueError, TypeError, RecursionError, msgpack.UnpackException) as err:
        what = "msgpack" if fmt is Format.MSGPACK else "JSON"
        detail = str(err)[:80] or type(err).__name__
        raise MalformedMessage(refused.NOT_VALID(format=what, detail=detail)) from None


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number")


def _first_problem(err: ValidationError) -> str:
    problem = err.errors(include_url=False)[0]
    where = ".".join(str(part) for part in problem["loc"])
    text = str(problem["msg"]).removeprefix("Value error, ")
    return f"{where}: {text}" if where else text
