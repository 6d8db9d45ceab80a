"""The room's wire protocol: one closed set of messages each way, and their codec.

Every frame is one envelope ``{"t": type, "d": data, "id": n}``:

- ``t`` names the message type (the ``T`` of a model below); unknown types are refused.
- ``d`` is the message's fields (absent or ``{}`` when it has none). Fields whose value
  is ``null`` are left out on the wire; a missing field reads as its default.
- ``id`` is optional. A client numbers the messages it wants answered; the server's
  ``ack`` or ``err`` carries the ``id`` it answers. Server pushes carry none.

Frames are msgpack in binary WebSocket frames or JSON in text frames; the server answers
each client in the format it spoke last. ``docs/protocol.md`` shows every message.

Errors (all ``ValueError``)::

    ProtocolError              a frame the codec refuses; .code goes on the wire
    ├── MalformedMessage       not an envelope, bad JSON/msgpack, fields of the wrong shape
    ├── UnknownMessageType     ``t`` is not a message of this direction
    └── MessageTooLarge        the frame is over MAX_CLIENT_FRAME bytes

Game state travels as the engine's seat view (``SeatView.to_dict()``): whole in a
``snap``, and as a compact change (:func:`view_delta`) in each ``ev``.

The modules: ``base`` (formats, errors, field types, the two roots), the messages by
area (``table_messages``, ``social_messages``, ``practice_messages``,
``analysis_messages``), ``codec`` (frames and the registries) and ``wire_views`` (seat
views and their deltas). Import from ``shared.protocol``: every public name is here.
"""

from __future__ import annotations

from .analysis_messages import Analyse, AnalysisReply
from .base import (
    ERROR_CODES,
    MAX_CLIENT_FRAME,
    BadDisplayName,
    ClientMessage,
    Format,
    MalformedMessage,
    MessageTooLarge,
    ProtocolError,
    ServerMessage,
    UnknownMessageType,
)
from .codec import CLIENT_MESSAGES, SERVER_MESSAGES, Decoded, decode, encode
from .daily_messages import Daily, DailyDone, DailyHand
from .practice_messages import Advice, Hint, Practice, Redo, Tip, Undo
from .social_messages import (
    ChatLine,
    ChatOn,
    ChooseSeat,
    Created,
    CreatePrivate,
    InviteAnswer,
    Invited,
    Join,
    LobbyChanged,
    MoveSeat,
    Mute,
    NewInvite,
    Queue,
    Queued,
    Rated,
    RemoveSeat,
    Say,
    Spectators,
    StartGame,
)
from .table_messages import (
    Ack,
    Act,
    Back,
    Error,
    Event,
    Hello,
    Leave,
    MoreTime,
    Ping,
    Pong,
    QuickPlay,
    Ready,
    Reclaim,
    Rematch,
    Rename,
    Resync,
    Screen,
    SeatInfo,
    Snapshot,
    TableUpdate,
    Watch,
    Welcome,
)
from .wire_views import (
    DELTA_KEYS,
    apply_view_delta,
    from_wire_view,
    grouped_reasons,
    to_wire_view,
    view_delta,
)

__all__ = [
    "CLIENT_MESSAGES",
    "DELTA_KEYS",
    "ERROR_CODES",
    "MAX_CLIENT_FRAME",
    "SERVER_MESSAGES",
    "Ack",
    "Act",
    "Advice",
    "Analyse",
    "AnalysisReply",
    "Back",
    "BadDisplayName",
    "ChatLine",
    "ChatOn",
    "ChooseSeat",
    "ClientMessage",
    "CreatePrivate",
    "Created",
    "Daily",
    "DailyDone",
    "DailyHand",
    "Decoded",
    "Error",
    "Event",
    "Format",
    "Hello",
    "Hint",
    "InviteAnswer",
    "Invited",
    "Join",
    "Leave",
    "LobbyChanged",
    "MalformedMessage",
    "MessageTooLarge",
    "MoreTime",
    "MoveSeat",
    "Mute",
    "NewInvite",
    "Ping",
    "Pong",
    "Practice",
    "ProtocolError",
    "Queue",
    "Queued",
    "QuickPlay",
    "Rated",
    "Ready",
    "Reclaim",
    "Redo",
    "Rematch",
    "RemoveSeat",
    "Rename",
    "Resync",
    "Say",
    "Screen",
    "SeatInfo",
    "ServerMessage",
    "Snapshot",
    "Spectators",
    "StartGame",
    "TableUpdate",
    "Tip",
    "Undo",
    "UnknownMessageType",
    "Watch",
    "Welcome",
    "apply_view_delta",
    "decode",
    "encode",
    "from_wire_view",
    "grouped_reasons",
    "to_wire_view",
    "view_delta",
]
