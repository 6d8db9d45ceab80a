"""The game: one immutable value and one transition, ``apply``.

Phases of a hand and a game (the whole state machine is in this table)::

    phase      who acts (to_act)                  action            next
    ---------  ---------------------------------  ----------------  -----------------------------
    drawing    two-handed only: the non-dealer,   keep / discard    stock empty -> bidding
               then in turn (two cards a turn)
    bidding    dealer's left, then clockwise      bid N / nil /     4th bid -> passing if a Nil
               (any seat not yet looked: look)    blind nil, look   card pass is due, else playing
    passing    the Nil bidder, then its partner   pass C C          last pass -> playing
               (team by team, in bidding order)
    playing    dealer's left leads trick 1, then  play C            13th trick -> score the hand;
               each trick's winner                                   game over -> over,
                                                                     else deal -> bidding
    over       nobody (to_act is None)            -

A deal happens on entering ``bidding`` (``drawing`` in the two-handed game, whose
players draw their hands from the stock): the deal rotates one seat clockwise per hand
and the player left of the dealer draws, bids and leads first. With other seat counts
than four the table reads "the last bid", "the last trick" for "4th" and "13th"; a
hand has ``rules.tricks_per_hand`` tricks. Games of 2, 3 and 6 seats are
``FormatGame`` values (below: the same transition with a general card play);
the four-seat games keep the unrolled play below.

``Game`` is immutable: ``apply`` returns a new game and leaves the old one as it was,
also when it raises. Internally a game keeps what changes on every card in slots, which
``apply`` copies, and the rest in a context shared by the game values of one hand and
replaced (never changed) by a bid, a look, a pass or a hand's end.

The modules: this one holds ``Game`` (the transition, the views, persistence);
``state`` its value (``GameState``: slots, context, construction, reading, legal
actions); ``hand_parts`` the tables and helpers both use.
"""

from __future__ import annotations

from typing import Any, Self, cast

from . import view as _view
from .actions import (
    BLIND_NIL_BID,
    DISCARD,
    KEEP,
    LOOK,
    PASS,
    PLAY,
    Action,
)
from .bidding import bid_problem, blind_nil_closed_reason
from .cards import (
    COPY,
    SPADE_MASK,
    SPADES,
    codes_of,
    fold,
)
from .errors import IllegalAction, InvalidAction, NotYourTurn
from .hand_parts import (
    _BIT,
    _FOLLOW_MASK,
    _NOT_SPADES,
    _PHASE_OF,
    _SINGLE,
    _STRENGTH,
    _SUIT_OF,
    _WRONG_PHASE,
    BIDDING,
    DRAWING,
    EAST,
    OVER,
    PASSING,
    PLAYING,
    SEAT_NAMES,
    SEAT_NAMES_BY_COUNT,
    _Context,
    _legal_plays,
    _new,
    _pass_queue,
    trick_winner,
    winning_index,
)
from .reasons import (
    ALREADY_BID,
    ALREADY_LOOKED,
    BID_NOT_ALLOWED,
    CARD_NOT_PLAYABLE,
    DRAWING_OVER,
    GAME_OVER,
    NO_SEAT,
    NO_STOCK,
    NOT_HELD,
    NOT_YOUR_TURN,
    PASS_COUNT,
)
from .rules import RuleSet
from .scoring import TeamScore, match_outcome, score_sides, score_team
from .state import GameState

__all__ = ["BIDDING", "DRAWING", "EAST", "OVER", "PASSING", "PLAYING", "SEAT_NAMES",
           "FormatGame", "Game", "trick_winner"]


class Game(GameState):
    """A whole game of Spades: rules, seed, and everything that has happened.

    Build with :meth:`new`, advance with :meth:`apply`, read with :meth:`view`. The
    attributes are read-only by contract.
    """

    __slots__ = ()

    @classmethod
    def _class_for(cls, rules: RuleSet) -> type[Game]:
        if rules.players == 4 or (cls is not Game and cls is not FormatGame):
            return cls
        return FormatGame

    def view(self, seat: int) -> _view.SeatView:
        """What ``seat`` may know: its own hand and everything public."""
        if seat not in self._c.seat_ids or isinstance(seat, bool):
            raise ValueError(f"There is no seat {seat!r}; seats are 0 to {self._c.seats - 1}.")
        return _view.build(self, seat)

    def spectator_view(self) -> _view.SeatView:
        """Public information only: no hand."""
        return _view.build(self, None)

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
                raise IllegalAction(self.play_problem(seat, card) or CARD_NOT_PLAYABLE())
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
        if kind in (KEEP, DISCARD):
            return self._draw(seat, action)
        return self._bid(seat, action)

    def _seat_problem(self, seat: int) -> str | None:
        n = self._c.seats
        if seat not in self._c.seat_ids or isinstance(seat, bool):
            return NO_SEAT(seat=repr(seat), last=n - 1)
        return None

    def _refusal(self, seat: int, action: Action) -> Exception:
        problem = self._seat_problem(seat)
        if problem is not None:
            return InvalidAction(problem)
        if self.phase == OVER:
            return IllegalAction(GAME_OVER())
        wanted = _PHASE_OF[action.kind]
        if self.phase != wanted:
            if wanted == DRAWING:
                return IllegalAction(NO_STOCK() if not self._c.rules.draw else DRAWING_OVER())
            return IllegalAction(_WRONG_PHASE[self.phase]())
        who = SEAT_NAMES_BY_COUNT[self._c.seats][self.to_act or 0]
        return NotYourTurn(NOT_YOUR_TURN(who=who))

    def _next(self, c: _Context, seat: int, action: Action) -> Self:
        # A copy with context `c` and the action recorded.
        g = self._copy(c)
        g._events = (self._events, seat, action)
        g.n_events = self.n_events + 1
        return g

    def _look(self, seat: int, action: Action) -> Game:
        problem = self._seat_problem(seat)
        if problem is not None:
            raise InvalidAction(problem)
        if self.phase == OVER:
            raise IllegalAction(GAME_OVER())
        if self.phase != BIDDING or self._c.bids[seat] is not None:
            raise IllegalAction(ALREADY_BID())
        if self._c.looked[seat]:
            raise IllegalAction(ALREADY_LOOKED())
        c = self._c.copy()
        looked = list(c.looked)
        looked[seat] = True
        c.looked = tuple(looked)
        return self._next(c, seat, action)

    def _bid(self, seat: int, action: Action) -> Game:
        code = action.bid_code
        c = self._c
        if code not in self._bids_for(seat)[1]:
            if code == BLIND_NIL_BID and not c.blind_open[seat]:
                raise IllegalAction(blind_nil_closed_reason(c.rules, seat, c.dealer, c.scores))
            spades = (self._hand(seat) & SPADE_MASK).bit_count()
            mate = c.partner[seat]
            partner = None if mate is None else c.bids[mate]
            raise IllegalAction(bid_problem(c.rules, partner, spades, c.looked[seat], code)
                                or BID_NOT_ALLOWED())
        c = c.copy()
        bids = list(c.bids)
        bids[seat] = code
        c.bids = tuple(bids)
        if code == BLIND_NIL_BID or not c.looked[seat]:
            looked = list(c.looked)
            looked[seat] = True  # after Blind Nil the bidder sees the hand
            c.looked = tuple(looked)
        g = self._next(c, seat, action)
        if None in bids:
            g.to_act = (seat + 1) % c.seats
        else:
            queue = _pass_queue(c.rules, c.bids, c.dealer)
            c.pass_queue = queue
            g.phase = PASSING if queue else PLAYING
            g.to_act = queue[0][0] if queue else self.leader
        return g

    def _pass(self, seat: int, action: Action) -> Game:
        c = self._c
        giver, receiver, count = c.pass_queue[0]
        if len(action.cards) != count:
            raise IllegalAction(PASS_COUNT(count=count))
        hands = list(self.hands)
        held = hands[seat]
        cards = 0
        for card in action.cards:  # distinct codes; six-handed: a copy held, first first
            if not held >> card & 1 and held >> (card + COPY) & 1:
                card += COPY
            cards |= _BIT[card]
        missing = cards & ~held
        if missing:
            raise IllegalAction(NOT_HELD(cards=" ".join(codes_of(missing))))
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
        g._held = tuple(hands)  # no card is played yet
        if queue:
            g.to_act = queue[0][0]
        else:
            g.phase = PLAYING
            g.to_act = self.leader
        return g

    def _draw(self, seat: int, action: Action) -> Game:
        # Two-handed: the seat takes the top card and the next goes to its discards
        # unseen (keep), or discards the top card and takes the next one (discard).
        stock = self._c.stock_cards()
        c = self._c.copy()
        at = c.drawn
        top, below = stock[at], stock[at + 1]
        kept, gone = (top, below) if action.kind == KEEP else (below, top)
        held = list(self._held)  # type: ignore[arg-type]
        held[seat] |= _BIT[kept]
        discards = list(c.discards)
        discards[seat] |= _BIT[gone]
        c.drawn = at + 2
        c.discards = tuple(discards)
        c.dealt = tuple(held)
        g = self._next(c, seat, action)
        g._held = c.dealt
        if c.drawn < len(stock):
            g.to_act = (seat + 1) % c.seats
        else:
            g.phase = BIDDING
            g.to_act = self.leader
        return g

    def _finish_hand(self) -> None:
        # Only on the fresh copy made by apply(): score, record, then deal or end the game.
        old = self._c
        rules, bids, won = old.rules, old.bids, self.tricks_won
        codes = [b if b is not None else 0 for b in bids]
        scores: tuple[int, ...]
        if old.seats == 4 and old.partner[0] == 2:  # four partners, written out
            bags = old.bags
            sides: tuple[TeamScore, ...] = (
                score_team(rules, (codes[0], codes[2]), (won[0], won[2]), bags[0]),
                score_team(rules, (codes[1], codes[3]), (won[1], won[3]), bags[1]))
            scores = (old.scores[0] + sides[0].hand_total, old.scores[1] + sides[1].hand_total)
        else:
            sides = score_sides(rules, codes, won, old.bags)
            scores = tuple(total + side.hand_total
                           for total, side in zip(old.scores, sides, strict=True))
        # The score record is built when the history is first read (a game stepped past
        # the hand may never read it); its parts are kept.
        parts = (self.hand_no, old.dealer, bids, won, sides, scores)
        records = (*old.records, parts)
        outcome = match_outcome(rules, scores, len(records))
        c = old.copy()
        c.scores = scores
        c.bags = (sides[0].bags, sides[1].bags) if len(sides) == 2 else tuple(
            side.bags for side in sides)
        c.records = records
        c.history = None
        c.outcome = outcome
        draw = (old.stock_cards(), old.discards) if old.seats == 2 else None
        c.review_src = (self.hand_no, old.dealer, old.seed_text(), old.deal(), old.passes,
                        self.tricks, parts, draw)
        c.review = False  # built from review_src when first read
        if outcome is None:
            self._deal(c, self.hand_no + 1, (old.dealer + 1) % old.seats)
        else:
            self._c = c
            self.phase = OVER
            self.to_act = None

    # -- persistence --------------------------------------------------------------------

    def to_dict(self, events: bool = True) -> dict[str, Any]:
        """The whole game as msgpack/JSON-safe data; :meth:`from_dict` reverses it."""
        from .snapshot import dump

        return dump(self, events)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """A game from :meth:`to_dict` output; raises ``ValueError`` on damaged data."""
        from .snapshot import load

        return load(cls, data)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


class FormatGame(Game):
    """A game of 2, 3 or 6 seats: ``Game`` with a card play for any seat count.

    Its card play and legal plays are written for any seat count and for the
    six-handed game's two decks; every other transition (draw, bids, passes, the hand's
    end) is ``Game``'s, which reads the seat count from the rules. ``Game.new`` and
    ``Game.from_dict`` build one whenever the rules have other than four seats, so
    callers never name it: the four-seat games keep ``Game``'s unrolled play.

    Six-handed, a hand may hold both copies of a card (indices ``c`` and ``c + COPY``);
    ``play AS`` plays the first copy held. Both copies have the same strength, and a
    trick goes to the first card of the highest strength (``winning_index``), so of two
    identical cards the first played wins.
    """

    __slots__ = ()

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """As :meth:`Game.legal_actions`; a card held twice is one action."""
        if self.phase != PLAYING or (seat is not None and seat != self.to_act):
            return Game.legal_actions(self, seat)
        if seat is None:
            seat = self.to_act
            if seat is None:
                return []
        hand = self._held[seat] & self._unplayed  # type: ignore[index]
        return _legal_plays(fold(hand), self._trick, self.broken)

    def apply(self, seat: int, action: Action | str) -> FormatGame:
        """As :meth:`Game.apply`, for any seat count."""
        if action.__class__ is not Action:
            action = Action.parse(action)  # type: ignore[arg-type]
        if action.kind != PLAY:
            # Game's other transitions copy with type(self): the result is a FormatGame.
            return cast(FormatGame, Game.apply(self, seat, action))
        if seat != self.to_act or self.phase != PLAYING:
            raise self._refusal(seat, action)
        card = action.value
        left = self._unplayed
        hand = self._held[seat] & left  # type: ignore[index]
        if not hand >> card & 1 and hand >> (card + COPY) & 1:
            card += COPY  # six-handed: only the second copy is held
        problem = self.play_problem(seat, card)
        if problem is not None:
            raise IllegalAction(problem)
        c = self._c
        g = self._next(c, seat, action)
        g._unplayed = left & ~_BIT[card]
        g.broken = self.broken or _SUIT_OF[card] == SPADES
        trick = (*self._trick, card)
        if len(trick) < c.seats:
            g._trick = trick
            g.to_act = (seat + 1) % c.seats
            return g
        leader = self.leader
        winner = (leader + winning_index(trick)) % c.seats
        won = list(self.tricks_won)
        won[winner] += 1
        g.tricks_won = tuple(won)
        g.tricks = tricks = (*self.tricks, (leader, trick, winner))
        g._trick = ()
        g.leader = g.to_act = winner
        if len(tricks) == c.rules.tricks_per_hand:
            g._finish_hand()
        return g
