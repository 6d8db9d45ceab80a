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
                  accounts: list[str | None] | None = None) -> dict[str, Any]:
    """The archive's JSON for ``game`` (seat ``i`` played by ``names[i]``)."""
    outcome = game.outcome
    winner = None if outcome in (None, "draw") else outcome
    accounts = accounts or [None] * len(names)
    return {
        "id": game_id, "kind": kind, "rules": game.rules.to_dict(),
        "started": "2026-12-01T18:00:00+00:00", "ended": "2026-12-01T18:20:00+00:00",
        "first_dealer": game.first_dealer,
        "seats": [{"seat": i, "name": n, "account": accounts[i], "bot": None if i == 0 else "easy"}
                  for i, n in enumerate(names)],
        "result": {"winner": winner, "totals": list(game.scores),
                   "hands_played": game.hands_played},
        "ratings": [],
        "actions": [[s, a] for s, a in game.events],
        "hands": _hands(game),
    }
