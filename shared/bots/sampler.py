"""Dealing the unseen cards: hypothetical full deals consistent with what is public.

A sampled deal gives every other seat exactly as many cards as it holds, never a
card of a suit it has shown it is out of, the cards this seat passed to its partner
(still unplayed) to the partner, and nothing this seat holds or has seen played.

With ``weigh_bids`` the deals are also made to agree with the bids: candidate deals
are drawn (twice as many as wanted) and resampled in proportion to how well each
seat's reconstructed hand (its cards now plus the ones it played) fits its bid, so a
Nil bidder rarely gets the ace of spades and a bid of five usually has the spades.

With ``weigh_play`` as well, every card an opponent has played is checked against
what the rollout policy (which plays like Standard) would have played from that
seat's reconstructed hand at that moment; each card it would not have played divides
the deal's weight by ``PLAY_MISMATCH``. A seat that played second hand low from
``A 9 4`` is unlikely to hold the ace if Standard would have won with it, and so on.
The check uses only the public history and the sampled hands.

Every format with one copy of each card is dealt (two, three or four seats): in the
two-handed draw the unseen cards not in the opponent's hand are the discards, dealt
to a pseudo-seat that is then dropped. The six-handed game (two copies of each card)
is not sampled: Challenge plays it with Standard's rules (see docs/bots.md).
"""

from __future__ import annotations

import math

from shared.spades.cards import SUIT_MASKS

from .handeval import estimate_tricks, nil_risk
from .knowledge import Knowledge
from .rng import Rng
from .sim import Contracts, policy

PLAY_MISMATCH = 2.5  # weight divisor per played card the policy would not have chosen
PLAY_POOL = 3  # candidate deals drawn per deal kept, when weighing the play

Deal = list[int]  # hand masks, by seat
# (seat, cards played before, trick so far, leader, spades broken, mode, target, card)
PlayRecord = tuple[int, int, list[int], int, bool, int, int, int]


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


TRIES = 400  # attempts at a deal that respects every void before ignoring them


class Sampler:
    """Draws deals for one decision. Build once per decision, call :meth:`deal`."""

    def __init__(self, k: Knowledge, rng: Rng) -> None:
        if k.table.copies > 1:
            raise ValueError("The sampler deals one copy of each card; the six-handed "
                             "game has two.")
        self.k = k
        self.rng = rng
        seats = self.seats = k.seats
        # A seat whose cards are still hidden (Blind Nil pending) is dealt too.
        self.others = [s for s in range(seats) if s != k.seat or k.hand_hidden]
        # One more "seat" holds the discards of the two-handed draw (never void).
        base = [0] * (seats + 1)
        base[k.seat] = k.hand
        partner = k.partner
        if partner is not None:
            base[partner] |= k.known_in(partner)
        self.base = base
        self.need = [0] * (seats + 1)
        size = k.table.hand_size
        for s in self.others:
            held = size - k.played_count[s] if s == k.seat else k.count_in(s)
            self.need[s] = held - base[s].bit_count()
        pool = k.unseen & ~(base[partner] if partner is not None else 0)
        rest = pool.bit_count() - sum(self.need)
        if rest > 0:
            self.need[seats] = rest
        needing = [s for s in [*self.others, seats] if self.need[s] > 0]
        self.needing = needing
        # Cards some needing seat cannot hold (it showed a void) are placed first, one
        # by one, most constrained first; the rest are shuffled and dealt in slices.
        constrained: list[tuple[int, int, list[int]]] = []
        free: list[int] = []
        for card in _cards(pool):
            suit = 3 if card >= 39 else card // 13
            allowed = [s for s in needing if s == seats or not k.voids[s] >> suit & 1]
            if len(allowed) == len(needing):
                free.append(card)
            else:
                constrained.append((len(allowed), card, allowed))
        constrained.sort(key=lambda t: t[0])
        self.constrained = constrained
        self.free = free

    def deal(self) -> Deal:
        """One consistent deal (falls back to ignoring voids if they cannot all hold)."""
        # Cards are placed one by one in proportion to each seat's room, so when two
        # seats' voids leave one way to fill them (a seat of only spades beside one of
        # no spades) a try succeeds about 1 time in 80: tries are cheap, a deal that
        # ignores the voids is wrong.
        for _ in range(TRIES):
            hands = self._try(True)
            if hands is not None:
                return hands
        hands = self._try(False)
        assert hands is not None
        return hands

    def _try(self, respect_voids: bool) -> Deal | None:
        rng = self.rng
        need = list(self.need)
        hands = list(self.base)
        if respect_voids:
            for _, card, allowed in self.constrained:
                total = 0
                for s in allowed:
                    total += need[s]
                if total <= 0:
                    return None
                pick = rng.below(total)
                for s in allowed:
                    n = need[s]
                    if pick < n:
                        hands[s] |= 1 << card
                        need[s] = n - 1
                        break
                    pick -= n
            cards = list(self.free)
        else:
            cards = self.free + [c for _, c, _ in self.constrained]
        rng.shuffle(cards)
        at = 0
        for s in self.needing:
            n = need[s]
            mask = 0
            for c in cards[at:at + n]:
                mask |= 1 << c
            hands[s] |= mask
            at += n
        del hands[self.seats]  # the discards (two-handed) are not played
        return hands

    def deals(self, n: int, weigh_bids: bool = False, weigh_play: bool = False) -> list[Deal]:
        """``n`` deals; with ``weigh_bids``, resampled to fit the bids made, and with
        ``weigh_play`` also the cards played (see the module doc)."""
        if not weigh_bids or not any(self._judged(s) for s in self.others):
            return [self.deal() for _ in range(n)]
        pool = [self.deal() for _ in range((PLAY_POOL if weigh_play else 2) * n)]
        weights = [self._weight(d) for d in pool]
        if weigh_play:
            records = self._play_records()
            if records:
                weights = [w * self._play_fit(d, records)
                           for w, d in zip(weights, pool, strict=True)]
        total = sum(weights)
        if total <= 0:
            return pool[:n]
        # Systematic resampling: deterministic given the rng state.
        step = total / n
        at = step * (self.rng.below(1 << 20) / float(1 << 20))
        out: list[Deal] = []
        acc = 0.0
        i = 0
        for j in range(n):
            point = at + j * step
            while acc + weights[i] < point and i < len(pool) - 1:
                acc += weights[i]
                i += 1
            out.append(pool[i])
        return out

    def _play_records(self) -> list[PlayRecord]:
        """Every card another seat chose this hand, with what it knew then."""
        k = self.k
        bids = tuple(b if b is not None else 1 for b in k.bids)
        contracts = Contracts(bids, k.rules.nil_tricks_count_for_partner, k.table)
        seats = k.seats
        side_of = k.table.side_of
        sequences = [(leader, cards) for leader, cards, _ in k.tricks]
        if k.trick:
            sequences.append((k.trick[0][0], tuple(c for _, c in k.trick)))
        records: list[PlayRecord] = []
        played = 0
        won = [0] * seats
        broken = False
        for t, (leader, cards) in enumerate(sequences):
            modes = contracts.modes(won)
            for i, card in enumerate(cards):
                seat = (leader + i) % seats
                # Opponents only: a partner searching plays the policy's card less often.
                if side_of[seat] != k.team and seat in self.others:
                    mode, target = modes[seat]
                    records.append((seat, played, list(cards[:i]), leader, broken, mode,
                                    target, card))
                played |= 1 << card
                if card >= 39:
                    broken = True
            if t < len(k.tricks):
                won[k.tricks[t][2]] += 1
        return records

    def _play_fit(self, hands: Deal, records: list[PlayRecord]) -> float:
        """``1 / PLAY_MISMATCH`` per recorded card the policy would not have played."""
        deck = self.k.deck
        played_by = self.k.played_by
        seats = self.seats
        partners = [-1 if p is None else p for p in self.k.table.partner_of]
        misses = 0
        for seat, played, trick, leader, broken, mode, target, card in records:
            held = hands[seat] | (played_by[seat] & ~played)  # its hand at that moment
            out = deck & ~played & ~held
            if policy(held, out, trick, leader, seat, broken, mode, target, seats,
                      partners[seat]) != card:
                misses += 1
        return PLAY_MISMATCH ** -misses

    def _judged(self, seat: int) -> bool:
        return self.k.bids[seat] is not None

    def _weight(self, hands: Deal) -> float:
        k = self.k
        jokers = k.rules.jokers
        scale = k.table.trick_scale
        solo = k.partner is None
        log_w = 0.0
        for s in self.others:
            bid = k.bids[s]
            if bid is None or s == k.seat:
                continue
            dealt = hands[s] | k.played_by[s]
            if s == k.partner:
                dealt = (dealt | k.got) & ~k.gave
            if bid <= 0:
                if bid == 0:
                    log_w -= 1.2 * max(0.0, nil_risk(dealt, jokers, solo) - 1.0)
                continue
            est = estimate_tricks(dealt, jokers, scale)
            diff = est - bid
            log_w -= diff * diff / (2 * 1.3 * 1.3)
        return math.exp(log_w)


def void_suits(hand: int) -> list[int]:
    return [s for s in range(4) if not hand & SUIT_MASKS[s]]
