"""Duplicate tournament between two bot levels (a benchmark, not part of the bots).

    python -m shared.bots.tournament --a challenge --b standard --deals 2000 \\
        --preset standard --json

Each deal is played twice from the same cards: once with bot A holding South/North
and B West/East, once with the partnerships' cards swapped, so luck cancels out and
``diff_per_hand`` (A minus B, points per hand) measures skill. ``--games N`` plays N
whole games to the target (each twice, swapped) and adds ``a_win_rate`` with
``a_win_rate_ci95`` (over the N seed pairs) beside the points per hand; ``--preset all``
reports every preset in turn.

Every format plays the same way by *side* (a partnership, or one seat in a solo game):
the first time A holds the even sides (0, 2, ...) and B the odd ones, the second time
the other way round, so each side's cards are played once by each level. Then
``diff_per_hand`` is A's points per side-hand minus B's (in cutthroat, per player and
hand), and ``a_win_rate`` counts a game as A's when an A side wins it.

This command times each decision (the bots themselves never read a clock): ``ms`` is
CPU time of the deciding process, which other load on the machine barely changes;
``wall_ms`` is elapsed time. It spreads the work over ``--procs`` processes.
``diff_per_hand_bags_counted`` also charges each side its bags at their long-run
price (bag_penalty_points / bag_limit each), which a single hand does not show.

``--swap OTHER@KIND`` asks where A's points come from: it plays the same seeds twice
more, A with OTHER's decision at one kind of position (``shared.bots.positions``: bid,
lead, second, third, fourth, nilown, ...), and reports ``swap_diff_per_hand``, that
run minus A's own, paired seed by seed, with its ``swap_ci95`` (and with ``--games``
``swap_win_rate_change``). For example, Standard with Challenge's leads against the
TricksterBots port::

    python -m shared.bots.tournament --a standard --b trickster --deals 1000 \
        --swap challenge@lead --json
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from dataclasses import dataclass, field
from multiprocessing import Pool
from typing import Any

from shared.spades import PRESETS, Game, RuleSet
from shared.spades.cards import parse_card

from .decision import Decision
from .knowledge import Knowledge, read_view
from .outside import trickster
from .players import ALL_LEVELS, decide
from .positions import KINDS, position_kind
from .sim import winner_index
from .table import Table, table_of


@dataclass
class SideStats:
    ms: list[float] = field(default_factory=list)  # CPU time per decision
    wall_ms: list[float] = field(default_factory=list)
    rollouts: list[int] = field(default_factory=list)  # per card-play decision
    bid_rollouts: list[int] = field(default_factory=list)  # per bid / Blind Nil decision
    points: int = 0
    hands: int = 0
    sets: int = 0
    contracts: int = 0  # hands with a numeric contract
    nil_bids: int = 0
    nil_made: int = 0
    cover_chances: int = 0  # tricks where the partner played after its Nil partner's winning card
    covered: int = 0  # ... and the Nil bidder did not take the trick
    bags: int = 0

    def merge(self, other: SideStats) -> None:
        self.ms += other.ms
        self.wall_ms += other.wall_ms
        self.rollouts += other.rollouts
        self.bid_rollouts += other.bid_rollouts
        for name in ("points", "hands", "sets", "contracts", "nil_bids", "nil_made",
                     "cover_chances", "covered", "bags"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class Result:
    a: SideStats = field(default_factory=SideStats)
    b: SideStats = field(default_factory=SideStats)
    pair_diffs: list[float] = field(default_factory=list)  # per deal (or game), per hand
    pair_wins: list[float] = field(default_factory=list)  # per game pair: A's share of the two
    seeds: list[int] = field(default_factory=list)  # the seed of each pair, in their order
    a_wins: float = 0.0
    games: int = 0

    def by_seed(self, values: list[float]) -> dict[int, float]:
        """``pair_diffs`` or ``pair_wins`` keyed by seed, to pair two runs of the same seeds."""
        return dict(zip(self.seeds, values, strict=True))

    def merge(self, other: Result) -> None:
        self.a.merge(other.a)
        self.b.merge(other.b)
        self.pair_diffs += other.pair_diffs
        self.pair_wins += other.pair_wins
        self.seeds += other.seeds
        self.a_wins += other.a_wins
        self.games += other.games


def _play(game: Game, levels: tuple[str, ...], sides: tuple[SideStats, ...],
          stop_after_hand: bool, table: Table) -> Game:
    """Play until the first hand is scored (or the game ends); ``levels`` and ``sides``
    (the stats to add to) by side."""
    hands_before = counted = len(game.history)
    side_of = table.side_of
    while not game.over and (not stop_after_hand or len(game.history) == hands_before):
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        side = sides[side_of[seat]]
        c0, t0 = time.process_time(), time.perf_counter()
        decision = _decide(levels[side_of[seat]], read_view(view))
        side.wall_ms.append((time.perf_counter() - t0) * 1000.0)
        side.ms.append((time.process_time() - c0) * 1000.0)
        if view.phase == "playing" and len(view.legal) > 1:
            side.rollouts.append(decision.rollouts)
        elif view.phase == "bidding" and len(view.legal) > 1:
            side.bid_rollouts.append(decision.rollouts)
        game = game.apply(seat, decision.action)
        if len(game.history) != counted and game.review is not None:
            counted = len(game.history)
            _cover_tally(game.review, sides, table)
    return game


# Levels that are not ours, played only here (``shared.bots.outside``).
OUTSIDE_LEVELS = ("trickster",)
TOURNAMENT_LEVELS = (*ALL_LEVELS, *OUTSIDE_LEVELS)


def swapped(level: str, other: str, kind: str) -> str:
    """The level that plays ``level`` but ``other``'s decision at positions of ``kind``."""
    return f"{level}+{other}@{kind}"


def _decide(level: str, k: Knowledge) -> Decision:
    base, plus, swap = level.partition("+")
    if plus:
        other, _, kind = swap.partition("@")
        if position_kind(k) == kind:
            base = other
    if base == "trickster":
        return trickster.decide(k)
    return decide(base, k)


def _cover_tally(review: dict[str, Any], sides: tuple[SideStats, ...],
                 table: Table | None = None) -> None:
    """Count the cover chances of one finished hand: tricks on which a clean Nil
    bidder's card was winning when its partner played after it (covered when the Nil
    bidder did not take the trick). ``sides`` by side; none in a solo game."""
    table = table or table_of(RuleSet())
    n = table.seats
    bids = review["bids"]
    won = [0] * n
    for leader, codes, winner in review["tricks"]:
        cards = [parse_card(c) for c in codes]
        for i in range(1, n):
            seat = (leader + i) % n
            nil_seat = table.partner_of[seat]
            if nil_seat is None or not isinstance(bids[nil_seat], str) or won[nil_seat] \
                    or (nil_seat - leader) % n > i:
                continue
            if (leader + winner_index(cards[:i])) % n == nil_seat:
                side = sides[table.side_of[seat]]
                side.cover_chances += 1
                side.covered += winner != nil_seat
        won[winner] += 1


def _tally(game: Game, first_record: int, a_parity: int, res: Result, table: Table) -> float:
    """Add the hands from ``first_record`` on to the stats; A-minus-B points (A holds
    the sides whose index has the parity ``a_parity``)."""
    diff = 0.0
    for record in game.history[first_record:]:
        for team, members in enumerate(table.teams):
            is_a = team % 2 == a_parity
            side = res.a if is_a else res.b
            t = record["teams"][team]
            side.points += t["hand_total"]
            side.hands += 1
            side.bags += t["new_bags"]
            if t["contract"] > 0:
                side.contracts += 1
                side.sets += not t["made"]
            for seat in members:
                bid = record["bids"][seat]
                if isinstance(bid, str):
                    side.nil_bids += 1
                    side.nil_made += record["tricks"][seat] == 0
            diff += t["hand_total"] if is_a else -t["hand_total"]
    return diff


def _run_chunk(job: tuple[str, str, dict[str, Any], list[int], bool]) -> Result:
    a, b, rules_dict, seeds, whole_games = job
    rules = RuleSet.from_dict(rules_dict)
    table = table_of(rules)
    n_sides = len(table.teams)
    res = Result()
    for seed in seeds:
        total = 0.0
        hands = 0
        wins_before = res.a_wins
        for a_parity in (0, 1):
            levels = tuple(a if t % 2 == a_parity else b for t in range(n_sides))
            sides = tuple(res.a if t % 2 == a_parity else res.b for t in range(n_sides))
            game = Game.new(rules, seed)
            game = _play(game, levels, sides, not whole_games, table)
            total += _tally(game, 0, a_parity, res, table)
            hands += len(game.history)
            if whole_games:
                res.games += 1
                if game.outcome == "draw":
                    res.a_wins += 0.5
                elif isinstance(game.outcome, int) and game.outcome % 2 == a_parity:
                    res.a_wins += 1.0
        # Per side-hand: both plays give each level n_sides side-hands per hand played.
        res.pair_diffs.append(total / max(1, hands) * 2 / n_sides)
        res.seeds.append(seed)
        if whole_games:
            res.pair_wins.append((res.a_wins - wins_before) / 2)
    return res


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _side_json(prefix: str, s: SideStats, them: SideStats) -> dict[str, Any]:
    return {
        f"{prefix}_points_per_hand": round(s.points / max(1, s.hands), 2),
        f"{prefix}_ms_median": round(statistics.median(s.ms), 3) if s.ms else 0.0,
        f"{prefix}_ms_p99": round(_pct(s.ms, 0.99), 3),
        f"{prefix}_wall_ms_median": round(statistics.median(s.wall_ms), 3) if s.wall_ms else 0.0,
        f"{prefix}_wall_ms_p99": round(_pct(s.wall_ms, 0.99), 3),
        f"{prefix}_decisions": len(s.ms),
        # Rollouts (or exact endgame solves) per card decision with a choice to make.
        f"{prefix}_rollouts_per_play": round(statistics.mean(s.rollouts), 1)
        if s.rollouts else 0,
        f"{prefix}_rollouts_per_play_max": max(s.rollouts, default=0),
        f"{prefix}_rollouts_per_bid": round(statistics.mean(s.bid_rollouts), 1)
        if s.bid_rollouts else 0,
        f"{prefix}_set_rate": round(s.sets / max(1, s.contracts), 4),
        f"{prefix}_nil_bids": s.nil_bids,
        f"{prefix}_nil_success_rate": _rate(s.nil_made, s.nil_bids),
        # Nil figures: bids per 100 team-hands, the partner's cover (tricks where it
        # played after its Nil partner's winning card and the Nil bidder did not take
        # it), and the opponents' Nils this side set.
        f"{prefix}_nil_per_100_hands": round(100 * s.nil_bids / max(1, s.hands), 2),
        f"{prefix}_cover_chances": s.cover_chances,
        f"{prefix}_partner_nil_covered_rate": _rate(s.covered, s.cover_chances),
        f"{prefix}_opp_nil_set_rate": _rate(them.nil_bids - them.nil_made, them.nil_bids),
        f"{prefix}_bags_per_hand": round(s.bags / max(1, s.hands), 3),
    }


def run(a: str, b: str, rules: RuleSet, count: int, whole_games: bool = False,
        procs: int = 2, first_seed: int = 1, progress: bool = False) -> dict[str, Any]:
    """Play ``count`` duplicate deals (or games) and return the summary dict.
    ``progress``: small chunks, and the summary so far printed to stderr after each
    (so a run on a busy machine can be stopped with its figures up to there)."""
    total = _played(a, b, rules, count, whole_games, procs, first_seed, progress)
    return _summary(a, b, rules, count, whole_games, total)


def run_swap(a: str, other: str, kind: str, b: str, rules: RuleSet, count: int,
             whole_games: bool = False, procs: int = 2, first_seed: int = 1,
             progress: bool = False) -> dict[str, Any]:
    """A against B, then A with ``other``'s decision at positions of ``kind`` against B
    on the same seeds: A's summary with the paired difference of the two added."""
    alone = _played(a, b, rules, count, whole_games, procs, first_seed, progress)
    level = swapped(a, other, kind)
    swap = _played(level, b, rules, count, whole_games, procs, first_seed, progress)
    out = _summary(a, b, rules, count, whole_games, alone)
    diffs = _paired(swap.by_seed(swap.pair_diffs), alone.by_seed(alone.pair_diffs))
    out["swap"] = f"{other}@{kind}"
    out["swap_a_diff_per_hand"] = round(statistics.mean(swap.pair_diffs), 2)
    out["swap_diff_per_hand"] = round(statistics.mean(diffs), 2)
    out["swap_ci95"] = round(_ci95(diffs), 2)
    if whole_games:
        wins = _paired(swap.by_seed(swap.pair_wins), alone.by_seed(alone.pair_wins))
        out["swap_a_win_rate"] = round(swap.a_wins / max(1, swap.games), 4)
        out["swap_win_rate_change"] = round(statistics.mean(wins), 4)
        out["swap_win_rate_change_ci95"] = round(_ci95(wins), 4)
    return out


def _paired(mine: dict[int, float], theirs: dict[int, float]) -> list[float]:
    """``mine`` minus ``theirs`` seed by seed (two runs of the same seeds)."""
    return [mine[seed] - theirs[seed] for seed in sorted(mine)]


def _played(a: str, b: str, rules: RuleSet, count: int, whole_games: bool, procs: int,
            first_seed: int, progress: bool) -> Result:
    """Every seed played (``seeds`` says which pair is which seed's)."""
    seeds = list(range(first_seed, first_seed + count))
    chunk = 5 if progress else max(1, min(25, math.ceil(count / (procs * 4))))
    jobs = [(a, b, rules.to_dict(), seeds[i:i + chunk], whole_games)
            for i in range(0, count, chunk)]
    total = Result()
    if procs > 1:
        with Pool(procs) as pool:
            for r in pool.imap_unordered(_run_chunk, jobs):
                _add(total, r, progress, a, b, rules, whole_games)
            # Let the workers end on their own: leaving the block terminates them by
            # SIGTERM, which a worker forked from a process with its own SIGTERM
            # handler (a server, a test runner) inherits, ignores, and is waited on
            # forever.
            pool.close()
            pool.join()
    else:
        for job in jobs:
            _add(total, _run_chunk(job), progress, a, b, rules, whole_games)
    return total


def _add(total: Result, part: Result, progress: bool, a: str, b: str, rules: RuleSet,
         whole_games: bool) -> None:
    total.merge(part)
    if progress:
        done = len(total.pair_diffs)
        print(json.dumps(_summary(a, b, rules, done, whole_games, total)), file=sys.stderr,
              flush=True)


def _ci95(values: list[float]) -> float:
    """Half the width of the 95% confidence interval of the mean of ``values``
    (normal approximation over independent duplicate pairs)."""
    if len(values) < 2:
        return 0.0
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def _summary(a: str, b: str, rules: RuleSet, count: int, whole_games: bool,
             total: Result) -> dict[str, Any]:
    diffs = total.pair_diffs
    mean = statistics.mean(diffs) if diffs else 0.0
    out: dict[str, Any] = {
        "a": a, "b": b, "preset": rules.name,
        ("games" if whole_games else "deals"): count,
        "hands": total.a.hands,
        "diff_per_hand": round(mean, 2),
        "ci95": round(_ci95(diffs), 2),
    }
    if rules.bag_penalty and not whole_games:
        # Each bag costs bag_penalty_points / bag_limit in the long run (10 points).
        per_bag = rules.bag_penalty_points / rules.bag_limit
        bag_gap = (total.a.bags - total.b.bags) / max(1, total.a.hands)
        out["diff_per_hand_bags_counted"] = round(mean - per_bag * bag_gap, 2)
    out |= _side_json("a", total.a, total.b) | _side_json("b", total.b, total.a)
    if whole_games:
        out["games_played"] = total.games  # each seed twice, seats swapped
        out["a_win_rate"] = round(total.a_wins / max(1, total.games), 4)
        # The two games of a seed share their deals, so the pair is the independent unit.
        out["a_win_rate_ci95"] = round(_ci95(total.pair_wins), 4)
    return out


def _swap_arg(text: str) -> tuple[str, str]:
    other, at, kind = text.partition("@")
    if not at or other not in TOURNAMENT_LEVELS or kind not in KINDS:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not OTHER@KIND: OTHER one of {', '.join(TOURNAMENT_LEVELS)}; "
            f"KIND one of {', '.join(KINDS)}")
    return other, kind


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m shared.bots.tournament",
                                description="Duplicate tournament between two bot levels.")
    p.add_argument("--a", required=True, choices=TOURNAMENT_LEVELS)
    p.add_argument("--b", required=True, choices=TOURNAMENT_LEVELS,
                   help="trickster: the port of TricksterBots' SpadesBot, not ours")
    p.add_argument("--deals", type=int, default=200, help="duplicate deal pairs")
    p.add_argument("--games", type=int, default=0,
                   help="play this many seeds as whole games to the target instead, each "
                        "twice with the seats swapped")
    p.add_argument("--preset", default="standard",
                   help="a preset name, or 'all' for one report per preset")
    p.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                   help="override one rule, e.g. --rule nil_pass=2 (JSON value)")
    p.add_argument("--procs", type=int, default=2)
    p.add_argument("--seed", type=int, default=1, help="first deal seed")
    p.add_argument("--swap", type=_swap_arg, metavar="OTHER@KIND",
                   help="also play A with OTHER's decision at positions of KIND ("
                        + ", ".join(KINDS) + ") on the same seeds, and report the "
                        "paired difference")
    p.add_argument("--json", action="store_true", help="print JSON only")
    p.add_argument("--progress", action="store_true",
                   help="print the summary so far to stderr every 5 deals")
    args = p.parse_args(argv)
    overrides = {}
    for item in args.rule:
        name, _, value = item.partition("=")
        try:
            overrides[name] = json.loads(value)
        except json.JSONDecodeError:
            overrides[name] = value
    whole = args.games > 0
    for preset in PRESETS if args.preset == "all" else (args.preset,):
        rules = RuleSet.preset(preset, **overrides)
        t0 = time.perf_counter()
        count = args.games if whole else args.deals
        if args.swap:
            other, kind = args.swap
            out = run_swap(args.a, other, kind, args.b, rules, count, whole, args.procs,
                           args.seed, args.progress)
        else:
            out = run(args.a, args.b, rules, count, whole, args.procs, args.seed,
                      args.progress)
        out["seconds"] = round(time.perf_counter() - t0, 1)
        if args.json:
            print(json.dumps(out), flush=True)
        else:
            for key, value in out.items():
                print(f"{key:28} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
