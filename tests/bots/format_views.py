"""Seat views of the issue 15 formats, written out field by field for bot tests.

A view is what the bots read (``SeatView.to_dict()`` has these fields); writing one
by hand pins a position in any format: a three-handed hand of 17, a six-handed hand
holding a card twice, the two-handed draw with the card shown. Tricks are given as
(leader, "codes in play order"); the winner is worked out with the engine's rule (of
two equal cards the first played wins).
"""

from __future__ import annotations

from typing import Any

from shared.bots.sim import winner_index
from shared.spades import RuleSet
from shared.spades.cards import parse_card


def view(preset: str, seat: int, hand: str, *, bids: list[Any] | None = None,
         tricks: list[tuple[int, str]] = (), trick: str = "", leader: int | None = None,
         legal: list[str] | None = None, phase: str = "playing", dealer: int | None = None,
         draw: dict[str, Any] | None = None, scores: list[int] | None = None,
         **rules: Any) -> dict[str, Any]:
    """The view of ``seat`` holding ``hand`` (codes, a code may repeat). ``legal``
    defaults to every card of the hand (plays) or is required for other phases."""
    r = RuleSet.preset(preset, **rules)
    n = r.seats
    done = []
    won = [0] * n
    broken = False
    for lead, codes in tricks:
        cards = codes.split()
        w = (lead + winner_index([parse_card(c) for c in cards])) % n
        won[w] += 1
        broken = broken or any(c.endswith("S") for c in cards)
        done.append({"leader": lead, "cards": [[(lead + i) % n, c] for i, c in enumerate(cards)],
                     "winner": w})
    on_table = trick.split()
    if leader is None:
        leader = done[-1]["winner"] if done else 0
    broken = broken or any(c.endswith("S") for c in on_table)
    codes = hand.split()
    if legal is None:
        legal = sorted({"play " + c for c in codes})
    sides = len(r.teams)
    return {
        "seat": seat, "hand": codes, "hand_hidden": False, "phase": phase, "hand_no": 0,
        "dealer": (seat - 1) % n if dealer is None else dealer,
        "to_act": seat, "bids": bids if bids is not None else [None] * n,
        "tricks_won": won, "trick": [[(leader + i) % n, c] for i, c in enumerate(on_table)],
        "leader": leader, "last_trick": done[-1] if done else None, "tricks": done,
        "spades_broken": broken, "scores": scores or [0] * sides, "bags": [0] * sides,
        "rules": r.to_dict(), "legal": legal, "unplayable": {}, "commitment": "",
        "history": [], "review": None, "passing": None, "over": False, "outcome": None,
        "teams": [list(t) for t in r.teams], "draw": draw,
    }
