"""``FormatGame``: the game of two, three and six seats (issue 15).

A ``Game`` whose card play is written for any seat count and for the six-handed
game's two decks; every other transition (draw, bids, passes, the hand's end) is
``Game``'s, which reads the seat count from the rules. ``Game.new`` and
``Game.from_dict`` build one whenever the rules have other than four seats, so callers
never name it: the four-seat games keep ``Game``'s unrolled play, the engine's
hottest line.

Six-handed, a hand may hold both copies of a card (indices ``c`` and ``c + COPY``);
``play AS`` plays the first copy held. Both copies have the same strength, and a
trick goes to the first card of the highest strength, so of two identical cards the
first played wins.
"""

from __future__ import annotations

from typing import cast

from .actions import PLAY, Action
from .cards import COPY, SPADES, fold
from .errors import IllegalAction
from .game import Game
from .hand_parts import _BIT, _SUIT_OF, PLAYING, _legal_plays, winning_index

__all__ = ["FormatGame"]


class FormatGame(Game):
    """A game of 2, 3 or 6 seats: ``Game`` with a card play for any seat count."""

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
