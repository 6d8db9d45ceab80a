"""The table blob of ``table_model.encode_table``, packed from parts kept between writes.

Every action writes the whole table (``Store.write``), and packing it was a fifth of
the node's CPU per action (py-spy, docs/benchmarks.md): ``Game.to_dict`` copies the
score history and the last hand's review, then msgpack packs the copies, although
those two and the rules do not change for a whole hand. ``BlobPacker.pack`` gives the
same bytes as ``encode_table`` (a msgpack map is its header followed by its packed
key/value pairs, so the pairs of the parts that did not change are reused), reading the
game's fields the way ``shared.spades.snapshot.dump`` does. tests/room/test_table_blob.py
checks the bytes against ``encode_table`` in every state of whole games of every kind
of table; if the engine's saved form gains a field, that test fails.
"""

from __future__ import annotations

from typing import Any

import msgpack

from shared.spades import Game

from .model import Table, encode_table

__all__ = ["BlobPacker"]

FORMAT = 1  # shared.spades.snapshot.FORMAT, checked by the test
_SCALARS = ("hand_no", "dealer", "deal_seed", "phase", "to_act", "leader", "broken",
            "outcome", "n_events")
_TUPLE4 = ("hands", "dealt", "looked", "blind_open", "bids", "tricks_won")
_STATE_KEYS = len(_SCALARS) + len(_TUPLE4) + 8  # + scores ... review
_PACKED_KEYS = {name: msgpack.packb(name) for name in (
    "rules", "game", "state", "history", "review")}
_GAME_HEAD = msgpack.packb({"format": FORMAT})[1:]  # the first pair of the game's map


def _header(size: int) -> bytes:
    """A msgpack map header for ``size`` pairs."""
    return bytes((0x80 | size,)) if size < 16 else b"\xde" + size.to_bytes(2, "big")


def _pairs(data: dict[str, Any]) -> bytes:
    """The packed key/value pairs of ``data``, without the map header."""
    packed: bytes = msgpack.packb(data)
    return packed[1:] if len(data) < 16 else packed[3:]


def _other_shape(game: Game) -> bool:
    """Six players (two-deck masks saved as pairs) and two (the draw's stock and
    discards) save their state in another shape than the one ``_game`` reads: their
    blobs are packed whole by ``encode_table`` (the fast path is for the common games of
    one deck: four players, partners or cutthroat, and three)."""
    rules = game.rules
    return rules.decks != 1 or rules.draw


class BlobPacker:
    """Packs table blobs; keeps the packed form of parts that last a hand (by identity:
    the engine shares them between the game values of a hand), at most ``limit``."""

    def __init__(self, limit: int = 4096) -> None:
        self._limit = limit
        self._parts: dict[int, tuple[object, bytes]] = {}

    def _part(self, obj: object, data: Any) -> bytes:
        """``data`` packed, reused while ``obj`` (whose data it is) is the same object;
        ``data`` may be a function that makes it (called only when not reused)."""
        hit = self._parts.get(id(obj))
        if hit is not None and hit[0] is obj:
            return hit[1]
        if len(self._parts) >= self._limit:
            self._parts.clear()
        packed: bytes = msgpack.packb(data() if callable(data) else data)
        self._parts[id(obj)] = (obj, packed)  # holding obj keeps its id from being reused
        return packed

    def pack(self, table: Table) -> bytes:
        """``encode_table(table)``, byte for byte."""
        if table.game is None or _other_shape(table.game):
            return encode_table(table)
        keys = _PACKED_KEYS
        head = {"id": table.id, "kind": table.kind}
        middle = {"status": table.status,
                  "seats": [s.to_list() for s in table.seats],
                  "created": table.created_ms, "gv": table.gv}
        tail: dict[str, Any] = {"acts": table.acts, "timers": table.timers,
                                "rematch": table.rematch, "game_no": table.game_no}
        if table.bot_level != "standard":
            tail["bl"] = table.bot_level
        if table.lobby is not None:
            tail["lobby"] = {**table.lobby.to_dict(), "rules": None}
        if table.practice is not None:
            tail["pr"] = table.practice.to_list()
        if table.left:
            tail["left"] = table.left
        if table.paused:
            tail["pz"] = table.ready
        if table.ratings:
            tail["rt"] = table.ratings
        if table.event:
            tail["ev"] = table.event
        if not table.rated:
            tail["ur"] = True
        size = len(head) + 1 + len(middle) + 1 + len(tail)
        return b"".join((
            _header(size), _pairs(head),
            keys["rules"], self._part(table.rules, table.rules),
            _pairs(middle), keys["game"], self._game(table.game), _pairs(tail)))

    def _game(self, game: Game) -> bytes:
        keys = _PACKED_KEYS
        rules = game.rules
        state: dict[str, Any] = {name: getattr(game, name) for name in _SCALARS}
        for name in _TUPLE4:
            state[name] = getattr(game, name)
        state["scores"] = game.scores
        state["bags"] = game.bags
        state["pass_queue"] = game.pass_queue
        state["passes"] = game.passes
        state["trick"] = game.trick
        state["tricks"] = game.tricks
        history, review = game.history, game.review
        middle = {"seed": game.seed, "first_dealer": game.first_dealer,
                  "opening": game.opening}
        return b"".join((
            _header(6), _GAME_HEAD, keys["rules"], self._part(rules, rules.to_dict),
            _pairs(middle), keys["state"],
            _header(_STATE_KEYS), _pairs(state),
            keys["history"], self._part(history, history),
            keys["review"], self._part(review, review) if review is not None else b"\xc0"))
