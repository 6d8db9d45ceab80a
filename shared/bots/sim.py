"""A fast card-play simulator over bit masks, and the policy rollouts play with.

Inside a search the bots deal hypothetical hands and play them out many times, so
this module avoids the engine's ``Game.apply`` (which validates, copies and records)
and works on four ``int`` hand masks. Trick semantics are those of
``shared.spades.game.trick_winner``: the highest spade wins, else the highest card of
the suit led; jokers are the two top spades.

``policy`` is the rollout player, Standard's play made cheap (it picks Standard's card
in 96% of Standard's decisions): Nil bidders duck, partners cover, opponents lead low
at a Nil, a team short of its contract takes tricks cheaply, one that made it ducks
unless a set is in reach. It sees only its own hand and the cards still out."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from shared.spades.cards import SPADE_MASK, SUIT_MASKS

from .table import PARTNERSHIP4, Table

NON_SPADE = (1 << 39) - 1

# Masks of the cards of the same suit strictly above each card (jokers are spades).
ABOVE: tuple[int, ...] = tuple(
    (SUIT_MASKS[3] if c >= 39 else SUIT_MASKS[c // 13]) & ~((2 << c) - 1) for c in range(54)
)
BELOW: tuple[int, ...] = tuple(
    (SUIT_MASKS[3] if c >= 39 else SUIT_MASKS[c // 13]) & ((1 << c) - 1) for c in range(54)
)
SUIT_OF: tuple[int, ...] = tuple(3 if c >= 39 else c // 13 for c in range(54))
RANK_OF: tuple[int, ...] = tuple(c - 39 if c >= 39 else c % 13 for c in range(54))
SUIT_OF_MASK = SUIT_MASKS

NIL, COVER, ATTACK, WANT, DUCK = 0, 1, 2, 3, 4
COVER_MADE = 5  # covering partner's Nil with the team's own contract made


def top(mask: int) -> int:
    """The highest-index card of a non-empty mask (the highest of one suit)."""
    return mask.bit_length() - 1


def bottom(mask: int) -> int:
    """The lowest-index card of a non-empty mask (the lowest of one suit)."""
    return (mask & -mask).bit_length() - 1


_C, _D, _H = SUIT_MASKS[0], SUIT_MASKS[1], SUIT_MASKS[2]


def low_card(mask: int) -> int:
    """The lowest-ranked card, a non-spade when there is one."""
    best = -1
    best_rank = 99
    m = mask & _C
    if m:
        best = (m & -m).bit_length() - 1
        best_rank = best
    m = mask & _D
    if m:
        c = (m & -m).bit_length() - 1
        if c - 13 < best_rank:
            best, best_rank = c, c - 13
    m = mask & _H
    if m:
        c = (m & -m).bit_length() - 1
        if c - 26 < best_rank:
            best = c
    if best < 0:
        return (mask & -mask).bit_length() - 1
    return best


def high_card(mask: int) -> int:
    """The highest-ranked card, a non-spade when there is one."""
    best = -1
    best_rank = -1
    m = mask & _C
    if m:
        best = best_rank = m.bit_length() - 1
    m = mask & _D
    if m:
        c = m.bit_length() - 1
        if c - 13 > best_rank:
            best, best_rank = c, c - 13
    m = mask & _H
    if m:
        c = m.bit_length() - 1
        if c - 26 > best_rank:
            best = c
    if best < 0:
        return mask.bit_length() - 1
    return best


def legal_mask(hand: int, led: int, broken: bool) -> int:
    """Cards ``hand`` may play: ``led`` is the suit led, or -1 when leading."""
    if led >= 0:
        follow = hand & SUIT_MASKS[led]
        return follow or hand
    if broken:
        return hand
    return hand & NON_SPADE or hand


def beats(mask: int, best: int, led: int) -> int:
    """The cards of ``mask`` that would beat ``best`` (the card now winning)."""
    if best >= 39:
        return mask & ABOVE[best]
    if led == 3:  # cannot happen: a spade lead makes best a spade
        return mask & ABOVE[best]
    return (mask & ABOVE[best]) | (mask & SPADE_MASK)


@dataclass(frozen=True, slots=True)
class Contracts:
    """The bids a rollout plays to: codes per seat (Nil <= 0), the Nil trick rule and
    the table (seats, sides, partners; the four-seat partnership game by default)."""

    bids: tuple[int, ...]
    nil_counts: bool = True  # a Nil bidder's tricks count for the partner's contract
    table: Table = PARTNERSHIP4

    def modes(self, won: list[int]) -> tuple[tuple[int, int], ...]:
        """:func:`mode_of` for every seat (cached by bids and trick counts)."""
        return _modes(self.bids, self.nil_counts, self.table, tuple(won))

    def team_need(self, team: int, won: list[int] | tuple[int, ...]) -> int:
        bids = self.bids
        contract = got = 0
        for s in self.table.teams[team]:
            b = bids[s]
            if b > 0:
                contract += b
                got += won[s]
            elif self.nil_counts:
                got += won[s]
        return contract - got


@lru_cache(maxsize=1 << 16)
def _modes(bids: tuple[int, ...], nil_counts: bool, table: Table, won: tuple[int, ...]
           ) -> tuple[tuple[int, int], ...]:
    # Keyed by the fields, not the Contracts: a tuple hashes and compares in C, and the
    # rollouts of one decision (and the bids' 128 deals) share one entry per trick count.
    c = Contracts(bids, nil_counts, table)
    left = table.hand_size - sum(won)
    return tuple(mode_of(s, c, won, left) for s in range(table.seats))


def mode_of(seat: int, c: Contracts, won: list[int] | tuple[int, ...], left: int
            ) -> tuple[int, int]:
    """(mode, nil seat to attack or -1) for ``seat`` with ``left`` tricks to play."""
    bids = c.bids
    if bids[seat] <= 0 and won[seat] == 0:
        return NIL, -1
    table = c.table
    partner = table.partner_of[seat]
    team = table.side_of[seat]
    need = c.team_need(team, won)
    if partner is not None and bids[partner] <= 0 and won[partner] == 0:
        return (COVER if need > 0 else COVER_MADE), -1
    target = -1
    for o in table.opponents_of[seat]:
        if bids[o] <= 0 and won[o] == 0:
            target = o
            break
    if need > 0:
        # Like Standard: attack a Nil only while the contract can wait (3 tricks spare).
        return (ATTACK if target >= 0 and need <= left - 3 else WANT), target
    if target >= 0:
        return ATTACK, target
    for other in range(len(table.teams)):
        if other != team:
            theirs = c.team_need(other, won)
            if 0 < theirs <= left and theirs + 1 >= left - 1:
                return WANT, -1  # a set is in reach: keep taking tricks
    return DUCK, -1


def policy(hand: int, out: int, trick: list[int], leader: int, seat: int, broken: bool,
           mode: int, target: int, seats: int = 4, partner: int | None = None) -> int:
    """The rollout's card for ``seat``. ``out``: unplayed cards in other hands.
    ``partner``: the partner's seat, -1 for none; None means the four-seat
    partnership game's (``seat ^ 2``)."""
    if partner is None:
        partner = seat ^ 2
    if not trick:
        return _lead(hand, out, broken, mode)
    led = SUIT_OF[trick[0]]
    best = trick[0]
    best_i = 0
    for i in range(1, len(trick)):
        card = trick[i]
        if card >= 39:
            if best < 39 or card > best:
                best, best_i = card, i
        elif best < 39 and card > best and card // 13 == led:
            best, best_i = card, i
    return _follow(hand, out, len(trick), led, best, (leader + best_i) % seats, leader, seat,
                   mode, target, seats, partner)


def _follow(hand: int, out: int, n: int, led: int, best: int, best_seat: int, leader: int,
            seat: int, mode: int, target: int, seats: int, partner: int) -> int:
    """The rollout's card when ``n`` cards are on the table and ``best`` is winning
    (``partner`` -1 in a solo game)."""
    follow = hand & SUIT_MASKS[led]
    legal = follow or hand
    last = n == seats - 1
    win = legal & ABOVE[best] if best >= 39 else (legal & ABOVE[best]) | (legal & SPADE_MASK)
    if mode == NIL:
        under = legal & ~win
        if under:
            return high_card(under)
        return high_card(legal) if last else low_card(legal)
    if mode in (COVER, COVER_MADE):
        if best_seat == partner:
            if win:
                return bottom(win) if last or follow else _lowest_spade(win)
        elif ((partner - leader) % seats) > n:
            # Partner plays after us: win as high as we can so the Nil can duck.
            if follow:
                return top(follow)
            if win:
                return _lowest_spade(win)
            return _discard(legal, out)
        elif mode == COVER_MADE:
            mode = DUCK  # the Nil is safe this trick and our contract is made
    elif mode == ATTACK:
        if ((target - leader) % seats) < n:  # the Nil bidder has played
            if best_seat == target:
                under = legal & ~win
                return high_card(under) if under else low_card(legal)
        else:
            return low_card(legal)  # lead the Nil into winning: play under it
    if mode == DUCK:
        under = legal & ~win
        if under:
            return high_card(under)
        return high_card(legal) if last else low_card(legal)
    # WANT (and COVER/ATTACK falling through to plain play).
    if best_seat == partner:
        risk = ABOVE[best] | (SPADE_MASK if best < 39 else 0)  # a side card may be trumped
        if last or not (risk & out) or not follow:
            return bottom(follow) if follow else _discard(legal, out)
        masters = win & ~_beaten_by(out, win)
        if masters:
            return bottom(masters)
        return bottom(follow)
    if not win:
        return bottom(follow) if follow else _discard(legal, out)
    if last:
        return bottom(win) if follow else _lowest_spade(win)
    if not follow:
        # Trump high enough that nobody can overtrump, if we can (like Standard).
        safe = win & SPADE_MASK & ~_beaten_by(out, win & SPADE_MASK)
        return bottom(safe) if safe else _lowest_spade(win)
    masters = win & ~_beaten_by(out, win)
    if masters:
        return bottom(masters)
    if n == 1:
        return low_card(legal)  # second hand low
    return top(win)  # third hand high


def _beaten_by(out: int, mine: int) -> int:
    """The cards of ``mine`` (one suit) that some card in ``out`` of that suit beats."""
    result = 0
    m = mine
    while m:
        low = m & -m
        c = low.bit_length() - 1
        if out & ABOVE[c]:
            result |= low
        m ^= low
    return result


def _discard(legal: int, out: int) -> int:
    """Standard's discard: the lowest card of the shortest side suit (making a void to
    trump later), keeping a suit of sure winners and high cards; spades last."""
    best, best_key = -1, 999
    for suit in (0, 1, 2):
        m = legal & SUIT_MASKS[suit]
        if m:
            c = bottom(m)
            rank = c - 13 * suit
            if not _beaten_by(out, m):
                key = 100 + rank  # every card a sure winner: keep them
            else:
                key = m.bit_count() * 2 + (20 if rank >= 9 else 0)
                key = key * 16 + rank
            if key < best_key:
                best, best_key = c, key
    return best if best >= 0 else bottom(legal)


def _lowest_spade(mask: int) -> int:
    spades = mask & SPADE_MASK
    return bottom(spades) if spades else low_card(mask)


def _lead(hand: int, out: int, broken: bool, mode: int) -> int:
    legal = hand if broken else (hand & NON_SPADE or hand)
    if mode in (NIL, DUCK, ATTACK):
        return low_card(legal)
    # Cash a master in a side suit while two or more of it are out (with fewer someone
    # may trump it), then draw trumps with a top spade when we hold as many as are out;
    # else lead low from a side suit.
    covering = mode in (COVER, COVER_MADE)
    for suit in (0, 1, 2):
        m = legal & SUIT_MASKS[suit]
        if m:
            c = top(m)
            rest = out & SUIT_MASKS[suit]
            if not (out & ABOVE[c]) and rest and (covering or rest & (rest - 1)):
                return c
    spades = legal & SPADE_MASK
    if spades:
        c = top(spades)
        rest = out & SPADE_MASK
        if not (out & ABOVE[c]) and rest and \
                (covering or spades.bit_count() >= rest.bit_count()):
            return c
    if covering:
        return high_card(legal)
    side = legal & NON_SPADE
    if side:
        # Like Standard: low from a short suit when there are spades to trump it later
        # (from a long one otherwise), not away from an unguarded king or queen.
        short_first = (hand & SPADE_MASK).bit_count() >= 2
        best, best_key = -1, 999
        for suit in (0, 1, 2):
            m = side & SUIT_MASKS[suit]
            if m:
                n = m.bit_count()
                c = bottom(m)
                hi = top(m)
                risk = n <= 3 and hi - 13 * suit >= 10 and bool(out & ABOVE[hi])
                key = (risk * 32 + (n if short_first else 16 - n)) * 16 + c - 13 * suit
                if key < best_key:
                    best, best_key = c, key
        return best
    return low_card(legal)


def playout(hands: list[int], leader: int, trick: list[int], won: list[int], broken: bool,
            c: Contracts) -> list[int]:
    """Play the hand to its end with :func:`policy`; returns tricks won by seat.

    ``hands`` and ``won`` are modified in place; ``trick`` holds the cards already
    played to the current trick, in order from ``leader``.
    """
    table = c.table
    seats = table.seats
    partners = tuple(-1 if p is None else p for p in table.partner_of)
    live = 0
    for h in hands:
        live |= h
    modes = c.modes(won)
    n = len(trick)
    led = best = best_seat = -1
    if n:
        led = SUIT_OF[trick[0]]
        best = trick[0]
        best_i = 0
        for i in range(1, n):
            card = trick[i]
            if card >= 39:
                if best < 39 or card > best:
                    best, best_i = card, i
            elif best < 39 and card > best and card // 13 == led:
                best, best_i = card, i
        best_seat = (leader + best_i) % seats
    while live:
        seat = (leader + n) % seats
        hand = hands[seat]
        mode, target = modes[seat]
        if n:
            follow = hand & SUIT_MASKS[led]
            if follow and not follow & (follow - 1):
                card = follow.bit_length() - 1  # a single card of the suit: forced
            else:
                card = _follow(hand, live & ~hand, n, led, best, best_seat, leader, seat,
                               mode, target, seats, partners[seat])
            if card >= 39:
                broken = True
                if best < 39 or card > best:
                    best, best_seat = card, seat
            elif best < 39 and card > best and card // 13 == led:
                best, best_seat = card, seat
        else:
            card = _lead(hand, live & ~hand, broken, mode)
            led = SUIT_OF[card]
            best, best_seat = card, seat
            if card >= 39:
                broken = True
        bit = 1 << card
        hands[seat] = hand ^ bit
        live ^= bit
        n += 1
        if n == seats:
            won[best_seat] += 1
            leader = best_seat
            n = 0
            modes = c.modes(won)
    return won


def winner_index(trick: list[int]) -> int:
    """Position in ``trick`` of the winning card (the first of two equal cards)."""
    best = trick[0]
    led = SUIT_OF[best]
    best_i = 0
    for i in range(1, len(trick)):
        card = trick[i]
        if card >= 39:
            if best < 39 or card > best:
                best, best_i = card, i
        elif best < 39 and card > best and card // 13 == led:
            best, best_i = card, i
    return best_i
