"""What a card play costs the node's views and ``ev`` frames, shared or built per seat.

    .venv/bin/python scripts/fanout_bench.py --games 60 --rounds 10 --json

Plays ``--games`` random games (Standard rules, modest bids) and then, for every action
within a hand, does the work ``TableActor._fanout`` does for a table of four seated
sockets: the new state's ``TableViews`` and each seat's ``ev`` frame (msgpack). Two
ways, in alternating rounds of CPU time (``time.process_time``): ``shared``, as the
node does (the new views built from the old ones: ``same_hand``; one frame for all
seats whose own part did not change: ``ActionDeltas.public_only``), and ``per_seat``,
every view built anew and every seat's delta and frame made on its own (the node before
that sharing). ``ratio`` is the median over the rounds of shared / per-seat: a busy
machine slows both rounds of a pair alike. Figures: docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from server.tables.views import ActionDeltas, TableViews, encode_event, seat_delta
from shared.protocol import Format, view_delta
from shared.spades import Game, RuleSet, redact_action

Play = tuple[int, str, Game]


def games(count: int) -> list[tuple[Game, list[Play]]]:
    rules = RuleSet.preset("standard")
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        game = first = Game.new(rules, seed=seed, dealer=seed % 4)
        plays: list[Play] = []
        while not game.over and len(plays) < 400:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions(seat)
            action = str(rng.choice([a for a in legal if str(a) in ("bid 2", "bid 3", "bid 4")]
                                    or legal))
            game = game.apply(seat, action)
            plays.append((seat, action, game))
        out.append((first, plays))
    return out


def fan_out(played: list[tuple[Game, list[Play]]], shared: bool) -> tuple[float, int]:
    """CPU seconds for every in-hand action's views and four seats' frames, and how many."""
    actions = 0
    start = time.process_time()
    for first, plays in played:
        before = TableViews(first)
        for actor, action, game in plays:
            same_hand = game.hand_no == before.game.hand_no and not game.over
            after = TableViews(game, same_hand=before if shared and same_hand else None)
            if same_hand:
                actions += 1
                deltas = ActionDeltas(before, after)
                public = None if shared else view_delta(before.public, after.public)
                frames = {}
                for seat in range(4):
                    shown = None if shared and deltas.public_only(seat) else seat
                    if shown not in frames:
                        delta = (deltas.of(shown) if public is None
                                 else seat_delta(before, after, public, seat))
                        frames[shown] = encode_event(actions, actor,
                                                     redact_action(action, actor, shown),
                                                     delta, 30, Format.MSGPACK)
            before = after
    return time.process_time() - start, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    played = games(args.games)
    shared_us, per_seat_us = [], []
    for _ in range(args.rounds):
        for shared, into in ((True, shared_us), (False, per_seat_us)):
            seconds, actions = fan_out(played, shared)
            into.append(seconds / actions * 1e6)
    ratios = [s / p for s, p in zip(shared_us, per_seat_us, strict=True)]
    result = {"actions": actions, "shared_us_per_action": round(min(shared_us), 1),
              "per_seat_us_per_action": round(min(per_seat_us), 1),
              "ratio": round(statistics.median(ratios), 3),
              "ratio_range": [round(min(ratios), 3), round(max(ratios), 3)]}
    print(json.dumps(result) if args.json else result)


if __name__ == "__main__":
    main()
