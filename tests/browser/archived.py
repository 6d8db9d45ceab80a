"""A finished game in the shape of the archive's ``GET /api/games/{id}``, built by playing
it with the engine (docs/archive.md; the contract in issue 16): what the game page reads.

``played_game(seed)`` plays a whole game with random legal moves and returns the Game;
``game_document(game, id, names)`` reads its hands, bids, tricks and scores the way the
archive stores them. The browser tests serve this document to the page when they test
the page's own logic on a fixed game (a six-hand game, a given seed), and compare it with
what the real archive answers (same fields).
"""

from __future__ import annotations

import random
from typing import Any

from shared.spades import Game, RuleSet

BID_NAMES = {"nil": "nil", "blind nil": "blind_nil"}


def played_game(seed: int, preset: str = "quick") -> Game:
    """A whole game of ``preset`` played to its end with random legal moves from ``seed``."""
    rng = random.Random(seed)
    game = Game.new(RuleSet.preset(preset), seed=seed)
    while not game.over:
        seat = game.to_act
        assert seat is not None
        game = game.apply(seat, rng.choice(game.legal_actions()))
    return game


def _hands(game: Game) -> list[dict[str, Any]]:
    """Each hand's deal, bids in order, tricks and per-side score, by replaying."""
    out: list[dict[str, Any]] = []
    g = Game.new(game.rules, seed=game.seed, dealer=game.first_dealer)
    bids: list[dict[str, Any]] = []
    for seat, action in game.events:
        if action.startswith("bid "):
            text = action[4:]
            bids.append({"seat": seat, "bid": BID_NAMES.get(text) or int(text)})
        before = g.hand_no
        g = g.apply(seat, action)
        if g.hand_no != before or g.over:
            review = g.review
            assert review is not None
            totals = [t["total"] for t in review["score"]]
            out.append({
                "no": review["hand"], "dealer": review["dealer"],
                "deal_seed": review["deal_seed"], "commitment": review["commitment"],
                "hands": review["dealt"], "bids": bids,
                "tricks": [{"leader": lead, "cards": cards, "winner": win}
                           for lead, cards, win in review["tricks"]],
                "score": [{"bid": t["contract"], "took": t["tricks"],
                           "points": t["hand_total"], "bags": t["bags"], "total": total}
                          for t, total in zip(review["score"], totals, strict=True)],
            })
            bids = []
    return out


def game_document(game: Game, game_id: str, names: list[str], kind: str = "casual",
                  accounts: list[str | None] | None = None,
                  ended: str = "2026-12-01T18:20:00+00:00") -> dict[str, Any]:
    """The archive's JSON for ``game`` (seat ``i`` played by ``names[i]``)."""
    outcome = game.outcome
    winner = None if outcome in (None, "draw") else outcome
    accounts = accounts or [None] * len(names)
    return {
        "id": game_id, "kind": kind, "rules": game.rules.to_dict(),
        "started": ended, "ended": ended,
        "first_dealer": game.first_dealer,
        "seats": [{"seat": i, "name": n, "account": accounts[i], "bot": None if i == 0 else "easy"}
                  for i, n in enumerate(names)],
        "result": {"winner": winner, "totals": list(game.scores),
                   "hands_played": game.hands_played},
        "ratings": [],
        "actions": [[s, a] for s, a in game.events],
        "hands": _hands(game),
    }


def player_document(name: str, docs: list[dict[str, Any]], seat: int = 0) -> dict[str, Any]:
    """The archive's ``GET /api/players/{name}`` for a player at ``seat`` of game documents
    ``docs`` (oldest first): their record, a rating that moves by each result, the Spades
    statistics counted from the hands, the recent games newest first."""
    side_count = len(docs[0]["result"]["totals"])
    side = seat % side_count
    rating, history, recent = 25.0, [], []
    stats = {"hands": 0, "contracts_made": 0, "contracts_set": 0, "bid_error_avg": 0.0,
             "bags_per_hand": 0.0, "nil_tried": 0, "nil_made": 0, "blind_nil_tried": 0,
             "blind_nil_made": 0, "top_scorer_share": 0.0}
    error = bags = top = 0
    for doc in docs:
        won = None if doc["result"]["winner"] is None else doc["result"]["winner"] == side
        rating += 1.5 if won else -1.0
        history.append({"at": doc["ended"], "rating": round(rating, 2), "game": doc["id"]})
        recent.insert(0, {"id": doc["id"], "ended": doc["ended"], "kind": doc["kind"], "won": won,
                          "totals": doc["result"]["totals"]})
        for hand in doc["hands"]:
            bid = next(b["bid"] for b in hand["bids"] if b["seat"] == seat)
            took = sum(1 for t in hand["tricks"] if t["winner"] == seat)
            score = hand["score"][side]
            stats["hands"] += 1
            key = "contracts_made" if score["took"] >= score["bid"] else "contracts_set"
            stats[key] += 1
            if bid in ("nil", "blind_nil"):
                stats[f"{bid}_tried"] += 1
                stats[f"{bid}_made"] += took == 0
            else:
                error += took - bid
            bags += max(0, score["took"] - score["bid"])
            partner = (seat + side_count) % len(doc["seats"])
            top += took >= sum(1 for t in hand["tricks"] if t["winner"] == partner)
    hands = max(1, stats["hands"])
    stats.update(bid_error_avg=error / hands, bags_per_hand=bags / hands,
                 top_scorer_share=top / hands)
    wins = sum(1 for g in recent if g["won"])
    return {"name": name, "created": docs[0]["started"], "rating": round(rating, 2),
            "rating_history": history, "games": len(docs), "won": wins, "completion": 1.0,
            "stats": stats, "recent": recent[:20]}
