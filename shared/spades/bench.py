"""Engine speed: random legal hands per second through the public API.

    python -m shared.spades.bench [--seconds 5] [--json]

Each hand is a fresh deal (``Game.new`` with a new seed), random legal bids and random
legal plays to the end of the hand, all through ``legal_actions()`` and ``apply()``.
If OpenSpiel is installed (the ``bench`` extra), its ``spades`` game is driven the same
way in the same run (chance outcomes for the deal, random legal bids and plays until the
hand is terminal) and the ratio ours / OpenSpiel's is printed.

This module measures; it does not judge. Figures go to ``docs/benchmarks.md``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

from .game import Game
from .rules import RuleSet


def _our_hand(rules: RuleSet, rng: random.Random, seed: int) -> None:
    g = Game.new(rules, seed=seed)
    choice = rng.choice
    hand_no = g.hand_no
    seat = g.to_act
    while g.hand_no == hand_no and seat is not None:  # to_act is None once the game is over
        g = g.apply(seat, choice(g.legal_actions()))
        seat = g.to_act


def _pyspiel_hand_runner() -> Callable[[random.Random], None] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("spades")

    def run(rng: random.Random) -> None:
        state = game.new_initial_state()
        choice = rng.choice
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))

    return run


def _rate(step: Callable[[int], None], seconds: float) -> float:
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            step(done)
            done += 1
        now = time.perf_counter()
        if now >= deadline:
            return done / (now - start)


def measure(seconds: float = 5.0, preset: str = "standard") -> dict[str, Any]:
    """Hands per second for this engine and (if installed) OpenSpiel, interleaved in
    rounds so both see the same machine load."""
    rules = RuleSet.preset(preset)
    rng = random.Random(1)
    spiel = _pyspiel_hand_runner()
    ours: list[float] = []
    theirs: list[float] = []
    rounds = 5
    for _ in range(rounds):
        ours.append(_rate(lambda i: _our_hand(rules, rng, rng.getrandbits(62)), seconds / rounds))
        if spiel is not None:
            theirs.append(_rate(lambda i: spiel(rng), seconds / rounds))
    hands_per_s = max(ours)
    pyspiel_hands_per_s = max(theirs) if theirs else None
    return {
        "hands_per_s": round(hands_per_s, 1),
        "pyspiel_hands_per_s": round(pyspiel_hands_per_s, 1) if pyspiel_hands_per_s else None,
        "ratio": round(hands_per_s / pyspiel_hands_per_s, 3) if pyspiel_hands_per_s else None,
        "preset": preset,
        "seconds": seconds,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per engine (default 5)")
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    result = measure(args.seconds, args.preset)
    if args.json:
        print(json.dumps(result))
        return
    print(f"spades-room engine: {result['hands_per_s']:.0f} hands/s ({args.preset})")
    if result["pyspiel_hands_per_s"]:
        print(f"OpenSpiel spades:   {result['pyspiel_hands_per_s']:.0f} hands/s")
        print(f"ratio:              {result['ratio']:.2f}")
    else:
        print("OpenSpiel not installed (pip install -e '.[bench]') - no ratio")


if __name__ == "__main__":
    main()
