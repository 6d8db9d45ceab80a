"""The game: one immutable value and one transition, ``apply``.

Phases of a hand and a game (the whole state machine is in this table)::

    phase      who acts (to_act)                  action            next
    ---------  ---------------------------------  ----------------  -----------------------------
    bidding    dealer's left, then clockwise      bid N / nil /     4th bid -> passing if a Nil
               (any seat not yet looked: look)    blind nil, look   card pass is due, else playing
    passing    the Nil bidder, then its partner   pass C C          last pass -> playing
               (team by team, in bidding order)
    playing    dealer's left leads trick 1, then  play C            13th trick -> score the hand;
               each trick's winner                                   game over -> over,
                                                                     else deal -> bidding
    over       nobody (to_act is None)            -

A deal happens on entering ``bidding``: the deal rotates one seat clockwise per hand and
the player left of the dealer bids first and leads first.

``Game`` is immutable: ``apply`` returns a new game and leaves the old one as it was,
also when it raises. Internally a game keeps what changes on every card in slots, which
``apply`` copies, and the rest in a context shared by the game values of one hand and
replaced (never changed) by a bid, a look, a pass or a hand's end.
"""

from __future__ import annotations

import hashlib
from itertools import combinations
from typing import Any

from . import view as _view
from .actions import (
    BID,
    BLIND_NIL,
    BLIND_NIL_BID,
    LOOK,
    LOOK_ACTION,
    NIL,
    PASS,
    PLAY,
    PLAYS,
    Action,
    bid_text,
)
from .bidding import bid_problem, blind_nil_closed_reason, blind_nil_open, legal_bids
from .cards import (
    CODES,
    JOKER_DECK,
    SPADE_MASK,
    STANDARD_DECK,
    SUIT_MASKS,
    SUIT_NAMES,
    codes_of,
    mask_of,
    parse_card,
    suit_of,
)
from .deal import commitment, deal_hands, derive_deal_seed
from .errors import IllegalAction, InvalidAction, NotYourTurn
from .rules import RuleSet
from .scoring import Outcome, TeamScore, match_outcome, score_team

BIDDING, PASSING, PLAYING, OVER = "bidding", "passing", "playing", "over"
SEAT_NAMES = ("South", "West", "North", "East")
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
    strength = _STRENGTH[_SUIT_OF[plays[0][1]]]
    best_seat, best = plays[0][0], strength[plays[0][1]]
    for seat, card in plays[1:]:
        if strength[card] > best:
            best_seat, best = seat, strength[card]
    return best_seat


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
        "first_dealer",
        "hand_no",
        "history",
        "looked",
        "opening",
        "outcome",
        "pass_queue",
        "passes",
        "records",
        "review",
        "review_src",
        "rules",
        "scores",
        "seed",
    )

    rules: RuleSet
    seed: int
    first_dealer: int
    opening: dict[str, Any] | None
    bid_cache: dict[tuple[int | None, int, bool], tuple[tuple[Action, ...], frozenset[int]]]
    dealer: int
    hand_no: int
    deal_seed: str | None  # None until first read (derived lazily)
    dealt: tuple[int, int, int, int] | None  # None until first read (dealt lazily)
    blind_open: tuple[bool, bool, bool, bool]
    looked: tuple[bool, bool, bool, bool]
    bids: tuple[int | None, int | None, int | None, int | None]
    pass_queue: tuple[tuple[int, int, int], ...]
    passes: tuple[tuple[int, int], ...]
    scores: tuple[int, int]
    bags: tuple[int, int]
    records: tuple[Any, ...]  # per finished hand: its record, or the parts to build it from
    history: tuple[dict[str, Any], ...] | None  # the records built; None until first read
    review_src: tuple[Any, ...] | None
    review: dict[str, Any] | bool | None  # False until first read (built lazily)
    outcome: Outcome

    def copy(self) -> _Context:
        c = _new(_Context)
        c.rules = self.rules
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
        return c

    def deal(self) -> tuple[int, int, int, int]:
        dealt = self.dealt
        if dealt is None:
            # Deterministic from the seed: filling it in later keeps every game immutable.
            dealt = self.dealt = deal_hands(self.seed_text(), self.dealer, self.rules.jokers)
        return dealt

    def seed_text(self) -> str:
        """This hand's deal seed."""
        deal_seed = self.deal_seed
        if deal_seed is None:
            deal_seed = self.deal_seed = derive_deal_seed(self.seed, self.hand_no)
        return deal_seed


_new = object.__new__


class Game:
    """A whole game of Spades: rules, seed, and everything that has happened.

    Build with :meth:`new`, advance with :meth:`apply`, read with :meth:`view`. The
    attributes are read-only by contract.
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
    _held: tuple[int, int, int, int] | None  # hands after the passes; None until dealt
    _unplayed: int  # mask of the cards not yet played to a trick this hand
    _trick: tuple[int, ...]  # cards of the trick on the table, from the leader on
    tricks: tuple[Trick, ...]  # completed tricks of this hand
    tricks_won: tuple[int, int, int, int]
    broken: bool
    _events: Any  # cons list: (previous, seat, action) or None
    n_events: int

    # -- construction -------------------------------------------------------------------

    @classmethod
    def new(cls, rules: RuleSet | None = None, seed: int = 0, dealer: int = EAST, *,
            deal: list[list[str]] | None = None, scores: tuple[int, int] = (0, 0),
            bags: tuple[int, int] = (0, 0)) -> Game:
        """A new game, first hand dealt. ``dealer`` defaults to East, so South opens.

        For lessons, puzzles and tests a game may open from a fixed position: ``deal``
        gives the first hand's cards by seat (later hands are dealt from ``seed``), and
        ``scores``/``bags`` the teams' totals and bag counters before it. A fixed deal has
        no secret seed: its deal seed is ``"fixed:"`` plus a digest of the cards.
        """
        if rules is None:
            rules = RuleSet.preset("standard")
        if not isinstance(rules, RuleSet):
            raise TypeError("rules must be a RuleSet")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise ValueError("The seed must be a whole number from 0 to 2**63 - 1.")
        if dealer not in (0, 1, 2, 3):
            raise ValueError("The dealer must be a seat from 0 to 3.")
        opening = None if deal is None and scores == (0, 0) and bags == (0, 0) else (
            _opening(rules, deal, scores, bags))
        c = _new(_Context)
        c.rules = rules
        c.seed = seed
        c.first_dealer = dealer
        c.opening = opening
        c.bid_cache = _bid_cache(rules)
        c.scores = (opening["scores"][0], opening["scores"][1]) if opening else (0, 0)
        c.bags = (opening["bags"][0], opening["bags"][1]) if opening else (0, 0)
        c.records = c.history = ()
        c.review_src = None
        c.review = None
        c.outcome = None
        g = _new(cls)
        g._events = None
        g.n_events = 0
        g._deal(c, 0, dealer)
        return g

    def _deal(self, c: _Context, hand_no: int, dealer: int) -> None:
        # Only on a game under construction (new() or a fresh copy), with a context of its
        # own. The cards are dealt when first read (_Context.deal): a game that is only
        # stepped past the end of a hand never pays for the next shuffle.
        rules = c.rules
        fixed = c.opening["deal"] if hand_no == 0 and c.opening else None
        if fixed is not None:
            c.deal_seed = "fixed:" + hashlib.sha256(" ".join(
                ",".join(cards) for cards in fixed).encode()).hexdigest()[:32]
            held: tuple[int, int, int, int] | None = tuple(  # type: ignore[assignment]
                mask_of(parse_card(code) for code in cards) for cards in fixed)
        else:
            c.deal_seed = None  # derived when first read: seed_text()
            held = None
        c.dealt = held
        c.hand_no = hand_no
        c.dealer = dealer
        mode = rules.blind_nil
        if mode == "off" or mode == "any":
            blind = _NO_BLIND if mode == "off" else _ALL_BLIND
        else:
            blind = (blind_nil_open(rules, 0, dealer, c.scores),
                     blind_nil_open(rules, 1, dealer, c.scores),
                     blind_nil_open(rules, 2, dealer, c.scores),
                     blind_nil_open(rules, 3, dealer, c.scores))
        c.blind_open = blind
        c.looked = (not blind[0], not blind[1], not blind[2], not blind[3])
        c.bids = (None, None, None, None)
        c.pass_queue = ()
        c.passes = _NO_PASSES
        first = (dealer + 1) & 3
        self._c = c
        self.hand_no = hand_no
        self.phase = BIDDING
        self.to_act = first
        self.leader = first
        self._held = held
        self._unplayed = _ALL
        self._trick = ()
        self.tricks = ()
        self.tricks_won = (0, 0, 0, 0)
        self.broken = False

    def _copy(self, c: _Context | None = None) -> Game:
        g = _new(Game)
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
    def hands(self) -> tuple[int, int, int, int]:
        """Card masks now held, by seat."""
        held = self._held
        if held is None:
            held = self._held = self._c.deal()
        left = self._unplayed
        return (held[0] & left, held[1] & left, held[2] & left, held[3] & left)

    @property
    def dealt(self) -> tuple[int, int, int, int]:
        """Card masks as dealt this hand (before any pass)."""
        return self._c.deal()

    @property
    def looked(self) -> tuple[bool, bool, bool, bool]:
        return self._c.looked

    @property
    def blind_open(self) -> tuple[bool, bool, bool, bool]:
        """Whether Blind Nil was open to each seat at the deal."""
        return self._c.blind_open

    @property
    def bids(self) -> tuple[int | None, int | None, int | None, int | None]:
        return self._c.bids

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
        return tuple(((leader + i) & 3, card) for i, card in enumerate(self._trick))

    @property
    def scores(self) -> tuple[int, int]:
        return self._c.scores

    @property
    def bags(self) -> tuple[int, int]:
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
        elif seat not in (0, 1, 2, 3) or isinstance(seat, bool):
            raise ValueError(f"There is no seat {seat!r}; seats are 0 to 3.")
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
            return [Action.passing(c) for c in combinations(_cards(self.hands[seat]), count)]
        return []

    def view(self, seat: int) -> _view.SeatView:
        """What ``seat`` may know: its own hand and everything public."""
        if seat not in (0, 1, 2, 3):
            raise ValueError(f"There is no seat {seat!r}; seats are 0 to 3.")
        return _view.build(self, seat)

    def spectator_view(self) -> _view.SeatView:
        """Public information only: no hand."""
        return _view.build(self, None)

    def _hand(self, seat: int) -> int:
        held = self._held
        if held is None:
            held = self._held = self._c.deal()
        return held[seat] & self._unplayed

    def _bids_for(self, seat: int) -> tuple[tuple[Action, ...], frozenset[int]]:
        # The legal bid actions, and their bid codes for checking a bid.
        c = self._c
        spades = (self._hand(seat) & SPADE_MASK).bit_count()
        key = (c.bids[(seat + 2) & 3], spades, c.looked[seat])
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

    def play_problem(self, seat: int, card: int) -> str | None:
        """Why ``seat`` may not play ``card`` now, or ``None`` if it may."""
        if self.phase != PLAYING:
            if self.phase == BIDDING:
                return "Bidding is not over yet."
            return _WRONG_PHASE[PASSING] if self.phase == PASSING else "The game is over."
        if not self.hands[seat] >> card & 1:
            return f"You do not hold {CODES[card]}."
        if seat != self.to_act:
            return f"Wait for your turn: it is {SEAT_NAMES[self.to_act or 0]}'s turn."
        if self._play_mask(seat) >> card & 1:
            return None
        if self._trick:
            return f"You must follow {SUIT_NAMES[_SUIT_OF[self._trick[0]]]}."
        return "Spades are not broken yet."

    # -- the transition -----------------------------------------------------------------

    def apply(self, seat: int, action: Action | str) -> Game:
        """The game after ``seat`` takes ``action`` (text or :class:`Action`).

        Raises :class:`InvalidAction` for text that is no action, :class:`NotYourTurn`
        when the seat may not act now, :class:`IllegalAction` when the rules forbid it.
        """
        if action.__class__ is not Action:
            action = Action.parse(action)  # type: ignore[arg-type]
        kind = action.kind
        if kind == PLAY:
            if seat != self.to_act or self.phase != PLAYING:
                raise self._refusal(seat, action)
            card = action.value
            bit = _BIT[card]
            left = self._unplayed
            hand = self._held[seat] & left  # type: ignore[index]
            trick = self._trick
            if trick:
                suit_mask = _FOLLOW_MASK[trick[0]]
                ok = hand & bit and (suit_mask & bit or not hand & suit_mask)
            else:
                ok = hand & bit and (card < 39 or self.broken or not hand & _NOT_SPADES)
            if not ok:
                raise IllegalAction(self.play_problem(seat, card) or "That card cannot be played.")
            # The copy, written out: this is the hottest line of the whole engine.
            g = _new(Game)
            g._c = self._c
            g.hand_no = self.hand_no
            g.phase = PLAYING
            g._held = self._held
            g._unplayed = left ^ bit
            g.broken = True if card >= 39 else self.broken
            g._events = (self._events, seat, action)
            g.n_events = self.n_events + 1
            g.tricks = self.tricks
            leader = self.leader
            trick += _SINGLE[card]
            if len(trick) < 4:
                g._trick = trick
                g.leader = leader
                g.to_act = (seat + 1) & 3
                g.tricks_won = self.tricks_won
                return g
            # The winner (as trick_winner, unrolled): the highest strength for the led suit.
            c0, c1, c2, c3 = trick
            strength = _STRENGTH[_SUIT_OF[c0]]
            best = strength[c0]
            at = 0
            value = strength[c1]
            if value > best:
                best, at = value, 1
            value = strength[c2]
            if value > best:
                best, at = value, 2
            if strength[c3] > best:
                at = 3
            winner = (leader + at) & 3
            w0, w1, w2, w3 = self.tricks_won
            if winner == 0:
                w0 += 1
            elif winner == 1:
                w1 += 1
            elif winner == 2:
                w2 += 1
            else:
                w3 += 1
            g.tricks_won = (w0, w1, w2, w3)
            g.tricks = tricks = (*self.tricks, (leader, trick, winner))
            g._trick = ()
            g.leader = g.to_act = winner
            if len(tricks) == 13:
                g._finish_hand()
            return g
        if kind == LOOK:
            return self._look(seat, action)
        if seat != self.to_act or self.phase != _PHASE_OF[kind]:
            raise self._refusal(seat, action)
        if kind == PASS:
            return self._pass(seat, action)
        return self._bid(seat, action)

    def _refusal(self, seat: int, action: Action) -> Exception:
        if seat not in (0, 1, 2, 3) or isinstance(seat, bool):
            return InvalidAction(f"There is no seat {seat!r}; seats are 0 to 3.")
        if self.phase == OVER:
            return IllegalAction("The game is over.")
        wanted = _PHASE_OF[action.kind]
        if self.phase != wanted:
            return IllegalAction(_WRONG_PHASE[self.phase])
        who = SEAT_NAMES[self.to_act or 0]
        return NotYourTurn(f"It is {who}'s turn, not yours.")

    def _next(self, c: _Context, seat: int, action: Action) -> Game:
        # A copy with context `c` and the action recorded.
        g = self._copy(c)
        g._events = (self._events, seat, action)
        g.n_events = self.n_events + 1
        return g

    def _look(self, seat: int, action: Action) -> Game:
        if seat not in (0, 1, 2, 3) or isinstance(seat, bool):
            raise InvalidAction(f"There is no seat {seat!r}; seats are 0 to 3.")
        if self.phase == OVER:
            raise IllegalAction("The game is over.")
        if self.phase != BIDDING or self._c.bids[seat] is not None:
            raise IllegalAction("You have already bid; your cards are in front of you.")
        if self._c.looked[seat]:
            raise IllegalAction("You can already see your cards.")
        c = self._c.copy()
        looked = list(c.looked)
        looked[seat] = True
        c.looked = tuple(looked)  # type: ignore[assignment]
        return self._next(c, seat, action)

    def _bid(self, seat: int, action: Action) -> Game:
        code = action.bid_code
        c = self._c
        if code not in self._bids_for(seat)[1]:
            if code == BLIND_NIL_BID and not c.blind_open[seat]:
                raise IllegalAction(blind_nil_closed_reason(c.rules, seat, c.dealer, c.scores))
            spades = (self._hand(seat) & SPADE_MASK).bit_count()
            partner = c.bids[(seat + 2) & 3]
            raise IllegalAction(bid_problem(c.rules, partner, spades, c.looked[seat], code)
                                or "That bid is not allowed now.")
        c = c.copy()
        bids = list(c.bids)
        bids[seat] = code
        c.bids = tuple(bids)  # type: ignore[assignment]
        if code == BLIND_NIL_BID or not c.looked[seat]:
            looked = list(c.looked)
            looked[seat] = True  # after Blind Nil the bidder sees the hand
            c.looked = tuple(looked)  # type: ignore[assignment]
        g = self._next(c, seat, action)
        if None in bids:
            g.to_act = (seat + 1) & 3
        else:
            queue = _pass_queue(c.rules, c.bids, c.dealer)
            c.pass_queue = queue
            g.phase = PASSING if queue else PLAYING
            g.to_act = queue[0][0] if queue else self.leader
        return g

    def _pass(self, seat: int, action: Action) -> Game:
        c = self._c
        giver, receiver, count = c.pass_queue[0]
        cards = mask_of(action.cards)
        if len(action.cards) != count:
            raise IllegalAction(f"Pass exactly {count} card{'s' if count > 1 else ''} "
                                "to your partner.")
        hands = list(self.hands)
        missing = cards & ~hands[seat]
        if missing:
            raise IllegalAction(f"You do not hold {' '.join(codes_of(missing))}.")
        c = c.copy()
        hands[giver] &= ~cards
        hands[receiver] |= cards
        passes = list(c.passes)
        passes[giver] = (passes[giver][0] | cards, passes[giver][1])
        passes[receiver] = (passes[receiver][0], passes[receiver][1] | cards)
        c.passes = tuple(passes)
        queue = c.pass_queue[1:]
        c.pass_queue = queue
        g = self._next(c, seat, action)
        g._held = (hands[0], hands[1], hands[2], hands[3])  # no card is played yet
        if queue:
            g.to_act = queue[0][0]
        else:
            g.phase = PLAYING
            g.to_act = self.leader
        return g

    def _finish_hand(self) -> None:
        # Only on the fresh copy made by apply(): score, record, then deal or end the game.
        old = self._c
        rules, bids, won = old.rules, old.bids, self.tricks_won
        codes = [b if b is not None else 0 for b in bids]
        teams = [score_team(rules, (codes[t], codes[t + 2]), (won[t], won[t + 2]),
                            old.bags[t]) for t in (0, 1)]
        scores = (old.scores[0] + teams[0].hand_total, old.scores[1] + teams[1].hand_total)
        # The score record is built when the history is first read (a game stepped past
        # the hand may never read it); its parts are kept.
        parts = (self.hand_no, old.dealer, bids, won, teams[0], teams[1], scores)
        records = (*old.records, parts)
        outcome = match_outcome(rules, scores, len(records))
        c = old.copy()
        c.scores = scores
        c.bags = (teams[0].bags, teams[1].bags)
        c.records = records
        c.history = None
        c.outcome = outcome
        c.review_src = (self.hand_no, old.dealer, old.seed_text(), old.deal(), old.passes,
                        self.tricks, parts)
        c.review = False  # built from review_src when first read
        if outcome is None:
            self._deal(c, self.hand_no + 1, (old.dealer + 1) & 3)
        else:
            self._c = c
            self.phase = OVER
            self.to_act = None

    # -- persistence --------------------------------------------------------------------

    @classmethod
    def replay(cls, rules: RuleSet, seed: int, dealer: int,
               events: list[tuple[int, str]] | list[list[Any]],
               opening: dict[str, Any] | None = None) -> Game:
        """Rebuild a game by applying ``events`` from the start; raises on a bad one.
        ``opening`` is the game's :attr:`opening` (a fixed first deal, starting scores)."""
        o = opening or {}
        g = cls.new(rules, seed, dealer, deal=o.get("deal"), scores=tuple(o.get("scores", (0, 0))),
                    bags=tuple(o.get("bags", (0, 0))))
        for seat, text in events:
            g = g.apply(seat, text)
        return g

    def to_dict(self, events: bool = True) -> dict[str, Any]:
        """The whole game as msgpack/JSON-safe data; :meth:`from_dict` reverses it."""
        from .snapshot import dump

        return dump(self, events)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """A game from :meth:`to_dict` output; raises ``ValueError`` on damaged data."""
        from .snapshot import load

        return load(cls, data)

    @classmethod
    def _assemble(cls, *, rules: RuleSet, seed: int, first_dealer: int,
                  opening: dict[str, Any] | None, hand_no: int, dealer: int, deal_seed: str,
                  phase: str, to_act: int | None, leader: int, broken: bool,
                  outcome: Outcome, n_events: int, events: Any,
                  hands: tuple[int, ...], dealt: tuple[int, ...], looked: tuple[bool, ...],
                  blind_open: tuple[bool, ...], bids: tuple[int | None, ...],
                  tricks_won: tuple[int, ...], scores: tuple[int, int],
                  bags: tuple[int, int], pass_queue: tuple[tuple[int, int, int], ...],
                  passes: tuple[tuple[int, int], ...], trick: tuple[int, ...],
                  tricks: tuple[Trick, ...], history: tuple[dict[str, Any], ...],
                  review: dict[str, Any] | None) -> Game:
        # A game from its parts, for snapshot.load (which checks their shapes).
        c = _new(_Context)
        c.rules = rules
        c.seed = seed
        c.first_dealer = first_dealer
        c.opening = opening
        c.bid_cache = _bid_cache(rules)
        c.dealer = dealer
        c.hand_no = hand_no
        c.deal_seed = deal_seed
        c.dealt = dealt  # type: ignore[assignment]
        c.blind_open = blind_open  # type: ignore[assignment]
        c.looked = looked  # type: ignore[assignment]
        c.bids = bids  # type: ignore[assignment]
        c.pass_queue = pass_queue
        c.passes = passes
        c.scores = scores
        c.bags = bags
        c.records = c.history = history
        c.review_src = None
        c.review = review
        c.outcome = outcome
        g = _new(cls)
        g._c = c
        g.hand_no = hand_no
        g.phase = phase
        g.to_act = to_act
        g.leader = leader
        g._held = hands  # type: ignore[assignment]
        g._unplayed = _ALL
        g._trick = trick
        g.tricks = tricks
        g.tricks_won = tricks_won  # type: ignore[assignment]
        g.broken = broken
        g._events = events
        g.n_events = n_events
        return g

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} seed={self.seed} hand={self.hand_no} "
                f"phase={self.phase} to_act={self.to_act} scores={self.scores}>")


_SUIT_OF = tuple(suit_of(card) for card in range(54))
_BIT = tuple(1 << card for card in range(54))
# _STRENGTH[led suit][card]: spades above everything, then the led suit, others never win.
_STRENGTH = tuple(tuple(100 + card if card >= 39 else card if card // 13 == led else -1
                        for card in range(54)) for led in range(4))
_SINGLE = tuple((card,) for card in range(54))
_ALL = (1 << 54) - 1
_NOT_SPADES = _ALL & ~SPADE_MASK
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
_FOLLOW_MASK = tuple(SUIT_MASKS[suit] for suit in _SUIT_OF)  # the led suit, by led card
_NO_BLIND = (False, False, False, False)
_ALL_BLIND = (True, True, True, True)
_NO_PASSES = ((0, 0),) * 4


_PHASE_OF = {BID: BIDDING, NIL: BIDDING, BLIND_NIL: BIDDING, LOOK: BIDDING, PASS: PASSING,
             PLAY: PLAYING}
_WRONG_PHASE = {
    BIDDING: "Bidding is not over yet: every player bids before the first card.",
    PASSING: "Partners are passing cards now.",
    PLAYING: "The bidding is over; play a card.",
}


def _cards(mask: int) -> list[int]:
    return [c for c in range(54) if mask >> c & 1]


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
    for k in range(4):
        seat = (dealer + 1 + k) & 3
        bid = bids[seat]
        if bid is None or bid > 0 or (seat & 1) in done:
            continue
        count = rules.blind_nil_pass if bid == BLIND_NIL_BID else rules.nil_pass
        if count:
            done.add(seat & 1)
            partner = (seat + 2) & 3
            queue += [(seat, partner, count), (partner, seat, count)]
    return tuple(queue)


def _record(hand_no: int, dealer: int, bids: tuple[int | None, ...], won: tuple[int, ...],
            team0: TeamScore, team1: TeamScore, scores: tuple[int, int]) -> dict[str, Any]:
    """The score record of one finished hand, as ``Game.history`` holds it."""
    return {
        "hand": hand_no,
        "dealer": dealer,
        "bids": [bid_text(b) for b in bids],
        "tricks": list(won),
        "teams": [team0.to_dict(total=scores[0]), team1.to_dict(total=scores[1])],
    }


def _review_of(hand_no: int, dealer: int, deal_seed: str, dealt: tuple[int, ...],
               passes: tuple[tuple[int, int], ...], tricks: tuple[Trick, ...],
               parts: tuple[Any, ...]) -> dict[str, Any]:
    """The public review of a finished hand: its deal, seed, passes, tricks and score."""
    record = _record(*parts)
    return {
        "hand": hand_no,
        "dealer": dealer,
        "deal_seed": deal_seed,
        "commitment": commitment(deal_seed),
        "dealt": [codes_of(m) for m in dealt],
        "passes": [[codes_of(a), codes_of(b)] for a, b in passes],
        "bids": record["bids"],
        "tricks": [[lead, [CODES[c] for c in cards], win] for lead, cards, win in tricks],
        "score": record["teams"],
    }


def _opening(rules: RuleSet, deal: list[list[str]] | None, scores: Any, bags: Any
             ) -> dict[str, Any] | None:
    """Validate a fixed opening position; ``None`` when it is the ordinary start."""
    for name, pair in (("scores", scores), ("bags", bags)):
        if (len(pair) != 2
                or any(isinstance(v, bool) or not isinstance(v, int) for v in pair)):
            raise ValueError(f"{name} must be two whole numbers (team 0, team 1).")
    if any(b < 0 for b in bags):
        raise ValueError("Bag counters cannot be negative.")
    if deal is None and tuple(scores) == (0, 0) and tuple(bags) == (0, 0):
        return None
    if deal is not None:
        if len(deal) != 4 or any(len(cards) != 13 for cards in deal):
            raise ValueError("A fixed deal gives 13 cards to each of the four seats.")
        try:
            cards = [parse_card(c) for hand in deal for c in hand]
        except ValueError as err:
            raise ValueError(f"A fixed deal names a bad card: {err}") from None
        deck = JOKER_DECK if rules.jokers else STANDARD_DECK
        if mask_of(cards) != deck:
            raise ValueError("A fixed deal must use every card of the deck exactly once.")
        deal = [[CODES[parse_card(c)] for c in hand] for hand in deal]
    return {"deal": deal, "scores": list(scores), "bags": list(bags)}
