"""Scan every frame a seat received for another seat's cards that were not yet played.

The deal of each hand becomes public in the ``review`` of the snapshot that follows
the hand, so after a whole game the scan knows every hand's four hands and can check,
frame by frame in order, that no card held by another seat appeared before it was
played (the ``review`` itself must only ever describe a finished, earlier hand).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import msgpack

CARD = re.compile(r"^(?:[2-9TJQKA][SHDC]|BJ|LJ)$")


def decode_frame(frame: bytes | str) -> dict[str, Any]:
    decoded: dict[str, Any] = (msgpack.unpackb(frame) if isinstance(frame, bytes)
                               else json.loads(frame))
    return decoded


def cards_in(value: Any, skip: frozenset[str] = frozenset({"review"})) -> set[str]:
    """Every card code in a decoded message (strings, words of strings, dict keys)."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key in skip:
                continue
            found |= cards_in(key, skip) | cards_in(item, skip)
    elif isinstance(value, list):
        for item in value:
            found |= cards_in(item, skip)
    elif isinstance(value, str):
        found |= {word for word in value.split() if CARD.match(word)}
    return found


def played_in(view: dict[str, Any]) -> set[str]:
    """Cards already played this hand according to a (wire) view."""
    cards = {card for _, card in view.get("trick", [])}
    for trick in view.get("tricks", []):
        cards |= {card for _, card in trick[1]}
    return cards


Seen = Callable[[dict[str, Any], int], set[str]]


def scan(frames: list[bytes | str], seat: int,
         unfinished: dict[int, list[list[str]]] | None = None,
         seen: Seen | None = None) -> int:
    """Assert no frame shows another seat's unplayed card; returns frames scanned.

    ``unfinished``: the deal of a hand still in play (no review yet), from the server.
    ``seen(review, seat)``: the cards ``seat`` may have seen in that hand; given, a frame
    may show only those and the cards played so far (the formats: six players hold
    cards twice, two players see the cards they draw and discard).
    """
    messages = [decode_frame(f) for f in frames]
    deals: dict[int, list[list[str]]] = dict(unfinished or {})
    reviews: dict[int, dict[str, Any]] = {}
    for message in messages:
        view = message["d"].get("view") if message["t"] == "snap" else None
        if view and view.get("review"):
            deals[view["review"]["hand"]] = view["review"]["dealt"]
            reviews[view["review"]["hand"]] = view["review"]
    assert deals, "no finished hand was seen"
    hand: int | None = None
    played: set[str] = set()
    for index, message in enumerate(messages):
        data = message["d"]
        if message["t"] == "snap" and data.get("view"):
            view = data["view"]
            hand, played = view["hand_no"], played_in(view)
            review = view.get("review")
            assert review is None or review["hand"] < hand or view["over"], (index, review)
        elif message["t"] == "ev" and data["a"].startswith("play "):
            played.add(data["a"].split()[1])
        if hand is None:
            assert not cards_in(message), (index, message)
            continue
        assert hand in deals, f"hand {hand} never got its review"
        if seen is not None:
            leaked = cards_in(message) - seen(reviews[hand], seat) - played
        else:
            others = {c for s, cards in enumerate(deals[hand]) if s != seat for c in cards}
            leaked = cards_in(message) & (others - played)
        assert not leaked, f"frame {index} shows {sorted(leaked)} of another seat: {message}"
    return len(messages)
