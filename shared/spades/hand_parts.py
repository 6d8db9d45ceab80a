"""The pieces a hand is built from, computed once: play tables, trick strength, the
shared bid caches, the card-pass queue, score records and reviews, fixed openings.

Pure helpers of ``state`` and ``game`` (the ``Game`` value and its transition); the
tables are built at import, in a few milliseconds, so ``legal_actions`` is at most
four lookups and ``apply`` finds a trick's winner in one.
"""

from __future__ import annotations

from typing import Any

from .actions import (
    BID,
    BLIND_NIL,
    BLIND_NIL_BID,
    DISCARD,
    KEEP,
    LOOK,
    NIL,
    PASS,
    PLAY,
    PLAYS,
    Action,
    bid_text,
)
from .cards import (
    ALL_CODES,
    COPY,
    ONE_DECK,
    SPADE_MASK,
    SUIT_MASKS,
    base_of,
    codes_of,
    parse_card,
    suit_of,
)
from .deal import commitment, deal_cards, deal_hands, deck_mask, derive_deal_seed, shuffled
from .reasons import PHASE_BIDDING, PHASE_DRAWING, PHASE_PASSING, PHASE_PLAYING
from .rules import RuleSet
from .scoring import Outcome, TeamScore

DRAWING, BIDDING, PASSING, PLAYING, OVER = "drawing", "bidding", "passing", "playing", "over"
SEAT_NAMES = ("South", "West", "North", "East")
# Seat names by seat count, clockwise from South (the four-seat names are SEAT_NAMES).
SEAT_NAMES_BY_COUNT: dict[int, tuple[str, ...]] = {
    2: ("South", "North"),
    3: ("South", "West", "East"),
    4: SEAT_NAMES,
    6: ("South", "Southwest", "Northwest", "North", "Northeast", "Southeast"),
}
EAST = 3

Trick = tuple[int, tuple[int, ...], int]  # leader, cards in play order, winner



def _suit_table(first: int, width: int) -> tuple[tuple[Action, ...], ...]:
    # table[m] = the play actions of the cards whose bits are set in m (shifted down by
    # `first`), built by adding each mask's top card to the entry without it.
    table: list[tuple[Action, ...]] = [()]
    for m in range(1, 1 << width):
        top = m.bit_length() - 1
        table.append((*table[m ^ (1 << top)], PLAYS[first + top]))
    return tuple(table)


# Play actions for any set of cards of one suit: 3 x 8,192 + 32,768 entries (about 6 MB),
# built in a few milliseconds at import, so legal_actions is at most four lookups.
_CLUB_PLAYS = _suit_table(0, 13)
_DIAMOND_PLAYS = _suit_table(13, 13)
_HEART_PLAYS = _suit_table(26, 13)
_SPADE_PLAYS = _suit_table(39, 15)  # with the two jokers
_SUIT_PLAYS = (_CLUB_PLAYS, _DIAMOND_PLAYS, _HEART_PLAYS, _SPADE_PLAYS)
_SUIT_SHIFT = (0, 13, 26, 39)


def trick_winner(plays: tuple[tuple[int, int], ...]) -> int:
    """The seat that wins a complete trick given as ``((seat, card), ...)`` in play order:
    the card of the highest strength for the led suit (``_STRENGTH``, as in ``apply``)."""
    return plays[winning_index(tuple(card for _, card in plays))][0]


def winning_index(trick: tuple[int, ...]) -> int:
    """The position in play order of the card that wins a complete trick: the first of
    the highest strength for the led suit, so of two identical cards the first played."""
    strength = _STRENGTH[_SUIT_OF[trick[0]]]
    best, at = strength[trick[0]], 0
    for i in range(1, len(trick)):
        value = strength[trick[i]]
        if value > best:  # strictly: an equal card played later does not win
            best, at = value, i
    return at


_SUIT_OF = tuple(suit_of(card) for card in range(2 * COPY))
_BIT = tuple(1 << card for card in range(2 * COPY))
# _STRENGTH[led suit][card]: spades above everything, then the led suit, others never win.
_STRENGTH = tuple(tuple(100 + b if b >= 39 else b if b // 13 == led else -1
                        for b in map(base_of, range(2 * COPY))) for led in range(4))
_SINGLE = tuple((card,) for card in range(2 * COPY))
_ALL = ONE_DECK  # every card of one deck: the unplayed mask at a hand's start
_ALL_TWO_DECKS = (1 << 2 * COPY) - 1
_NOT_SPADES = _ALL & ~SPADE_MASK
_NOT_SPADES_TWO_DECKS = _ALL_TWO_DECKS & ~SPADE_MASK
_BidCache = dict[tuple[int | None, int, bool], tuple[tuple[Action, ...], frozenset[int]]]
_BID_CACHES: dict[RuleSet, _BidCache] = {}
_LAST_RULES: list[tuple[RuleSet | None, _BidCache]] = [(None, {})]


def _bid_cache(rules: RuleSet) -> _BidCache:
    # The legal bids by (partner's bid, spades held, looked), shared by all games with
    # equal rules. Rule sets are few (presets and house rules); the bound is a backstop.
    # The last rules seen are checked by identity first: hashing a RuleSet hashes all
    # of its fields, and most games in a process share one RuleSet object.
    last = _LAST_RULES[0]
    if last[0] is rules:
        return last[1]
    cache = _BID_CACHES.get(rules)
    if cache is None:
        if len(_BID_CACHES) >= 256:
            _BID_CACHES.clear()
        cache = _BID_CACHES[rules] = {}
    _LAST_RULES[0] = (rules, cache)
    return cache
# The led suit, by led card. One deck's cards only: this is the four-seat hot path's;
# the six-handed play reads SUIT_MASKS (both copies).
_FormatParts = tuple[tuple[int | None, ...], tuple[int, ...], tuple[int, ...]]
_FORMAT_PARTS: dict[tuple[int, bool], _FormatParts] = {}


def _format_parts(rules: RuleSet) -> _FormatParts:
    """Each seat's partner, the zero score of every side and the seats, per format,
    computed once: a game is made per hand on the bench's path, and these are read at
    every start (the seats on every ``legal_actions(seat)``)."""
    key = (rules.players, rules.partnerships)
    parts = _FORMAT_PARTS.get(key)
    if parts is None:
        parts = _FORMAT_PARTS[key] = (
            tuple(rules.partner_of(seat) for seat in range(rules.players)),
            (0,) * len(rules.teams),
            tuple(range(rules.players)))
    return parts


_FOLLOW_MASK = tuple(SUIT_MASKS[suit] & ONE_DECK for suit in _SUIT_OF)
_NO_BLIND = (False, False, False, False)
_ALL_BLIND = (True, True, True, True)
_NO_PASSES = ((0, 0),) * 4


_PHASE_OF = {BID: BIDDING, NIL: BIDDING, BLIND_NIL: BIDDING, LOOK: BIDDING, PASS: PASSING,
             PLAY: PLAYING, KEEP: DRAWING, DISCARD: DRAWING}
_WRONG_PHASE = {
    DRAWING: PHASE_DRAWING,
    BIDDING: PHASE_BIDDING,
    PASSING: PHASE_PASSING,
    PLAYING: PHASE_PLAYING,
}


def _cards(mask: int) -> list[int]:
    return [c for c in range(2 * COPY) if mask >> c & 1]


def _pass_queue(rules: RuleSet, bids: tuple[int | None, ...], dealer: int
                ) -> tuple[tuple[int, int, int], ...]:
    """The card passes due after bidding: per team, the first Nil bidder (in bidding
    order) whose bid calls for a pass passes to the partner, who passes the same number
    back. One exchange per team, also after double Nil; a Nil that passes no cards
    (``nil_pass=0``) leaves the exchange to a Blind Nil partner."""
    if not rules.uses_passes:
        return ()
    queue: list[tuple[int, int, int]] = []
    done: set[int] = set()
    seats = rules.seats
    for k in range(seats):
        seat = (dealer + 1 + k) % seats
        bid = bids[seat]
        side = rules.team_of(seat)
        partner = rules.partner_of(seat)
        if bid is None or bid > 0 or side in done or partner is None:
            continue
        count = rules.blind_nil_pass if bid == BLIND_NIL_BID else rules.nil_pass
        if count:
            done.add(side)
            queue += [(seat, partner, count), (partner, seat, count)]
    return tuple(queue)


def _record(hand_no: int, dealer: int, bids: tuple[int | None, ...], won: tuple[int, ...],
            sides: tuple[TeamScore, ...], scores: tuple[int, ...]) -> dict[str, Any]:
    """The score record of one finished hand, as ``Game.history`` holds it; ``teams``
    has one entry per side (``RuleSet.teams``)."""
    return {
        "hand": hand_no,
        "dealer": dealer,
        "bids": [bid_text(b) for b in bids],
        "tricks": list(won),
        "teams": [side.to_dict(total=total) for side, total in zip(sides, scores, strict=True)],
    }


def _review_of(hand_no: int, dealer: int, deal_seed: str, dealt: tuple[int, ...],
               passes: tuple[tuple[int, int], ...], tricks: tuple[Trick, ...],
               parts: tuple[Any, ...], draw: tuple[Any, ...] | None = None
               ) -> dict[str, Any]:
    """The public review of a finished hand: its deal, seed, passes, tricks and score;
    after a two-handed draw (``draw``: the stock and the discards by seat) also the
    ``stock`` top first and each seat's ``discards``."""
    record = _record(*parts)
    review = {
        "hand": hand_no,
        "dealer": dealer,
        "deal_seed": deal_seed,
        "commitment": commitment(deal_seed),
        "dealt": [codes_of(m) for m in dealt],
        "passes": [[codes_of(a), codes_of(b)] for a, b in passes],
        "bids": record["bids"],
        "tricks": [[lead, [ALL_CODES[c] for c in cards], win] for lead, cards, win in tricks],
        "score": record["teams"],
    }
    if draw is not None:
        stock, discards = draw
        review["stock"] = [ALL_CODES[c] for c in stock]
        review["discards"] = [codes_of(m) for m in discards]
    return review


def _opening(rules: RuleSet, deal: list[list[str]] | None, scores: Any, bags: Any
             ) -> dict[str, Any] | None:
    """Validate a fixed opening position; ``None`` when it is the ordinary start.

    ``scores`` and ``bags`` have one entry per side. ``deal`` gives each seat's cards
    (six-handed: a card may be named twice, both copies of the deck); in the two-handed
    game it is one list, the stock from its top card down."""
    sides = len(rules.teams)
    zeros = (0,) * sides
    for name, pair in (("scores", scores), ("bags", bags)):
        if (len(pair) != sides
                or any(isinstance(v, bool) or not isinstance(v, int) for v in pair)):
            raise ValueError(f"{name} must be {sides} whole numbers, one per side.")
    if any(b < 0 for b in bags):
        raise ValueError("Bag counters cannot be negative.")
    if deal is None and tuple(scores) == zeros and tuple(bags) == zeros:
        return None
    if deal is not None:
        deal = _fixed_deal(rules, deal)
    return {"deal": deal, "scores": list(scores), "bags": list(bags)}


def _fixed_deal(rules: RuleSet, deal: list[list[str]]) -> list[list[str]]:
    # The canonical codes of a fixed deal, checked against the format's deck.
    per_seat = rules.tricks_per_hand
    if rules.draw:
        if len(deal) != 1 or len(deal[0]) != 4 * per_seat:
            raise ValueError("A fixed two-handed deal is the stock: one list of "
                             f"{4 * per_seat} cards, top card first.")
    elif len(deal) != rules.seats or any(len(cards) != per_seat for cards in deal):
        raise ValueError(f"A fixed deal gives {per_seat} cards to each of the "
                         f"{rules.seats} seats.")
    try:
        hands = [[ALL_CODES[parse_card(c)] for c in hand] for hand in deal]
    except ValueError as err:
        raise ValueError(f"A fixed deal names a bad card: {err}") from None
    masks = _masks_of(hands)
    if masks is None or _union(masks) != deck_mask(rules.players, rules.jokers):
        raise ValueError("A fixed deal must use every card of the deck exactly once"
                         + (" (each card twice: two decks)." if rules.decks == 2 else "."))
    return hands


def _masks_of(hands: list[list[str]]) -> tuple[int, ...] | None:
    """Each hand's mask, the first time a code is named its first copy, the second time
    its second copy; None if a code is named more than twice."""
    seen = 0
    out: list[int] = []
    for hand in hands:
        mask = 0
        for code in hand:
            card = parse_card(code)
            if seen >> card & 1:
                card += COPY
                if seen >> card & 1:
                    return None
            seen |= 1 << card
            mask |= 1 << card
        out.append(mask)
    return tuple(out)


def _union(masks: tuple[int, ...]) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


class _Context:
    """What a game holds besides the trick play: the rules and seed, and the state of
    the hand that changes only while bidding, passing and scoring. Game values of one
    hand share one context; a bid, a look, a pass or a hand's end makes a new one."""

    __slots__ = (
        "bags",
        "bid_cache",
        "bids",
        "blind_open",
        "deal_seed",
        "dealer",
        "dealt",
        "discards",
        "drawn",
        "first_dealer",
        "hand_no",
        "history",
        "looked",
        "opening",
        "outcome",
        "partner",
        "pass_queue",
        "passes",
        "records",
        "review",
        "review_src",
        "rules",
        "scores",
        "seat_ids",
        "seats",
        "seed",
        "stock",
    )

    rules: RuleSet
    seats: int  # rules.seats, read on every bid
    seat_ids: tuple[int, ...]  # 0..seats-1, for checking a seat
    partner: tuple[int | None, ...]  # each seat's partner (None: solo)
    seed: int
    first_dealer: int
    opening: dict[str, Any] | None
    bid_cache: dict[tuple[int | None, int, bool], tuple[tuple[Action, ...], frozenset[int]]]
    dealer: int
    hand_no: int
    deal_seed: str | None  # None until first read (derived lazily)
    dealt: tuple[int, ...] | None  # None until first read (dealt lazily); drawn: kept so far
    blind_open: tuple[bool, ...]
    looked: tuple[bool, ...]
    bids: tuple[int | None, ...]
    pass_queue: tuple[tuple[int, int, int], ...]
    passes: tuple[tuple[int, int], ...]
    scores: tuple[int, ...]  # by side
    bags: tuple[int, ...]  # by side
    stock: tuple[int, ...] | None  # two-handed: the stock top first (None until read)
    drawn: int  # two-handed: cards taken off the stock so far
    discards: tuple[int, ...]  # two-handed: each seat's discards (masks); else ()
    records: tuple[Any, ...]  # per finished hand: its record, or the parts to build it from
    history: tuple[dict[str, Any], ...] | None  # the records built; None until first read
    review_src: tuple[Any, ...] | None
    review: dict[str, Any] | bool | None  # False until first read (built lazily)
    outcome: Outcome

    def copy(self) -> _Context:
        c = _new(_Context)
        c.rules = self.rules
        c.seats = self.seats
        c.seat_ids = self.seat_ids
        c.partner = self.partner
        c.seed = self.seed
        c.first_dealer = self.first_dealer
        c.opening = self.opening
        c.bid_cache = self.bid_cache
        c.dealer = self.dealer
        c.hand_no = self.hand_no
        c.deal_seed = self.deal_seed
        c.dealt = self.dealt
        c.blind_open = self.blind_open
        c.looked = self.looked
        c.bids = self.bids
        c.pass_queue = self.pass_queue
        c.passes = self.passes
        c.scores = self.scores
        c.bags = self.bags
        c.records = self.records
        c.history = self.history
        c.review_src = self.review_src
        c.review = self.review
        c.outcome = self.outcome
        c.stock = self.stock
        c.drawn = self.drawn
        c.discards = self.discards
        return c

    def deal(self) -> tuple[int, ...]:
        dealt = self.dealt
        if dealt is None:
            # Deterministic from the seed: filling it in later keeps every game immutable.
            rules = self.rules
            if self.seats == 4:
                dealt = self.dealt = deal_hands(self.seed_text(), self.dealer, rules.jokers)
            else:
                dealt = self.dealt = deal_cards(self.seed_text(), self.dealer, self.seats,
                                                deck_mask(rules.players, rules.jokers))
        return dealt

    def stock_cards(self) -> tuple[int, ...]:
        """The two-handed stock, top card first (the shuffled deck)."""
        stock = self.stock
        if stock is None:
            rules = self.rules
            stock = self.stock = tuple(shuffled(self.seed_text(),
                                                deck_mask(rules.players, rules.jokers)))
        return stock

    def seed_text(self) -> str:
        """This hand's deal seed."""
        deal_seed = self.deal_seed
        if deal_seed is None:
            deal_seed = self.deal_seed = derive_deal_seed(self.seed, self.hand_no)
        return deal_seed


_new = object.__new__


def _legal_plays(hand: int, trick: tuple[int, ...], broken: bool) -> list[Action]:
    """The play actions of a one-deck ``hand`` mask (six-handed: ``fold`` it first) on
    ``trick``: follow the led suit if possible; lead no spade before spades are broken
    unless only spades are left. ``GameState.legal_actions`` inlines the same lookups."""
    if trick:
        suit = _SUIT_OF[trick[0]]
        follow = hand & SUIT_MASKS[suit]
        if follow:
            return list(_SUIT_PLAYS[suit][follow >> _SUIT_SHIFT[suit]])
    elif not broken and hand & _NOT_SPADES:
        return [*_CLUB_PLAYS[hand & 0x1FFF], *_DIAMOND_PLAYS[hand >> 13 & 0x1FFF],
                *_HEART_PLAYS[hand >> 26 & 0x1FFF]]
    return [*_CLUB_PLAYS[hand & 0x1FFF], *_DIAMOND_PLAYS[hand >> 13 & 0x1FFF],
            *_HEART_PLAYS[hand >> 26 & 0x1FFF], *_SPADE_PLAYS[hand >> 39]]


def _context_for(rules: RuleSet, seed: int, first_dealer: int,
                 opening: dict[str, Any] | None) -> _Context:
    """A new game's context with its rules, format and seed set (new() and a
    snapshot's load fill in the rest)."""
    c = _new(_Context)
    c.rules = rules
    c.seats = rules.players
    c.partner, _, c.seat_ids = _format_parts(rules)
    c.seed = seed
    c.first_dealer = first_dealer
    c.opening = opening
    c.bid_cache = _bid_cache(rules)
    return c
