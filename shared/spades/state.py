"""The game's value: ``GameState``, what a game holds and everything read from it.

``GameState`` is the base of ``game.Game``: its slots (what changes on every card) and
the shared per-hand ``_Context`` (what changes only on a bid, a look, a pass or a hand's
end), construction (``new``, a fixed opening, the lazy deal), every reading property,
``legal_actions`` and ``play_problem``. The transition (``apply``), the views and
persistence are ``Game``'s (``game.py``); ``view`` and ``snapshot`` read a
``GameState``, so they need not import the ``Game`` that uses them.
"""

from __future__ import annotations

import hashlib
from itertools import combinations
from typing import TYPE_CHECKING, Any, Self

from .actions import (
    DISCARD_ACTION,
    KEEP_ACTION,
    LOOK_ACTION,
    Action,
)
from .bidding import blind_nil_open, legal_bids
from .cards import (
    ALL_CODES,
    COPY,
    SPADE_MASK,
    SUIT_LETTERS,
    SUIT_MASKS,
    cards_in,
    codes_of,
    fold,
    parse_card,
)
from .deal import commitment
from .hand_parts import (
    _ALL,
    _ALL_BLIND,
    _ALL_TWO_DECKS,
    _CLUB_PLAYS,
    _DIAMOND_PLAYS,
    _HEART_PLAYS,
    _NO_BLIND,
    _NO_PASSES,
    _NOT_SPADES,
    _SPADE_PLAYS,
    _SUIT_OF,
    _SUIT_PLAYS,
    _SUIT_SHIFT,
    _WRONG_PHASE,
    BIDDING,
    DRAWING,
    EAST,
    OVER,
    PASSING,
    PLAYING,
    SEAT_NAMES_BY_COUNT,
    Trick,
    _cards,
    _Context,
    _context_for,
    _format_parts,
    _masks_of,
    _new,
    _opening,
    _record,
    _review_of,
)
from .reasons import (
    BIDDING_NOT_OVER,
    FOLLOW_SUIT,
    GAME_OVER,
    NOT_HELD,
    SPADES_NOT_BROKEN,
    WAIT_TURN,
)
from .rules import RuleSet
from .scoring import Outcome

__all__ = ["GameState"]

_NO_BIDS: tuple[int | None, ...] = (None, None, None, None)
_NO_TRICKS = (0, 0, 0, 0)


class GameState:
    """A whole game of Spades as a value: rules, seed, and everything that has happened.

    The base of ``Game`` (which adds ``apply``, the views and persistence); build with
    ``Game.new``. The attributes are read-only by contract.
    """

    # What changes on every card is kept in slots, so apply() copies a dozen references;
    # the rest is in a shared _Context, read through the properties below. Slots, not an
    # instance dict: CPython 3.11 specializes slot reads and writes, and an assigned
    # instance dict (the earlier design) made every attribute read several times slower.
    __slots__ = (
        "_c",
        "_events",
        "_held",
        "_trick",
        "_unplayed",
        "broken",
        "hand_no",
        "leader",
        "n_events",
        "phase",
        "to_act",
        "tricks",
        "tricks_won",
    )

    _c: _Context
    hand_no: int  # 0-based number of the hand being played (or last played, when over)
    phase: str
    to_act: int | None
    leader: int
    _held: tuple[int, ...] | None  # hands after the passes (or the draw); None until dealt
    _unplayed: int  # mask of the cards not yet played to a trick this hand
    _trick: tuple[int, ...]  # cards of the trick on the table, from the leader on
    tricks: tuple[Trick, ...]  # completed tricks of this hand
    tricks_won: tuple[int, ...]
    broken: bool
    _events: Any  # cons list: (previous, seat, action) or None
    n_events: int

    # -- construction -------------------------------------------------------------------

    @classmethod
    def _class_for(cls, rules: RuleSet) -> type[Self]:
        # The class that plays the rules' format (Game picks one for 2, 3 and 6 seats).
        return cls

    @classmethod
    def new(cls, rules: RuleSet | None = None, seed: int = 0, dealer: int | None = None, *,
            deal: list[list[str]] | None = None, scores: tuple[int, ...] | None = None,
            bags: tuple[int, ...] | None = None) -> Self:
        """A new game, first hand dealt. ``dealer`` defaults to the last seat (East of
        four), so South (seat 0) opens.

        For lessons, puzzles and tests a game may open from a fixed position: ``deal``
        gives the first hand's cards by seat (later hands are dealt from ``seed``; the
        two-handed game: one list, the stock top first), and ``scores``/``bags`` the
        sides' totals and bag counters before it (default all 0). A fixed deal has no
        secret seed: its deal seed is ``"fixed:"`` plus a digest of the cards.
        """
        if rules is None:
            rules = RuleSet.preset("standard")
        if not isinstance(rules, RuleSet):
            raise TypeError("rules must be a RuleSet")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise ValueError("The seed must be a whole number from 0 to 2**63 - 1.")
        n = rules.players
        if dealer is None:
            dealer = EAST if n == 4 else n - 1
        elif isinstance(dealer, bool) or dealer not in range(n):
            raise ValueError(f"The dealer must be a seat from 0 to {n - 1}.")
        zeros = _format_parts(rules)[1]
        scores = zeros if scores is None else tuple(scores)
        bags = zeros if bags is None else tuple(bags)
        opening = None if deal is None and scores == zeros and bags == zeros else (
            _opening(rules, deal, scores, bags))
        c = _context_for(rules, seed, dealer, opening)
        c.scores = tuple(opening["scores"]) if opening else zeros
        c.bags = tuple(opening["bags"]) if opening else zeros
        c.records = c.history = ()
        c.review_src = None
        c.review = None
        c.outcome = None
        g = _new(cls._class_for(rules))
        g._events = None
        g.n_events = 0
        g._deal(c, 0, dealer)
        return g

    def _deal(self, c: _Context, hand_no: int, dealer: int) -> None:
        # Only on a game under construction (new() or a fresh copy), with a context of its
        # own. The cards are dealt when first read (_Context.deal): a game that is only
        # stepped past the end of a hand never pays for the next shuffle.
        rules = c.rules
        n = c.seats
        fixed = c.opening["deal"] if hand_no == 0 and c.opening else None
        c.stock = None
        c.drawn = 0
        c.discards = ()
        if fixed is not None:
            c.deal_seed = "fixed:" + hashlib.sha256(" ".join(
                ",".join(cards) for cards in fixed).encode()).hexdigest()[:32]
            held: tuple[int, ...] | None = _masks_of(fixed)
        else:
            c.deal_seed = None  # derived when first read: seed_text()
            held = None
        if n == 2:
            # The two-handed hands are drawn from the stock: nothing is held yet.
            if fixed is not None:
                c.stock = tuple(parse_card(code) for code in fixed[0])
            held = (0,) * n
            c.discards = held
        c.dealt = held
        c.hand_no = hand_no
        c.dealer = dealer
        mode = rules.blind_nil
        blind: tuple[bool, ...]
        if n == 4 and (mode == "off" or mode == "any"):
            blind = _NO_BLIND if mode == "off" else _ALL_BLIND
        else:
            blind = tuple(blind_nil_open(rules, seat, dealer, c.scores) for seat in range(n))
        c.blind_open = blind
        if n == 4:  # the four-seat game, written out: a deal per hand of the bench
            c.looked = (not blind[0], not blind[1], not blind[2], not blind[3])
            c.bids = _NO_BIDS
        else:
            c.looked = tuple(not open_ for open_ in blind)
            c.bids = (None,) * n
        c.pass_queue = ()
        c.passes = _NO_PASSES if n == 4 else ((0, 0),) * n
        first = (dealer + 1) % n
        self._c = c
        self.hand_no = hand_no
        self.phase = DRAWING if n == 2 else BIDDING
        self.to_act = first
        self.leader = first
        self._held = held
        self._unplayed = _ALL_TWO_DECKS if n == 6 else _ALL
        self._trick = ()
        self.tricks = ()
        self.tricks_won = _NO_TRICKS if n == 4 else (0,) * n
        self.broken = False

    def _copy(self, c: _Context | None = None) -> Self:
        g = _new(type(self))
        g._c = self._c if c is None else c
        g.hand_no = self.hand_no
        g.phase = self.phase
        g.to_act = self.to_act
        g.leader = self.leader
        g._held = self._held
        g._unplayed = self._unplayed
        g._trick = self._trick
        g.tricks = self.tricks
        g.tricks_won = self.tricks_won
        g.broken = self.broken
        g._events = self._events
        g.n_events = self.n_events
        return g

    # -- reading ------------------------------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        return self._c.rules

    @property
    def seed(self) -> int:
        return self._c.seed

    @property
    def first_dealer(self) -> int:
        return self._c.first_dealer

    @property
    def opening(self) -> dict[str, Any] | None:
        """A fixed first deal and/or starting scores, or ``None`` for an ordinary game."""
        return self._c.opening

    @property
    def dealer(self) -> int:
        return self._c.dealer

    @property
    def deal_seed(self) -> str:
        return self._c.seed_text()

    @property
    def seats(self) -> int:
        """How many seats the game has (``rules.seats``)."""
        return self._c.seats

    @property
    def hands(self) -> tuple[int, ...]:
        """Card masks now held, by seat (while drawing: the cards kept so far)."""
        held = self._held
        if held is None:
            held = self._held = self._c.deal()
        left = self._unplayed
        if len(held) == 4:
            return (held[0] & left, held[1] & left, held[2] & left, held[3] & left)
        return tuple(h & left for h in held)

    @property
    def dealt(self) -> tuple[int, ...]:
        """Card masks as dealt this hand (before any pass; two-handed: as drawn)."""
        return self._c.deal()

    @property
    def looked(self) -> tuple[bool, ...]:
        return self._c.looked

    @property
    def blind_open(self) -> tuple[bool, ...]:
        """Whether Blind Nil was open to each seat at the deal."""
        return self._c.blind_open

    @property
    def bids(self) -> tuple[int | None, ...]:
        return self._c.bids

    @property
    def stock_left(self) -> int:
        """Two-handed: cards still in the stock (0 once the draw is over, and in the
        other formats)."""
        c = self._c
        return 0 if self.phase != DRAWING else len(c.stock_cards()) - c.drawn

    @property
    def stock_top(self) -> int | None:
        """Two-handed, while drawing: the stock's top card, which only the seat to act
        may see (its view's ``draw``); None otherwise. For the engine and the server."""
        if self.phase != DRAWING:
            return None
        c = self._c
        return c.stock_cards()[c.drawn]

    @property
    def discards(self) -> tuple[int, ...]:
        """Two-handed: each seat's discards so far (masks); hidden until the review."""
        return self._c.discards

    @property
    def pass_queue(self) -> tuple[tuple[int, int, int], ...]:
        """Card passes still due: ``(giver, receiver, count)``."""
        return self._c.pass_queue

    @property
    def passes(self) -> tuple[tuple[int, int], ...]:
        """Per seat: (mask given, mask received) in this hand's passes."""
        return self._c.passes

    @property
    def trick(self) -> tuple[tuple[int, int], ...]:
        """The trick on the table as ``(seat, card)`` in play order."""
        leader = self.leader
        n = self._c.seats
        return tuple(((leader + i) % n, card) for i, card in enumerate(self._trick))

    @property
    def scores(self) -> tuple[int, ...]:
        """Totals by side (``rules.teams``)."""
        return self._c.scores

    @property
    def bags(self) -> tuple[int, ...]:
        """Bag counters by side."""
        return self._c.bags

    @property
    def history(self) -> tuple[dict[str, Any], ...]:
        """One score record per finished hand."""
        c = self._c
        history = c.history
        if history is None:
            history = c.history = c.records = tuple(
                r if r.__class__ is dict else _record(*r) for r in c.records)
        return history

    @property
    def review(self) -> dict[str, Any] | None:
        """The last finished hand, public after it (None before the first ends)."""
        c = self._c
        review = c.review
        if review is False:
            src = c.review_src
            review = c.review = None if src is None else _review_of(*src)
        return review  # type: ignore[return-value]

    @property
    def outcome(self) -> Outcome:
        return self._c.outcome

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def hands_played(self) -> int:
        return len(self._c.records)

    @property
    def commitment(self) -> str:
        """SHA-256 of this hand's deal seed: public before the hand, the seed after it."""
        return commitment(self._c.seed_text())

    @property
    def events(self) -> list[tuple[int, str]]:
        """Every applied action as ``(seat, text)``, oldest first. ``len`` is the version."""
        out: list[tuple[int, str]] = []
        node = self._events
        while node is not None:
            node, seat, action = node
            out.append((seat, str(action)))
        out.reverse()
        return out

    def hand_of(self, seat: int) -> list[str]:
        """The cards a seat holds now. For the server and tests, never for other players."""
        return codes_of(self.hands[seat])

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The actions ``seat`` (default: the seat to act) may take now."""
        to_act = self.to_act
        if seat is None:
            seat = to_act
            if seat is None:
                return []
        elif seat not in self._c.seat_ids or isinstance(seat, bool):
            raise ValueError(f"There is no seat {seat!r}; seats are 0 to {self._c.seats - 1}.")
        phase = self.phase
        if phase == PLAYING:
            if seat != to_act:
                return []
            hand = self._held[seat] & self._unplayed  # type: ignore[index]
            trick = self._trick
            if trick:
                suit = _SUIT_OF[trick[0]]
                follow = hand & SUIT_MASKS[suit]
                if follow:
                    return list(_SUIT_PLAYS[suit][follow >> _SUIT_SHIFT[suit]])
            elif not self.broken and hand & _NOT_SPADES:
                return [*_CLUB_PLAYS[hand & 0x1FFF], *_DIAMOND_PLAYS[hand >> 13 & 0x1FFF],
                        *_HEART_PLAYS[hand >> 26 & 0x1FFF]]
            return [*_CLUB_PLAYS[hand & 0x1FFF], *_DIAMOND_PLAYS[hand >> 13 & 0x1FFF],
                    *_HEART_PLAYS[hand >> 26 & 0x1FFF], *_SPADE_PLAYS[hand >> 39]]
        if phase == BIDDING:
            c = self._c
            may_look = not c.looked[seat] and c.bids[seat] is None
            if seat != to_act:
                return [LOOK_ACTION] if may_look else []
            acts = list(self._bids_for(seat)[0])
            if may_look:
                acts.append(LOOK_ACTION)
            return acts
        if phase == PASSING and seat == to_act:
            count = self._c.pass_queue[0][2]
            # Distinct codes: six-handed, a card held twice is passed once at most.
            hand = fold(self.hands[seat])
            return [Action.passing(c) for c in combinations(_cards(hand), count)]
        if phase == DRAWING and seat == to_act:
            return [KEEP_ACTION, DISCARD_ACTION]
        return []


    def _hand(self, seat: int) -> int:
        held = self._held
        if held is None:
            held = self._held = self._c.deal()
        return held[seat] & self._unplayed

    def _bids_for(self, seat: int) -> tuple[tuple[Action, ...], frozenset[int]]:
        # The legal bid actions, and their bid codes for checking a bid.
        c = self._c
        spades = (self._hand(seat) & SPADE_MASK).bit_count()
        partner = c.partner[seat]
        key = (None if partner is None else c.bids[partner], spades, c.looked[seat])
        cache = c.bid_cache  # shared by all games with these rules (_bid_cache)
        bids = cache.get(key)
        if bids is None:
            actions = legal_bids(c.rules, *key)
            bids = cache[key] = (actions, frozenset(a.bid_code for a in actions))
        return bids

    def _play_mask(self, seat: int) -> int:
        hand = self.hands[seat]
        if self._trick:
            follow = hand & SUIT_MASKS[_SUIT_OF[self._trick[0]]]
            return follow or hand
        if not self.broken:
            return hand & ~SPADE_MASK or hand
        return hand

    def unplayable(self, seat: int) -> dict[int, str]:
        """Why each card ``seat`` holds may not be played now, by card (cards it may
        play are absent): :meth:`play_problem` of every held card, each reason written
        once (a view asks this on every action; its cards share one or two reasons)."""
        hand = self.hands[seat]
        if not hand:
            return {}
        if self.phase != PLAYING:
            reason = self._phase_problem()
        elif seat != self.to_act:
            reason = WAIT_TURN(who=SEAT_NAMES_BY_COUNT[self._c.seats][self.to_act or 0])
        else:
            hand &= ~self._play_mask(seat)
            if not hand:
                return {}
            reason = (FOLLOW_SUIT(suit=SUIT_LETTERS[_SUIT_OF[self._trick[0]]]) if self._trick
                      else SPADES_NOT_BROKEN())
        return dict.fromkeys(cards_in(hand), reason)

    def _phase_problem(self) -> str:
        # Why no card may be played in this phase (not PLAYING).
        if self.phase == BIDDING:
            return BIDDING_NOT_OVER()
        if self.phase == OVER:
            return GAME_OVER()
        return _WRONG_PHASE[self.phase]()

    def play_problem(self, seat: int, card: int) -> str | None:
        """Why ``seat`` may not play ``card`` now, or ``None`` if it may. Six-handed,
        either copy of a card names the card."""
        if self.phase != PLAYING:
            return self._phase_problem()
        hand = self.hands[seat]
        if card < COPY and not hand >> card & 1 and hand >> (card + COPY) & 1:
            card += COPY
        if not hand >> card & 1:
            return NOT_HELD(cards=ALL_CODES[card])
        if seat != self.to_act:
            who = SEAT_NAMES_BY_COUNT[self._c.seats][self.to_act or 0]
            return WAIT_TURN(who=who)
        if self._play_mask(seat) >> card & 1:
            return None
        if self._trick:
            return FOLLOW_SUIT(suit=SUIT_LETTERS[_SUIT_OF[self._trick[0]]])
        return SPADES_NOT_BROKEN()

    if TYPE_CHECKING:  # Game's (game.py); replay steps a game with it
        def apply(self, seat: int, action: Action | str) -> Self: ...

    @classmethod
    def replay(cls, rules: RuleSet, seed: int, dealer: int,
               events: list[tuple[int, str]] | list[list[Any]],
               opening: dict[str, Any] | None = None) -> Self:
        """Rebuild a game by applying ``events`` from the start; raises on a bad one.
        ``opening`` is the game's :attr:`opening` (a fixed first deal, starting scores)."""
        o = opening or {}
        scores, bags = o.get("scores"), o.get("bags")
        g = cls.new(rules, seed, dealer, deal=o.get("deal"),
                    scores=None if scores is None else tuple(scores),
                    bags=None if bags is None else tuple(bags))
        for seat, text in events:
            g = g.apply(seat, text)
        return g

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} seed={self.seed} hand={self.hand_no} "
                f"phase={self.phase} to_act={self.to_act} scores={self.scores}>")
