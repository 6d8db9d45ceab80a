"""The table a bot plays at: seats, sides, partners, hand size and deck, from the rules.

Every format of issue 15 is described by one :class:`Table`:

| format | seats | sides | partner | cards each | deck |
|---|---|---|---|---|---|
| partnership (the default) | 4 | (0, 2), (1, 3) | opposite | 13 | 52 (54 with jokers, 2♣ 2♦ out) |
| cutthroat | 4 | one per seat | none | 13 | as above |
| three-handed | 3 | one per seat | none | 17 | 51: the 2♣ out (with jokers 2♣ 2♦ 2♥) |
| two-handed draw | 2 | one per seat | none | 13 kept | 52, 26 discarded unseen |
| six-handed | 6 | (0, 3), (1, 4), (2, 5) | opposite | 17 | two decks without the 2♣s |

Card masks hold one bit per card *code*; in the six-handed game a code may be held
twice (``copies == 2``), which :mod:`knowledge` counts beside the masks.

The bots read the seat count and the sides from the rules (``RuleSet.seats`` and
``RuleSet.teams``) and compute the rest here once per rule set (cached).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from shared.spades.cards import STANDARD_DECK, fold
from shared.spades.deal import deck_mask
from shared.spades.rules import RuleSet

# ``handeval.estimate`` counts honours and spade length as for four hands of 13 cards:
# over random deals the four estimates add up to 11.39 of the 13 tricks (the rest come
# as bags). With three hands of 17 they add up to 11.65 of 17, with two hands of 13
# (half the deck out) to 5.71 of 13, with six hands of 17 from two decks to 21.16 of 17
# (3,000 random deals each). These factors bring each format to the four-seat share.
TRICK_SCALE = {4: 1.0, 3: 1.28, 2: 1.0, 6: 0.70}


@dataclass(frozen=True, slots=True, eq=False)
class Table:
    """The geometry of one format (see the module doc). Compared and hashed by
    identity (:func:`table_of` keeps one per rule set): the simulator's caches hash it
    on every trick."""

    seats: int
    teams: tuple[tuple[int, ...], ...]  # the scoring sides, in order
    side_of: tuple[int, ...]  # seat -> index into ``teams``
    partner_of: tuple[int | None, ...]  # seat -> its partner, None in solo games
    hand_size: int  # cards each seat plays this hand (tricks per hand)
    deck: int  # mask of the codes in play (each twice when copies == 2)
    copies: int  # 1, or 2 in the six-handed game
    draw: bool  # the two-handed draw: the deck is more than the hands
    trick_scale: float  # handeval's estimate (made for four hands of 13) times this
    opponents_of: tuple[tuple[int, ...], ...] = ()  # seat -> :meth:`opponents` (cached)

    @property
    def solo(self) -> bool:
        return all(len(t) == 1 for t in self.teams)

    @property
    def partnership4(self) -> bool:
        """The classic four-seat partnership game (the bots' fast, unchanged paths)."""
        return self.seats == 4 and not self.solo

    def opponents(self, seat: int) -> tuple[int, ...]:
        """Every seat not on ``seat``'s side, clockwise from its left."""
        if self.opponents_of:
            return self.opponents_of[seat]
        side = self.side_of[seat]
        return tuple(s for s in ((seat + i) % self.seats for i in range(1, self.seats))
                     if self.side_of[s] != side)


@lru_cache(maxsize=64)
def table_of(rules: RuleSet) -> Table:
    """The :class:`Table` of a rule set (one object per rule set)."""
    seats = rules.seats
    side_of = tuple(rules.team_of(s) for s in range(seats))
    partner_of = tuple(rules.partner_of(s) for s in range(seats))
    # The engine's deck, one bit per code (three- and six-handed drop the 2♣, and with
    # jokers the 2♥ too, so the deal comes out even).
    deck = fold(deck_mask(seats, rules.jokers))
    return _with_opponents(Table(seats, rules.teams, side_of, partner_of,
                                 rules.tricks_per_hand, deck, rules.decks, rules.draw,
                                 TRICK_SCALE.get(seats, 1.0)))


def _with_opponents(t: Table) -> Table:
    return replace(t, opponents_of=tuple(t.opponents(s) for s in range(t.seats)))


PARTNERSHIP4 = _with_opponents(Table(4, ((0, 2), (1, 3)), (0, 1, 0, 1), (2, 3, 0, 1), 13,
                                   STANDARD_DECK, 1, False, 1.0))
"""The classic game's table (the default of the simulator's ``Contracts``)."""

__all__ = ["PARTNERSHIP4", "Table", "table_of"]
