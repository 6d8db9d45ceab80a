"""The plain-text record of a game (the export), made and read back by pure functions.

The format, like chess's PGN (docs/archive.md has it in full)::

    [Format "spades-record 1"]
    [Game "Xk2f9aQ.1"]
    [Kind "casual"]
    [Private "false"]
    [Started "2026-12-01T18:00:00.000Z"]
    [Ended "2026-12-01T18:21:07.512Z"]
    [Seed "8851121954421470"]
    [FirstDealer "3"]
    [Rules "{\\"bag_limit\\": 10, ...}"]
    [Seat0 "Ann"]
    [Seat0Pid "3f9a0c1d2b4e5f60"]
    [Seat0Account "Ann"]
    [Seat1 "Ada (bot)"]
    [Seat1Bot "standard"]
    ...
    [Result "0"]
    [Totals "262 118"]
    [HandsPlayed "7"]

    ; hand 1, dealer 3, commitment 0e70...
    0 look
    0 bid 4
    1 bid 3
    ...

A tag line is ``[Name "value"]`` where the value is a JSON string (so quotes and
backslashes are escaped as JSON escapes them). After the tags and one empty line, each
line is one action, ``<seat> <action>`` in the engine's canonical text, in the order
played. Lines starting with ``;`` are comments (the hand headers, counted from 1, the
cards each seat was dealt when asked for, and the score lines the export adds) and are
skipped when read. ``Result`` is the winning side's index or
``draw``; ``Totals`` the final score per side; ``Opening`` (JSON, only when the game
opened from a fixed position) and ``Extra`` (JSON, later fields) are optional.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from .record import GameRecord, SeatRecord

__all__ = ["FORMAT", "ExportError", "format_record", "iso_ms", "ms_of_iso", "parse_record"]

FORMAT = "spades-record 1"
_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9]*) ("(?:[^"\\]|\\.)*")\]')
_SEAT_TAG = re.compile(r"Seat(\d+)(Pid|Account|Bot|Left)?")
_ACTION = re.compile(r"(\d+) ([a-z].*)")


class ExportError(ValueError):
    """A text that is not a game record; the message names the line and what is wrong."""


def iso_ms(ms: int) -> str:
    """``ms`` since the epoch as ISO 8601 in UTC with milliseconds (``...T18:00:00.000Z``)."""
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def ms_of_iso(text: str) -> int:
    """The reverse of ``iso_ms``; raises ValueError."""
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    return round(moment.timestamp() * 1000)


def format_record(record: GameRecord, hands: Sequence[dict[str, Any]] | None = None,
                  dealt: bool = False) -> str:
    """The record as text. With ``hands`` (``replay_hands``'s), each hand's actions are
    preceded by a comment with its number (from 1), dealer and deal commitment and
    followed by its score; with ``dealt`` too, the header is followed by one comment
    per seat with the cards it was dealt (``; dealt 0: AS KS ...``)."""
    tags: list[tuple[str, str]] = [
        ("Format", FORMAT), ("Game", record.id), ("Kind", record.kind),
        ("Private", "true" if record.private else "false"),
        ("Started", iso_ms(record.started_ms)), ("Ended", iso_ms(record.ended_ms)),
        ("Seed", str(record.seed)), ("FirstDealer", str(record.first_dealer)),
        ("Rules", json.dumps(record.rules, sort_keys=True)),
    ]
    if record.opening is not None:
        tags.append(("Opening", json.dumps(record.opening, sort_keys=True)))
    for seat in record.seats:
        tags.append((f"Seat{seat.seat}", seat.name))
        for suffix, value in (("Pid", seat.pid), ("Account", seat.account), ("Bot", seat.bot)):
            if value is not None:
                tags.append((f"Seat{seat.seat}{suffix}", value))
        if seat.left:
            tags.append((f"Seat{seat.seat}Left", "true"))
    tags += [("Result", "draw" if record.winner is None else str(record.winner)),
             ("Totals", " ".join(str(t) for t in record.totals)),
             ("HandsPlayed", str(record.hands_played))]
    if record.extra:
        tags.append(("Extra", json.dumps(record.extra, sort_keys=True)))
    lines = [f"[{name} {json.dumps(value)}]" for name, value in tags]
    lines.append("")
    hand_iter = iter(hands or ())
    hand = next(hand_iter, None)
    played = 0  # tricks' cards seen in the current hand
    if hand is not None:
        lines += _hand_comments(hand, dealt)
    for actor, action in record.actions:
        lines.append(f"{actor} {action}")
        if hand is not None and action.startswith("play "):
            played += 1
            if played == sum(len(t["cards"]) for t in hand["tricks"]):
                lines.append("; score " + " | ".join(
                    f"side {i}: bid {s['bid']} took {s['took']} points {s['points']} "
                    f"total {s['total']}" for i, s in enumerate(hand["score"])))
                hand, played = next(hand_iter, None), 0
                if hand is not None:
                    lines += _hand_comments(hand, dealt)
    return "\n".join(lines) + "\n"


def _hand_comments(hand: dict[str, Any], dealt: bool) -> list[str]:
    header = (f"; hand {hand['no'] + 1}, dealer {hand['dealer']}, "
              f"commitment {hand['commitment']}, deal seed {hand['deal_seed']}")
    if not dealt:
        return [header]
    return [header] + [f"; dealt {seat}: {' '.join(cards)}"
                       for seat, cards in enumerate(hand["hands"])]


def parse_record(text: str) -> GameRecord:
    """The record a ``format_record`` text holds; raises ExportError on anything else."""
    if not isinstance(text, str):
        raise ExportError("A game record is text.")
    tags: dict[str, str] = {}
    actions: list[tuple[int, str]] = []
    in_moves = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(";"):
            in_moves = in_moves or (not line and bool(tags))
            continue
        if not in_moves and line.startswith("["):
            match = _TAG.fullmatch(line)
            if match is None:
                raise ExportError(f"line {number}: a tag is [Name \"value\"], not {line[:60]!r}")
            name, value = match.group(1), json.loads(match.group(2))
            if name in tags:
                raise ExportError(f"line {number}: the tag {name} is given twice")
            tags[name] = value
            continue
        match = _ACTION.fullmatch(line)
        if match is None:
            raise ExportError(f"line {number}: an action line is '<seat> <action>', "
                              f"not {line[:60]!r}")
        in_moves = True
        actions.append((int(match.group(1)), match.group(2)))
    return _record(tags, actions)


def _record(tags: dict[str, str], actions: list[tuple[int, str]]) -> GameRecord:
    def need(name: str) -> str:
        if name not in tags:
            raise ExportError(f"the record has no {name} tag")
        return tags[name]

    if need("Format") != FORMAT:
        raise ExportError(f"this reads {FORMAT!r} records, not {tags['Format']!r}")
    try:
        seats: dict[int, dict[str, Any]] = {}
        for name, value in tags.items():
            match = _SEAT_TAG.fullmatch(name)
            if match is None:
                continue
            seat = seats.setdefault(int(match.group(1)), {"seat": int(match.group(1))})
            field = (match.group(2) or "Name").lower()
            seat[field] = value == "true" if field == "left" else value
        if sorted(seats) != list(range(len(seats))) or not seats:
            raise ExportError("the seats must be Seat0, Seat1, ... with none missing")
        result = need("Result")
        opening = tags.get("Opening")
        return GameRecord(
            id=need("Game"), kind=need("Kind"), private=need("Private") == "true",
            rules=json.loads(need("Rules")), seed=int(need("Seed")),
            first_dealer=int(need("FirstDealer")), started_ms=ms_of_iso(need("Started")),
            ended_ms=ms_of_iso(need("Ended")),
            seats=tuple(SeatRecord(s["seat"], s.get("name", ""), s.get("pid"),
                                   s.get("account"), s.get("bot"), s.get("left", False))
                        for _, s in sorted(seats.items())),
            actions=tuple(actions), winner=None if result == "draw" else int(result),
            totals=tuple(int(t) for t in need("Totals").split()),
            hands_played=int(need("HandsPlayed")),
            opening=json.loads(opening) if opening is not None else None,
            extra=json.loads(tags["Extra"]) if "Extra" in tags else {})
    except (ValueError, KeyError) as err:
        if isinstance(err, ExportError):
            raise
        raise ExportError(f"a tag's value is not what it should be: {err}") from None
