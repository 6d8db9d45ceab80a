"""Exact play of the last tricks of one known deal (minimax, my side against the rest).

Used by the Challenge bot for the final tricks of every sampled deal: with all the
hands fixed (two to four seats), each team picks the best card for itself in turn (the opponents
minimise our value). To keep that cheap in pure Python:

* cards of one hand that touch (no card still held elsewhere, or on the table, lies
  between them) are one move;
* alpha-beta pruning, trying the highest and the lowest card first;
* positions at the start of a trick are remembered with the bound they proved;
* the last trick, where every card is forced, is scored directly.
"""

from __future__ import annotations

from collections.abc import Callable

from shared.spades.cards import SUIT_MASKS

from .sim import BELOW, NON_SPADE, winner_index
from .table import PARTNERSHIP4, Table

Value = Callable[[list[int]], float]
EXACT, LOWER, UPPER = 0, 1, 2


def distinct_moves(hand: int, live: int, led: int, broken: bool) -> list[int]:
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
    if len(out) > 2:
        out = [out[-1], out[0], *out[1:-1]]  # highest and lowest first: earlier cutoffs
    return out


class Solver:
    """Exact values for one deal; ``team`` is the maximising side (every other side
    minimises: in a solo game the others are assumed to play against this seat)."""

    def __init__(self, value: Value, team: int, table: Table = PARTNERSHIP4) -> None:
        self.value = value
        self.team = team
        self.seats = table.seats
        self.maximising = tuple(side == team for side in table.side_of)
        self.memo: dict[tuple[int, ...], tuple[float, int]] = {}
        self.nodes = 0

    def solve(self, hands: list[int], leader: int, trick: list[int], won: list[int],
              broken: bool) -> float:
        """The value of the position with ``trick`` already on the table."""
        live = 0
        for h in hands:
            live |= h
        return self._node(list(hands), live, leader, tuple(trick), tuple(won), broken,
                          -1e18, 1e18)

    def _last_trick(self, hands: list[int], leader: int,
                    won: tuple[int, ...]) -> float:
        n = self.seats
        cards = [(hands[(leader + i) % n]).bit_length() - 1 for i in range(n)]
        w = (leader + winner_index(cards)) % n
        final = list(won)
        final[w] += 1
        return self.value(final)

    def _node(self, hands: list[int], live: int, leader: int, trick: tuple[int, ...],
              won: tuple[int, ...], broken: bool, alpha: float, beta: float) -> float:
        """``hands`` (changed and restored in place) hold ``live``: the cards not yet
        played."""
        self.nodes += 1
        key: tuple[int, ...] = ()
        if not trick:
            if not live:
                return self.value(list(won))
            h0 = hands[0]
            if h0 & (h0 - 1) == 0:  # one card each: the last trick plays itself
                return self._last_trick(hands, leader, won)
            key = (*hands, leader, *won, broken)
            hit = self.memo.get(key)
            if hit is not None:
                v, flag = hit
                if flag == EXACT:
                    return v
                if flag == LOWER and v >= beta:
                    return v
                if flag == UPPER and v <= alpha:
                    return v
        a0, b0 = alpha, beta
        n = self.seats
        seat = (leader + len(trick)) % n
        hand = hands[seat]
        on_table = 0
        led = -1
        if trick:
            first = trick[0]
            led = 3 if first >= 39 else first // 13
            for c in trick:
                on_table |= 1 << c
        maximise = self.maximising[seat]
        best = -1e18 if maximise else 1e18
        for c in distinct_moves(hand, live | on_table, led, broken):
            bit = 1 << c
            hands[seat] = hand ^ bit
            now_broken = broken or c >= 39
            t = (*trick, c)
            if len(t) == n:
                w = (leader + winner_index(list(t))) % n
                won2 = list(won)
                won2[w] += 1
                v = self._node(hands, live ^ bit, w, (), tuple(won2), now_broken, alpha, beta)
            else:
                v = self._node(hands, live ^ bit, leader, t, won, now_broken, alpha, beta)
            hands[seat] = hand
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        if key:
            flag = UPPER if best <= a0 else LOWER if best >= b0 else EXACT
            self.memo[key] = (best, flag)
        return best
