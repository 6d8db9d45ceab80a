"""Exact play of the last tricks of one known deal (minimax, my team against theirs).

Used by the Challenge bot for the final tricks of every sampled deal: with all four
hands fixed, each team picks the best card for itself in turn (the opponents
minimise our value). Cards of one hand that touch (no card still held elsewhere lies
between them) are one move, and positions at the start of a trick are remembered, so
four tricks take a few thousand nodes at most.
"""

from __future__ import annotations

from collections.abc import Callable

from shared.spades.cards import SPADE_MASK, SUIT_MASKS

from .sim import BELOW, NON_SPADE, winner_index

Value = Callable[[list[int]], float]


def _moves(hand: int, live: int, led: int, broken: bool) -> list[int]:
    """Legal cards, one per run of touching cards (``live``: cards still held or on the
    table this trick, which separate runs)."""
    if led >= 0:
        legal = hand & SUIT_MASKS[led] or hand
    elif broken:
        legal = hand
    else:
        legal = hand & NON_SPADE or hand
    out = []
    m = legal
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        under = live & BELOW[c]
        if under and (1 << (under.bit_length() - 1)) & legal:
            continue  # the card just below is ours too: same run, keep the lowest
        out.append(c)
    return out


class Solver:
    """Exact values for one deal; ``team`` is the maximising team (0 or 1)."""

    def __init__(self, value: Value, team: int) -> None:
        self.value = value
        self.team = team
        self.memo: dict[tuple[int, ...], float] = {}
        self.nodes = 0

    def solve(self, hands: list[int], leader: int, trick: list[int], won: list[int],
              broken: bool) -> float:
        """The value of the position with ``trick`` already on the table."""
        return self._node(hands[0], hands[1], hands[2], hands[3], leader, tuple(trick),
                          tuple(won), broken)

    def _node(self, h0: int, h1: int, h2: int, h3: int, leader: int, trick: tuple[int, ...],
              won: tuple[int, ...], broken: bool) -> float:
        self.nodes += 1
        live = h0 | h1 | h2 | h3
        if not trick:
            if not live:
                return self.value(list(won))
            key = (h0, h1, h2, h3, leader, *won, broken)
            hit = self.memo.get(key)
            if hit is not None:
                return hit
        seat = (leader + len(trick)) & 3
        hands = [h0, h1, h2, h3]
        hand = hands[seat]
        if trick:
            first = trick[0]
            led = 3 if first >= 39 else first // 13
        else:
            led = -1
        maximise = (seat & 1) == self.team
        best = -1e18 if maximise else 1e18
        on_table = 0
        for c in trick:
            on_table |= 1 << c
        for c in _moves(hand, live | on_table, led, broken):
            hands[seat] = hand ^ (1 << c)
            now_broken = broken or c >= 39
            t = (*trick, c)
            if len(t) == 4:
                w = (leader + winner_index(list(t))) & 3
                won2 = list(won)
                won2[w] += 1
                v = self._node(hands[0], hands[1], hands[2], hands[3], w, (), tuple(won2),
                               now_broken)
            else:
                v = self._node(hands[0], hands[1], hands[2], hands[3], leader, t, won,
                               now_broken)
            if maximise:
                if v > best:
                    best = v
            elif v < best:
                best = v
        hands[seat] = hand
        if not trick:
            self.memo[(h0, h1, h2, h3, leader, *won, broken)] = best
        return best


__all__ = ["SPADE_MASK", "Solver"]
