"""Regression games: whole seeded games with known results, like python-chess perft files.

``data/regression_games.json`` lists games by (rules, seed, first dealer, action policy,
hand limit) with what they produced: final scores, bags, outcome, hands played, event
count and a SHA-256 of the event text. The file was generated once; the test checks it
forever, so any change to dealing, legality, trick taking or scoring shows up here.

Regenerate only for an intended rules change, and say why in the commit::

    .venv/bin/python -m tests.engine.regression --write
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from shared.spades import Game, RuleSet

from .support import POLICIES, play_until

DATA = Path(__file__).with_name("data") / "regression_games.json"

# (preset, overrides, seed, dealer, policy, salt, hands)
CASES: list[tuple[str, dict[str, Any], int, int, str, str, int]] = [
    ("standard", {}, 1, 3, "hashed", "a", 3),
    ("standard", {}, 2, 3, "first", "", 2),
    ("standard", {}, 3, 0, "last", "", 2),
    ("standard", {"max_hands": 12}, 4, 3, "hashed", "b", 12),
    ("standard", {}, 22, 3, "counting", "q", 60),
    ("standard", {}, 23, 1, "counting", "r", 60),
    ("club", {}, 24, 3, "counting", "s", 60),
    ("course", {}, 25, 3, "counting", "t", 60),
    ("quick", {}, 26, 3, "counting", "u", 30),
    ("standard", {"jokers": True, "nil_pass": 1}, 27, 3, "counting", "v", 20),
    ("standard", {"bidding": "whiz", "ten_for_two_hundred": True}, 28, 3, "counting", "w", 60),
    ("quick", {}, 5, 3, "hashed", "c", 30),
    ("quick", {}, 6, 1, "hashed", "d", 30),
    ("quick", {}, 7, 3, "first", "", 30),
    ("club", {}, 8, 3, "hashed", "e", 3),
    ("club", {}, 9, 2, "last", "", 2),
    ("course", {}, 10, 3, "hashed", "f", 4),
    ("course", {"target_score": 250, "bag_penalty": False}, 11, 3, "hashed", "g", 6),
    ("standard", {"bidding": "whiz"}, 12, 3, "hashed", "h", 3),
    ("course", {"bidding": "mirror"}, 13, 3, "hashed", "i", 3),
    ("standard", {"bidding": "suicide"}, 14, 3, "hashed", "j", 3),
    ("standard", {"jokers": True}, 15, 3, "hashed", "k", 3),
    ("standard", {"nil_pass": 2, "blind_nil_pass": 1}, 16, 3, "hashed", "l", 3),
    ("course", {"nil_pass": 1}, 17, 3, "first", "", 2),
    ("standard", {"min_team_bid": 4}, 18, 3, "hashed", "m", 3),
    ("standard", {"ten_for_two_hundred": True}, 19, 3, "hashed", "n", 3),
    ("quick", {"nil_value": 50, "blind_nil_value": 300, "blind_nil": "trailing",
               "bag_limit": 5, "bag_penalty_points": 50}, 20, 3, "hashed", "o", 30),
    ("quick", {"jokers": True, "bidding": "suicide", "nil_pass": 2}, 21, 3, "hashed", "p", 30),
]


def play_case(case: tuple[str, dict[str, Any], int, int, str, str, int]) -> dict[str, Any]:
    preset, overrides, seed, dealer, policy, salt, hands = case
    rules = RuleSet.preset(preset, **overrides)
    game = play_until(Game.new(rules, seed=seed, dealer=dealer), POLICIES[policy](salt),
                      hands=hands)
    text = "\n".join(f"{seat} {action}" for seat, action in game.events)
    return {
        "preset": preset,
        "overrides": overrides,
        "seed": seed,
        "dealer": dealer,
        "policy": policy,
        "salt": salt,
        "hands": hands,
        "result": {
            "scores": list(game.scores),
            "bags": list(game.bags),
            "outcome": game.outcome,
            "hands_played": game.hands_played,
            "n_events": game.n_events,
            "events_sha256": hashlib.sha256(text.encode()).hexdigest(),
        },
    }


def case_of(entry: dict[str, Any]) -> tuple[str, dict[str, Any], int, int, str, str, int]:
    return (entry["preset"], entry["overrides"], entry["seed"], entry["dealer"],
            entry["policy"], entry["salt"], entry["hands"])


def main(argv: list[str]) -> int:
    if argv != ["--write"]:
        print(__doc__)
        return 2
    entries = [play_case(case) for case in CASES]
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(entries, indent=1) + "\n")
    print(f"wrote {len(entries)} games to {DATA}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
