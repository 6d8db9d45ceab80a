"""The search's parts on their own: sampled deals obey what is public; the endgame
solver agrees with plain minimax; match equity behaves at the edges."""

from __future__ import annotations

import itertools
from typing import Protocol

from shared.bots import choose
from shared.bots.endgame import Solver
from shared.bots.equity import HandScorer, win_chance
from shared.bots.knowledge import read_view
from shared.bots.rng import Rng
from shared.bots.sampler import Sampler
from shared.bots.sim import legal_mask, winner_index
from shared.bots.table import table_of
from shared.spades import Game, RuleSet
from shared.spades.cards import SUIT_MASKS

from .positions import position


def test_sampled_deals_respect_counts_voids_and_passes() -> None:
    rules = RuleSet.preset("standard", nil_pass=2)
    checked = 0
    for seed in range(6):
        g = Game.new(rules, seed=seed)
        while len(g.history) == 0:
            seat = g.to_act
            assert seat is not None
            k = read_view(g.view(seat))
            if k.phase == "playing" and not k.hand_hidden:
                for deal in Sampler(k, Rng(seed)).deals(12, weigh_bids=True):
                    assert deal[seat] == k.hand
                    seen = k.played
                    for s in range(4):
                        assert deal[s].bit_count() == k.count_in(s)
                        assert not deal[s] & seen
                        seen |= deal[s]
                        for suit in range(4):
                            if s != seat and k.voids[s] >> suit & 1:
                                assert not deal[s] & SUIT_MASKS[suit]
                    assert seen == k.deck
                    assert deal[k.partner] & k.gave & ~k.played == k.gave & ~k.played
                checked += 1
            g = g.apply(seat, choose("standard", g.view(seat)))
    assert checked > 100


class _Valued(Protocol):
    def value(self, won: list[int]) -> float: ...


def _plain_minimax(hands: list[int], leader: int, trick: list[int], won: list[int],
                   broken: bool, value: _Valued, team: int,
                   side_of: tuple[int, ...] = (0, 1, 0, 1)) -> float:
    if not any(hands):
        return value.value(won)
    n = len(side_of)
    seat = (leader + len(trick)) % n
    led = -1 if not trick else (3 if trick[0] >= 39 else trick[0] // 13)
    legal = legal_mask(hands[seat], led, broken)
    results = []
    for c in (c for c in range(54) if legal >> c & 1):
        h = list(hands)
        h[seat] ^= 1 << c
        t = [*trick, c]
        w = list(won)
        nxt = leader
        if len(t) == n:
            nxt = (leader + winner_index(t)) % n
            w[nxt] += 1
            t = []
        results.append(_plain_minimax(h, nxt, t, w, broken or c >= 39, value, team, side_of))
    return max(results) if side_of[seat] == team else min(results)


def test_endgame_solver_matches_plain_minimax() -> None:
    rules = RuleSet.preset("standard")
    rng = Rng(42)
    for trial in range(60):
        deck = list(range(52))
        rng.shuffle(deck)
        n = 2 + trial % 2
        hands = [0, 0, 0, 0]
        for s, i in itertools.product(range(4), range(n)):
            hands[s] |= 1 << deck[s * n + i]
        won = [0, 0, 0, 0]
        for _ in range(13 - n):
            won[rng.below(4)] += 1
        bids = (rng.below(5), 1 + rng.below(4), rng.below(5), 1 + rng.below(4))
        team = trial % 2
        scorer = HandScorer(rules, bids, team, (200, 250), (8, 2), 3)
        leader = rng.below(4)
        exact = Solver(scorer.value, team).solve(list(hands), leader, [], list(won), True)
        plain = _plain_minimax(list(hands), leader, [], list(won), True, scorer, team)
        assert abs(exact - plain) < 1e-12


def test_endgame_solver_matches_plain_minimax_mid_trick() -> None:
    # Cards already on the table (the search solves after its own card), spades not yet
    # broken, the jokers in the deck, up to four cards each.
    rules = RuleSet.preset("standard")
    rng = Rng(11)
    for trial in range(48):
        deck = list(range(54 if trial % 3 == 0 else 52))
        rng.shuffle(deck)
        n = 2 + trial % 3
        played = 1 + trial % 3  # cards on the table, from the leader on
        leader = rng.below(4)
        hands = [0, 0, 0, 0]
        trick: list[int] = []
        at = 0
        for i in range(4):
            s = (leader + i) % 4
            for _ in range(n - 1 if i < played else n):
                hands[s] |= 1 << deck[at]
                at += 1
            if i < played:
                trick.append(deck[at])
                at += 1
        won = [0, 0, 0, 0]
        for _ in range(13 - n):
            won[rng.below(4)] += 1
        broken = trial % 2 == 0
        bids = (rng.below(5), 1 + rng.below(4), rng.below(5), 1 + rng.below(4))
        team = trial % 2
        scorer = HandScorer(rules, bids, team, (200, 250), (8, 2), 3)
        plain = _plain_minimax(list(hands), leader, list(trick), list(won), broken, scorer,
                               team)
        spans: dict[tuple[int, ...], tuple[float, float]] = {}  # one scorer's, shared
        for _ in range(2):
            exact = Solver(scorer.value, team, spans=spans).solve(
                list(hands), leader, list(trick), list(won), broken)
            assert abs(exact - plain) < 1e-12


class _SoloValue:
    """A solo seat's value of the trick counts: its bid made, no bags, others set."""

    def __init__(self, seat: int, bids: list[int]) -> None:
        self.seat, self.bids = seat, bids

    def value(self, won: list[int]) -> float:
        mine = won[self.seat]
        v = 10.0 * self.bids[self.seat] if mine >= self.bids[self.seat] else -10.0 * mine
        return v - (mine - self.bids[self.seat]) * 0.5 - sum(
            1.0 for s, w in enumerate(won) if s != self.seat and w >= self.bids[s])


def test_endgame_solver_matches_plain_minimax_at_solo_tables() -> None:
    rng = Rng(7)
    for trial in range(60):
        rules = RuleSet.preset(("three_handed", "two_handed", "cutthroat")[trial % 3])
        table = table_of(rules)
        seats = table.seats
        deck = list(range(52))
        rng.shuffle(deck)
        n = 2 + trial % 2
        hands = [0] * seats
        for s, i in itertools.product(range(seats), range(n)):
            hands[s] |= 1 << deck[s * n + i]
        won = [0] * seats
        for _ in range(table.hand_size - n):
            won[rng.below(seats)] += 1
        me = trial % seats
        value = _SoloValue(me, [1 + rng.below(5) for _ in range(seats)])
        leader = rng.below(seats)
        exact = Solver(value.value, me, table).solve(list(hands), leader, [], list(won), True)
        plain = _plain_minimax(list(hands), leader, [], list(won), True, value, me,
                               table.side_of)
        assert abs(exact - plain) < 1e-12


def test_equity_edges() -> None:
    rules = RuleSet.preset("standard")
    assert win_chance(rules, 0, (510, 300), (0, 0), 8) == 1.0
    assert win_chance(rules, 1, (510, 300), (0, 0), 8) == 0.0
    assert 0.49 < win_chance(rules, 0, (100, 100), (0, 0), 2) < 0.51
    ahead = win_chance(rules, 0, (300, 200), (0, 0), 5)
    assert ahead > 0.6
    # Banked bags count against a team before the penalty lands.
    assert win_chance(rules, 0, (300, 200), (9, 0), 5) < ahead


def test_tenth_bag_costs_more_than_it_scores() -> None:
    g = position({}, bids=["bid 3"] * 4, plays=[])
    k = read_view(g.view(0))
    scorer = HandScorer(k.rules, (3, 3, 3, 3), 0, (200, 200), (9, 0), 3)
    assert scorer.value([3, 4, 3, 3]) > scorer.value([4, 3, 3, 3])  # 6 vs 7: 10th bag
