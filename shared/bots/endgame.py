"""Exact play of the last tricks of one known deal (minimax, my side against the rest).

Used by the Challenge bot for the final tricks of every sampled deal: with all the
hands fixed (two to four seats), each team picks the best card for itself in turn (the opponents
minimise our value). To keep that cheap in pure Python:

* cards of one hand that touch (no card still held elsewhere, or on the table, lies
  between them) are one move;
* alpha-beta pruning, trying the highest and the lowest card first;
* positions at the start of a trick are remembered with the bound they proved and
  their best card, which is tried first when the position comes again;
* at the start of a trick, the lowest and highest value any split of the tricks left
  could reach (``_span``) decides a window that lies outside it without a search;
* the trick on the table is carried as its suit and its winner so far, not rescanned;
* the last trick, where every card is forced, is scored directly.
"""

from __future__ import annotations

from collections.abc import Callable

from shared.spades.cards import SUIT_MASKS

from .sim import BELOW, NON_SPADE, SUIT_OF, winner_index
from .table import PARTNERSHIP4, Table

Value = Callable[[list[int]], float]
EXACT, LOWER, UPPER = 0, 1, 2


def distinct_moves(hand: int, live: int, led: int, broken: bool) -> list[int]:
    """Legal cards, one per run of touching cards (``live``: cards still held or on the
    table this trick, which separate runs)."""
    return list(_runs(_legal(hand, led, broken), live))


def _legal(hand: int, led: int, broken: bool) -> int:
    # The cards of ``hand`` that may be played to a trick led in ``led`` (-1: a lead).
    if led >= 0:
        return hand & SUIT_MASKS[led] or hand
    if broken:
        return hand
    return hand & NON_SPADE or hand


# _runs by (legal, live), for every solver of the process: a pure function whose
# arguments repeat across the deals and candidates of a decision and across decisions.
_RUNS: dict[tuple[int, int], tuple[int, ...]] = {}
_RUNS_KEPT = 1 << 17


def _runs(legal: int, live: int) -> tuple[int, ...]:
    # One card of ``legal`` per run of touching cards, highest and lowest first.
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
        return (out[-1], out[0], *out[1:-1])  # highest and lowest first: earlier cutoffs
    return tuple(out)


def _splits(tricks: int, seats: int) -> list[tuple[int, ...]]:
    """Every way ``tricks`` tricks can fall to ``seats`` seats."""
    if seats == 1:
        return [(tricks,)]
    return [(first, *rest) for first in range(tricks + 1)
            for rest in _splits(tricks - first, seats - 1)]


class Solver:
    """Exact values for one deal; ``team`` is the maximising side (every other side
    minimises: in a solo game the others are assumed to play against this seat)."""

    def __init__(self, value: Value, team: int, table: Table = PARTNERSHIP4,
                 spans: dict[tuple[int, ...], tuple[float, float]] | None = None) -> None:
        self.value = value
        self.team = team
        self.seats = table.seats
        self.maximising = tuple(side == team for side in table.side_of)
        self.memo: dict[tuple[int, ...], tuple[float, int, int]] = {}
        # The value's lowest and highest over the splits still possible, by tricks won:
        # shared by the solvers of one value function (the deals of one decision).
        self.spans = {} if spans is None else spans
        self.nodes = 0

    def solve(self, hands: list[int], leader: int, trick: list[int], won: list[int],
              broken: bool) -> float:
        """The value of the position with ``trick`` already on the table."""
        live = 0
        for h in hands:
            live |= h
        led, top_card, top_seat, on_table = -1, -1, -1, 0
        if trick:
            led = SUIT_OF[trick[0]]
            at = winner_index(trick)
            top_card, top_seat = trick[at], (leader + at) % self.seats
            for c in trick:
                on_table |= 1 << c
        return self._node(list(hands), live, leader, len(trick), led, top_card, top_seat,
                          on_table, tuple(won), broken, -1e18, 1e18)

    def _span(self, won: tuple[int, ...], left: int) -> tuple[float, float]:
        # The lowest and highest value any split of the ``left`` tricks still to play
        # can reach from ``won``: a window outside it is decided without a search.
        span = self.spans.get(won)
        if span is None:
            values = [self.value([w + x for w, x in zip(won, split, strict=True)])
                      for split in _splits(left, self.seats)]
            span = self.spans[won] = (min(values), max(values))
        return span

    def _last_trick(self, hands: list[int], leader: int,
                    won: tuple[int, ...]) -> float:
        n = self.seats
        cards = [(hands[(leader + i) % n]).bit_length() - 1 for i in range(n)]
        w = (leader + winner_index(cards)) % n
        final = list(won)
        final[w] += 1
        return self.value(final)

    def _node(self, hands: list[int], live: int, leader: int, pos: int, led: int,
              top_card: int, top_seat: int, on_table: int, won: tuple[int, ...],
              broken: bool, alpha: float, beta: float) -> float:
        """``hands`` (changed and restored in place) hold ``live``: the cards not yet
        played. ``pos`` cards are on the table (``on_table``), of suit ``led`` first,
        ``top_card`` of seat ``top_seat`` winning so far."""
        self.nodes += 1
        key: tuple[int, ...] = ()
        first = -1  # the best card of an earlier visit, tried first
        if not pos:
            if not live:
                return self.value(list(won))
            h0 = hands[0]
            if h0 & (h0 - 1) == 0:  # one card each: the last trick plays itself
                return self._last_trick(hands, leader, won)
            key = (*hands, leader, *won, broken)
            hit = self.memo.get(key)
            if hit is not None:
                v, flag, first = hit
                if flag == EXACT:
                    return v
                if flag == LOWER and v >= beta:
                    return v
                if flag == UPPER and v <= alpha:
                    return v
            lo, hi = self._span(won, h0.bit_count())
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
        a0, b0 = alpha, beta
        n = self.seats
        seat = (leader + pos) % n
        hand = hands[seat]
        maximise = self.maximising[seat]
        best = -1e18 if maximise else 1e18
        last = pos == n - 1
        legal = _legal(hand, led, broken)
        runs_key = (legal, live | on_table)
        moves = _RUNS.get(runs_key)
        if moves is None:
            if len(_RUNS) >= _RUNS_KEPT:
                _RUNS.clear()
            moves = _RUNS[runs_key] = _runs(*runs_key)
        if first >= 0 and first != moves[0] and first in moves:
            moves = (first, *(c for c in moves if c != first))
        best_card = moves[0]
        for c in moves:
            bit = 1 << c
            hands[seat] = hand ^ bit
            now_broken = broken or c >= 39
            if not pos:
                t_card, t_seat, t_led = c, seat, SUIT_OF[c]
            else:
                t_led = led
                if c >= 39:  # a spade beats any other suit, a lower spade
                    beats = top_card < 39 or c > top_card
                else:  # another card beats only a lower one of the suit led
                    beats = top_card < 39 and c > top_card and SUIT_OF[c] == led
                if beats:
                    t_card, t_seat = c, seat
                else:
                    t_card, t_seat = top_card, top_seat
            if last:
                won2 = list(won)
                won2[t_seat] += 1
                v = self._node(hands, live ^ bit, t_seat, 0, -1, -1, -1, 0, tuple(won2),
                               now_broken, alpha, beta)
            else:
                v = self._node(hands, live ^ bit, leader, pos + 1, t_led, t_card, t_seat,
                               on_table | bit, won, now_broken, alpha, beta)
            hands[seat] = hand
            if maximise:
                if v > best:
                    best, best_card = v, c
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, best_card = v, c
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        if key:
            flag = UPPER if best <= a0 else LOWER if best >= b0 else EXACT
            self.memo[key] = (best, flag, best_card)
        return best
