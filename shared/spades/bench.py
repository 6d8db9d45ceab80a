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
    # Steps per second of this process's CPU time: on a machine shared with other work,
    # wall time would also count the time other processes held the core.
    done = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(50):
            step(done)
            done += 1
        now = time.process_time()
        if now >= deadline:
            return done / (now - start)


def measure(seconds: float = 5.0, preset: str = "standard") -> dict[str, Any]:
    """Hands per CPU second for this engine and (if installed) OpenSpiel.

    The two alternate in short rounds (half a second of CPU each), so each pair of rounds
    sees the same machine load; ``ratio`` is the median over the pairs of ours / theirs,
    which a busy machine disturbs far less than a ratio of two separate totals. The
    rates printed are each engine's best round."""
    rules = RuleSet.preset(preset)
    rng = random.Random(1)
    spiel = _pyspiel_hand_runner()
    ours: list[float] = []
    theirs: list[float] = []
    rounds = max(4, round(seconds / 0.5))
    for _ in range(rounds):
        ours.append(_rate(lambda i: _our_hand(rules, rng, rng.getrandbits(62)), seconds / rounds))
        if spiel is not None:
            theirs.append(_rate(lambda i: spiel(rng), seconds / rounds))
    ratios = sorted(a / b for a, b in zip(ours, theirs, strict=False))
    return {
        "hands_per_s": round(max(ours), 1),
        "pyspiel_hands_per_s": round(max(theirs), 1) if theirs else None,
        "ratio": round(ratios[len(ratios) // 2], 3) if ratios else None,
        "ratio_range": [round(ratios[0], 3), round(ratios[-1], 3)] if ratios else None,
        "rounds": rounds,
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
