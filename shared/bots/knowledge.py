"""What a bot knows: a ``SeatView`` (or its dict) read into card masks and facts.

A bot never sees anything but the view. :func:`read_view` turns it into a
:class:`Knowledge`: the seat's own hand as a mask, every card played and by whom, the
suits each seat has shown it is out of, cards known to be in the partner's hand (a Nil
card pass), the bids as engine codes, and the team arithmetic the players reason with
(contract, tricks still needed, Nil bidders still clean).

Facts drawn from public play:

* a seat that did not follow the suit led is void in it;
* a seat that led a spade before spades were broken held nothing but spades;
* cards this seat passed to its partner are in the partner's hand until played.

The seats, the sides and the deck come from the rules (:mod:`table`): two, three, four
or six seats, partners or none. Card masks hold one bit per code; in the six-handed
game (two copies of each card) ``hand_twice`` and ``played_twice`` hold the codes seen
twice, and ``unseen`` only drops a code once both copies are accounted for.

:func:`decision_seed` hashes the public history and the own hand (never the deal
commitment, which depends on the hidden cards), so sampling is repeatable on every
machine and two deals that look the same to this seat give the same decision.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from shared.spades.actions import BLIND_NIL_BID, NIL_BID
from shared.spades.cards import (
    CODES,
    SPADE_MASK,
    STANDARD_DECK,
    SUIT_MASKS,
    parse_card,
    suit_of,
)
from shared.spades.rules import RuleSet

from .table import Table, table_of

ALL_SUITS = 0b1111
NON_SPADE_SUITS = 0b0111

_CARD_INDEX: dict[str, int] = {code: i for i, code in enumerate(CODES)}


def card_index(code: str) -> int:
    """``'AS' -> 51``; fast path for the canonical codes views carry."""
    index = _CARD_INDEX.get(code)
    return parse_card(code) if index is None else index


def bid_code(bid: int | str | None) -> int | None:
    """A view's bid (``4``, ``"nil"``, ``"blind nil"``, ``None``) as an engine code."""
    if bid is None or isinstance(bid, int):
        return bid
    return BLIND_NIL_BID if bid == "blind nil" else NIL_BID


@lru_cache(maxsize=64)
def _rules_from_items(items: tuple[tuple[str, Any], ...]) -> RuleSet:
    return RuleSet.from_dict(dict(items))


def rules_of(rules: dict[str, Any] | RuleSet) -> RuleSet:
    """The ``RuleSet`` of a view's ``rules`` dict (cached: views repeat the same rules)."""
    if isinstance(rules, RuleSet):
        return rules
    return _rules_from_items(tuple(sorted(rules.items())))


@dataclass(slots=True)
class Knowledge:
    """One seat's knowledge at one decision. Card sets are bit masks (see cards.py)."""

    seat: int
    rules: RuleSet
    phase: str
    hand: int
    hand_hidden: bool
    dealer: int
    hand_no: int
    to_act: int | None
    bids: tuple[int | None, ...]
    tricks_won: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]  # (seat, card) in play order
    leader: int
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]  # (leader, cards, winner)
    broken: bool
    scores: tuple[int, ...]  # by side (see ``table.teams``)
    bags: tuple[int, ...]
    legal: tuple[str, ...]
    hands_played: int
    gave: int = 0  # cards this seat passed to its partner
    got: int = 0  # cards the partner passed to this seat
    pass_due: tuple[tuple[int, int, int], ...] = ()
    played: int = 0  # every card played this hand, the current trick included
    played_by: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    voids: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # suit bits
    deck: int = STANDARD_DECK
    table: Table = field(default_factory=lambda: table_of(RuleSet()))
    hand_twice: int = 0  # six-handed: codes this seat holds both copies of
    played_twice: int = 0  # six-handed: codes both copies of which were played
    played_count: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # cards by seat
    top_card: int = -1  # two-handed draw: the card this seat is shown, else -1
    salt: str = ""  # the table's: bots that must vary per player (the daily deal) mix it in

    # -- seats and teams ------------------------------------------------------------------

    @property
    def seats(self) -> int:
        return self.table.seats

    @property
    def partner(self) -> int | None:
        """The partner's seat, None in a solo game."""
        return self.table.partner_of[self.seat]

    @property
    def team(self) -> int:
        """This seat's side (index into ``table.teams``, ``scores`` and ``bags``)."""
        return self.table.side_of[self.seat]

    @property
    def other_sides(self) -> tuple[int, ...]:
        return tuple(t for t in range(len(self.table.teams)) if t != self.team)

    def opponents(self) -> tuple[int, ...]:
        """The seats not on this side, clockwise from this seat's left."""
        return self.table.opponents(self.seat)

    def partner_nil_alive(self) -> bool:
        """The partner bid (Blind) Nil and is still clean (never in a solo game)."""
        p = self.partner
        return p is not None and self.nil_alive(p)

    def is_nil(self, seat: int) -> bool:
        """The seat bid Nil or Blind Nil."""
        bid = self.bids[seat]
        return bid is not None and bid <= 0

    def nil_alive(self, seat: int) -> bool:
        """The seat bid (Blind) Nil and has taken no trick yet."""
        return self.is_nil(seat) and self.tricks_won[seat] == 0

    def contract(self, team: int) -> int:
        """The side's contract: the sum of its members' numeric bids."""
        return sum(b for b in (self.bids[s] for s in self.table.teams[team])
                   if b is not None and b > 0)

    def team_tricks(self, team: int) -> int:
        """Tricks that count toward the side's contract."""
        won = self.tricks_won
        members = self.table.teams[team]
        if self.rules.nil_tricks_count_for_partner:
            return sum(won[s] for s in members)
        return sum(won[s] for s in members if not self.is_nil(s))

    def need(self, team: int) -> int:
        """Tricks the side still needs to make its contract (0 once made)."""
        return max(0, self.contract(team) - self.team_tricks(team))

    @property
    def tricks_left(self) -> int:
        return self.table.hand_size - len(self.tricks)

    @property
    def unseen(self) -> int:
        """Codes with a copy in another seat's hand (or, two-handed, in the discards)
        as far as this seat knows: not held, not played (both copies, six-handed)."""
        if self.table.copies == 1:
            return self.deck & ~self.hand & ~self.played
        gone = self.hand_twice | self.played_twice | (self.hand & self.played)
        return self.deck & ~gone

    def known_in(self, seat: int) -> int:
        """Cards known to be in ``seat``'s hand now (own hand; passes to the partner)."""
        if seat == self.seat:
            return self.hand
        if seat == self.partner:
            return self.gave & ~self.played
        return 0

    def count_in(self, seat: int) -> int:
        """How many cards ``seat`` holds now."""
        if seat == self.seat:
            return self.hand.bit_count() + self.hand_twice.bit_count()
        return self.table.hand_size - self.played_count[seat]

    @property
    def legal_plays(self) -> int:
        """The cards this seat may play now, as a mask."""
        mask = 0
        for text in self.legal:
            if text.startswith("play "):
                mask |= 1 << card_index(text[5:])
        return mask


def _get(view: Any, name: str) -> Any:
    return view[name] if isinstance(view, dict) else getattr(view, name)


def read_view(view: Any) -> Knowledge:
    """Read a ``SeatView`` (or ``SeatView.to_dict()``) into :class:`Knowledge`.

    Raises ``ValueError`` for a spectator view: a bot plays a seat.
    """
    seat = _get(view, "seat")
    if seat is None:
        raise ValueError("A bot needs a seat's view, not the spectator view.")
    rules = rules_of(_get(view, "rules"))
    table = table_of(rules)
    hand = twice = 0
    for code in _get(view, "hand"):
        bit = 1 << card_index(code)
        twice |= hand & bit
        hand |= bit
    tricks = []
    for t in _get(view, "tricks"):
        cards = tuple(card_index(code) for _, code in t["cards"])
        tricks.append((int(t["leader"]), cards, int(t["winner"])))
    trick = tuple((int(s), card_index(code)) for s, code in _get(view, "trick"))
    passing = _get(view, "passing")
    gave = got = 0
    due: tuple[tuple[int, int, int], ...] = ()
    if passing:
        for code in passing.get("gave", ()):
            gave |= 1 << card_index(code)
        for code in passing.get("got", ()):
            got |= 1 << card_index(code)
        due = tuple((int(d["from"]), int(d["to"]), int(d["count"])) for d in passing.get("due", ()))
    seats = table.seats
    k = Knowledge(
        seat=seat,
        rules=rules,
        phase=_get(view, "phase"),
        hand=hand,
        hand_hidden=bool(_get(view, "hand_hidden")),
        dealer=_get(view, "dealer"),
        hand_no=_get(view, "hand_no"),
        to_act=_get(view, "to_act"),
        bids=tuple(bid_code(b) for b in _get(view, "bids")),
        tricks_won=tuple(_get(view, "tricks_won")),
        trick=trick,
        leader=_get(view, "leader"),
        tricks=tuple(tricks),
        broken=bool(_get(view, "spades_broken")),
        scores=tuple(int(x) for x in _get(view, "scores")),
        bags=tuple(int(x) for x in _get(view, "bags")),
        legal=tuple(_get(view, "legal")),
        hands_played=len(_get(view, "history")),
        gave=gave,
        got=got,
        pass_due=due,
        played_by=[0] * seats,
        voids=[0] * seats,
        deck=table.deck,
        table=table,
        hand_twice=twice,
        played_count=[0] * seats,
        top_card=_top_card(view),
    )
    _infer(k)
    return k


def _top_card(view: Any) -> int:
    """The stock's top card this seat is shown in the two-handed draw, else -1."""
    draw = view.get("draw") if isinstance(view, dict) else getattr(view, "draw", None)
    code = draw.get("card") if isinstance(draw, dict) else None
    return card_index(code) if isinstance(code, str) else -1


def _infer(k: Knowledge) -> None:
    """Fill ``played``, ``played_by``, ``played_count`` and ``voids`` from the tricks."""
    played_by = k.played_by
    counts = k.played_count
    voids = k.voids
    seats = k.table.seats
    broken = False
    played = twice = 0
    sequences = [(leader, cards) for leader, cards, _ in k.tricks]
    if k.trick:
        sequences.append((k.trick[0][0], tuple(c for _, c in k.trick)))
    for leader, cards in sequences:
        lead = cards[0]
        led = suit_of(lead)
        if led == 3 and not broken:
            voids[leader] |= NON_SPADE_SUITS  # led a spade unbroken: held only spades
        for i, card in enumerate(cards):
            seat = (leader + i) % seats
            bit = 1 << card
            played_by[seat] |= bit
            counts[seat] += 1
            twice |= played & bit
            played |= bit
            if suit_of(card) != led:
                voids[seat] |= 1 << led
            if card >= 39:
                broken = True
    k.played = played
    k.played_twice = twice
    # A seat holding no card of a suit any more, by count: if every card of the suit
    # is accounted for (own hand, played, known in partner), the others are void in it.
    # (Two-handed, the unseen rest may lie in the discards: no void follows.)
    for suit in range(4):
        rest = SUIT_MASKS[suit] & k.unseen & ~k.gave
        if not rest:
            for s in range(seats):
                if s != k.seat and not (k.known_in(s) & SUIT_MASKS[suit]):
                    voids[s] |= 1 << suit


def decision_seed(k: Knowledge, salt: str = "") -> int:
    """A 64-bit seed from public history + own hand (never hidden cards or the deal hash)."""
    parts = [
        salt, str(k.seat), str(k.hand), str(k.hand_no), str(k.dealer), k.phase,
        repr(k.bids), repr(k.scores), repr(k.bags), str(k.gave), str(k.got),
        ",".join(CODES[c] for _, cards, _ in k.tricks for c in cards),
        ",".join(CODES[c] for _, c in k.trick),
    ]
    if k.hand_twice or k.top_card >= 0:  # (absent from the four-seat game: same seeds)
        parts += [str(k.hand_twice), str(k.top_card)]
    if k.salt:  # (absent at every other table: the same seeds as before)
        parts.append(k.salt)
    digest = hashlib.blake2b("|".join(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def spades_in(mask: int) -> int:
    return (mask & SPADE_MASK).bit_count()
