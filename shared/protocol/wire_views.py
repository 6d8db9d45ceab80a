"""Seat views on the wire: the engine's ``SeatView.to_dict()`` in its wire form and back,
and the compact view deltas an ``ev`` carries (``view_delta``, ``apply_view_delta``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shared.i18n import Text

# --- seat views on the wire ------------------------------------------------------------


def to_wire_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's seat view (``SeatView.to_dict()``) in its wire form, which is
    smaller: ``last_trick`` is left out (it is ``tricks[-1]``, or None), each of
    ``tricks`` is a list ``[leader, cards, winner]`` and ``unplayable`` is grouped by
    reason, ``{reason: [cards]}``, with ``why``, ``[[key, args] or None, ...]``, the
    catalogue id and arguments of each of those reasons, in their order."""
    wire = {key: value for key, value in view.items() if key != "last_trick"}
    wire["unplayable"], wire["why"] = grouped_reasons(view.get("unplayable", {}))
    wire["tricks"] = [[t["leader"], t["cards"], t["winner"]] for t in view.get("tricks", [])]
    return wire


def grouped_reasons(unplayable: Mapping[str, str]
                    ) -> tuple[dict[str, list[str]], list[list[Any] | None]]:
    """A view's ``unplayable`` ``{card: reason}`` in its wire form, ``{reason: [cards]}``,
    and the wire's ``why``: ``[key, args]`` of each of those reasons in the same order
    (None for one with no catalogue id). A list, not a second map keyed by the reason:
    the reason's English is sent once (it is most of a card play's bytes to the seat)."""
    grouped: dict[str, list[str]] = {}
    for card, reason in unplayable.items():
        grouped.setdefault(reason, []).append(card)
    why = [[r.key, dict(r.args)] if isinstance(r, Text) else None for r in grouped]
    return grouped, why


def from_wire_view(wire: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's seat view from its wire form (inverse of :func:`to_wire_view`)."""
    view = {key: value for key, value in wire.items() if key != "why"}
    why = dict(zip(wire.get("unplayable", {}), wire.get("why") or [], strict=False))
    tricks = [{"leader": t[0], "cards": t[1], "winner": t[2]} for t in wire.get("tricks", [])]
    view["tricks"] = tricks
    view["last_trick"] = tricks[-1] if tricks else None
    view["unplayable"] = {card: Text(reason, *why[reason]) if why.get(reason) else reason
                          for reason, cards in wire.get("unplayable", {}).items()
                          for card in cards}
    return view


# --- view deltas -----------------------------------------------------------------------


# Short names of view keys inside a delta (the hot path); other keys go as they are.
DELTA_KEYS: dict[str, str] = {
    "to_act": "n", "trick": "k", "tricks": "ks", "tricks_won": "w", "leader": "ld",
    "legal": "l", "unplayable": "u", "hand": "h", "hand_hidden": "hh", "bids": "b",
    "phase": "p", "spades_broken": "sb", "scores": "sc", "bags": "bg", "passing": "ps",
    "why": "y",
}
_LONG_KEYS = {short: long for long, short in DELTA_KEYS.items()}


def view_delta(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """The change from one (wire) seat view to the next, for an ``ev``'s ``x``.

    A key (short name from DELTA_KEYS) maps to its new value; ``"key+"`` lists items
    appended to a list and ``"key-"`` items removed from one (the hand losing a card).
    Keys left out did not change.
    ``apply_view_delta(old, view_delta(old, new)) == new`` for any two views.
    """
    delta: dict[str, Any] = {}
    for key, value in new.items():
        before = old.get(key)
        if before is value or before == value:  # views of one hand share what it keeps
            continue
        short = DELTA_KEYS.get(key, key)
        if isinstance(before, list) and isinstance(value, list):
            if len(value) > len(before) and value[: len(before)] == before:
                delta[short + "+"] = value[len(before) :]
                continue
            removed = _removed(before, value)
            if removed is not None:
                delta[short + "-"] = removed
                continue
        delta[short] = value
    for key in old.keys() - new.keys():
        delta[DELTA_KEYS.get(key, key)] = None
    return delta


def _removed(before: list[Any], after: list[Any]) -> list[Any] | None:
    """Items taken out of ``before`` (order kept) to give ``after``, if that is all."""
    if len(after) >= len(before) or 2 * len(after) < len(before):
        return None  # not a removal, or sending what is left is shorter
    removed: list[Any] = []
    j = 0
    for item in before:
        if j < len(after) and after[j] == item:
            j += 1
        else:
            removed.append(item)
    return removed if j == len(after) else None


def apply_view_delta(view: Mapping[str, Any], delta: Mapping[str, Any]) -> dict[str, Any]:
    """The view after ``delta`` (from :func:`view_delta`); ``view`` is not changed."""
    out = dict(view)
    for key, value in delta.items():
        if key.endswith("+"):
            name = _LONG_KEYS.get(key[:-1], key[:-1])
            out[name] = [*out.get(name, []), *value]
        elif key.endswith("-"):
            name = _LONG_KEYS.get(key[:-1], key[:-1])
            remaining = list(out.get(name, []))
            for item in value:
                remaining.remove(item)
            out[name] = remaining
        else:
            out[_LONG_KEYS.get(key, key)] = value
    return out
