"""The JSON the archive's routes answer (docs/archive.md has the exact shapes).

Pure functions of stored rows: ``game_json`` (a game, hand by hand, rebuilt by the
engine from its actions), ``recent_json`` (a list item of a player's games) and
``stats_json`` (a player's Spades statistics from their running sums).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from shared.archive import GameRecord, replay_hands, side_places
from shared.archive.export import iso_ms

__all__ = ["game_json", "recent_json", "stats_json"]


def game_json(record: GameRecord, ratings: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """``GET /api/games/{id}``'s body. ``ratings``: ``[{seat, before, after}]``."""
    hands = replay_hands(record)
    return {
        "id": record.id,
        "kind": record.kind,
        "private": record.private,
        "rules": record.rules,
        "seed": str(record.seed),
        "started": iso_ms(record.started_ms),
        "ended": iso_ms(record.ended_ms),
        "first_dealer": record.first_dealer,
        "sides": record.sides(),
        "seats": [{"seat": s.seat, "name": s.name, "account": s.account, "bot": s.bot,
                   "left": s.left} for s in record.seats],
        "result": {"winner": record.winner, "totals": list(record.totals),
                   "places": side_places(record.totals),
                   "hands_played": record.hands_played},
        "ratings": list(ratings),
        "actions": [[seat, action] for seat, action in record.actions],
        "hands": [{key: hand[key] for key in ("no", "dealer", "deal_seed", "commitment",
                                              "hands", "bids", "tricks", "score")}
                  for hand in hands],
    }


def recent_json(item: Mapping[str, Any]) -> dict[str, Any]:
    return {"id": item["id"], "ended": iso_ms(item["ended_ms"]), "kind": item["kind"],
            "won": item["won"], "place": item["place"], "totals": item["totals"]}


def _share(part: int, whole: int) -> float | None:
    return None if whole == 0 else round(part / whole, 4)


def stats_json(sums: Mapping[str, int] | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """(``{games, won, completion}``, ``stats``) from a player's ``player_stats`` row
    (None: no game yet). Shares are 0..1 (None when there is nothing to divide)."""
    s = dict(sums or {})
    get = s.get
    hands = get("hands", 0)
    head = {"games": get("games", 0), "won": get("won", 0),
            "completion": _share(get("completed", 0), get("games", 0))}
    stats = {
        "hands": hands,
        "contracts_made": get("contracts_made", 0),
        "contracts_set": get("contracts_set", 0),
        "bid_error_avg": (None if not get("bids", 0)
                          else round(get("bid_error_sum", 0) / get("bids", 1), 3)),
        "bags_per_hand": None if not hands else round(get("bags", 0) / hands, 3),
        "nil_tried": get("nil_tried", 0),
        "nil_made": get("nil_made", 0),
        "blind_nil_tried": get("blind_nil_tried", 0),
        "blind_nil_made": get("blind_nil_made", 0),
        "top_scorer_share": _share(get("top_scorer", 0), hands),
    }
    return head, stats
