"""Validation and cost of the analysis (a benchmark, like ``shared.bots.tournament``;
the only analysis module that reads a clock).

    python -m shared.analysis.validate --games 20 --json

Each seed plays a 10-hand game: Standard in seats 0 and 2, Challenge in 1 and 3. One
card of seat 0 is planted: from a hand and trick the seed chooses on, at the first
decision where some legal card loses at least ``PLANT_LOSS`` points to Standard's own
card both on the real hands and on average over ``PLANT_DEALS`` random deals of the
unseen cards (unweighted: not the analysis's sampler), each played out by the rollout
policy, the worst such card is played instead: a card that is bad whatever the
hidden cards. Then the analysis judges seat 0 and seat 1.

Printed: the share of planted cards marked as mistakes (and as bad luck), the share of
Standard's other decisions and of Challenge's decisions marked as mistakes, and the CPU
seconds (``time.process_time``) each seat's analysis of a game took.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from multiprocessing import Pool
from typing import Any

from shared.bots import choose
from shared.bots.knowledge import card_index, decision_seed, read_view
from shared.bots.rng import Rng
from shared.bots.sampler import Sampler
from shared.bots.search_play import _advance
from shared.bots.sim import Contracts, playout
from shared.spades import Game, RuleSet
from shared.spades.cards import CODES

from .outcome import Outcomes
from .review import MISTAKE, analyse

PLANT_LOSS = 20.0  # points the planted card must lose, on the real cards and on average
PLANT_DEALS = 16  # random deals of the unseen cards the plant is judged on
HANDS = 10
STANDARD_SEATS = (0, 2)


@dataclass
class Tally:
    games: int = 0
    planted: int = 0
    planted_marked: int = 0
    planted_luck: int = 0
    standard_judged: int = 0  # seat 0's decisions with a choice, the planted one apart
    standard_marked: int = 0
    challenge_judged: int = 0
    challenge_marked: int = 0
    challenge_luck: int = 0
    cpu: list[float] = field(default_factory=list)  # seconds per seat analysis of a game

    def merge(self, o: Tally) -> None:
        for name, value in vars(o).items():
            setattr(self, name, getattr(self, name) + value)


def _plant_values(game: Game, seat: int) -> dict[int, tuple[float, float]]:
    """Each legal card of ``seat``: (its value on the real hands, its mean over
    ``PLANT_DEALS`` deals of the unseen cards at random, unweighted), each deal played
    out by the rollout policy. A cruder judge than the analysis's, with the real cards."""
    k = read_view(game.view(seat))
    bids = tuple(b if b is not None else 1 for b in k.bids)
    outcomes = Outcomes(k, bids)
    contracts = Contracts(bids, k.rules.nil_tricks_count_for_partner)
    deals = Sampler(k, Rng(decision_seed(k, "plant"))).deals(PLANT_DEALS)
    out = {}
    for c in range(54):
        if k.legal_plays >> c & 1:
            values = []
            for deal in [list(game.hands), *deals]:
                hands = list(deal)
                leader, trick, won, broken = _advance(hands, k, c)
                values.append(outcomes.value(playout(hands, leader, trick, won, broken,
                                                     contracts)))
            out[c] = (values[0], sum(values[1:]) / PLANT_DEALS)
    return out


def play_game(seed: int, hands: int = HANDS) -> tuple[Game, int | None]:
    """A game of ``hands`` hands of ``seed`` with one planted card; (game, the planted
    card's event index, None if no card of the planted hand lost enough)."""
    rules = RuleSet.preset("standard", target_score=10_000, max_hands=hands)
    game = Game.new(rules, seed)
    plant_hand, plant_trick = seed % hands, 1 + seed % 9
    planted: int | None = None
    while not game.over:
        seat = game.to_act
        assert seat is not None
        action = choose("standard" if seat in STANDARD_SEATS else "challenge", game.view(seat))
        if (planted is None and seat == 0 and game.phase == "playing"
                and (game.hand_no, len(game.tricks) + 1) >= (plant_hand, plant_trick)):
            values = _plant_values(game, seat)
            real, mean = values[card_index(action[5:])]
            bad = [c for c, (r, m) in values.items()
                   if real - r >= PLANT_LOSS and mean - m >= PLANT_LOSS]
            if bad:
                worst = min(bad, key=lambda c: (sum(values[c]), c))
                action, planted = "play " + CODES[worst], game.n_events
        game = game.apply(seat, action)
    return game, planted


def _run(seed: int) -> Tally:
    t = Tally(games=1)
    game, planted = play_game(seed)
    record = game.to_dict()
    for seat in (0, 1):
        c0 = time.process_time()
        result = analyse(record, seat)
        t.cpu.append(time.process_time() - c0)
        mistakes = {m.event for m in result.marks if m.label == MISTAKE}
        luck = {m.event for m in result.marks if m.label != MISTAKE}
        if seat == 0:
            t.standard_judged += result.judged
            if planted is not None:
                t.planted += 1
                t.planted_marked += planted in mistakes
                t.planted_luck += planted in luck
                t.standard_judged -= 1
            t.standard_marked += len(mistakes - {planted})
        else:
            t.challenge_judged += result.judged
            t.challenge_marked += len(mistakes)
            t.challenge_luck += len(luck)
    return t


def run(games: int, first_seed: int = 1, procs: int = 1) -> dict[str, Any]:
    seeds = list(range(first_seed, first_seed + games))
    total = Tally()
    if procs > 1:
        with Pool(procs) as pool:
            parts = list(pool.imap_unordered(_run, seeds))
    else:
        parts = [_run(s) for s in seeds]
    for part in parts:
        total.merge(part)

    def rate(a: int, b: int) -> float | None:
        return round(a / b, 4) if b else None

    return {
        "games": total.games, "hands_per_game": HANDS, "planted": total.planted,
        "planted_marked_rate": rate(total.planted_marked, total.planted),
        "planted_bad_luck_rate": rate(total.planted_luck, total.planted),
        "standard_decisions": total.standard_judged,
        "standard_marked_rate": rate(total.standard_marked, total.standard_judged),
        "challenge_decisions": total.challenge_judged,
        "challenge_marked_rate": rate(total.challenge_marked, total.challenge_judged),
        "challenge_bad_luck_rate": rate(total.challenge_luck, total.challenge_judged),
        "cpu_s_per_game_median": round(statistics.median(total.cpu), 2),
        "cpu_s_per_game_max": round(max(total.cpu), 2),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m shared.analysis.validate",
                                description="Planted-card validation and cost of the analysis.")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1, help="first game seed")
    p.add_argument("--procs", type=int, default=1)
    p.add_argument("--json", action="store_true", help="one line (default: indented)")
    args = p.parse_args(argv)
    out = run(args.games, args.seed, args.procs)
    print(json.dumps(out) if args.json else json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
