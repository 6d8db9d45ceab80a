"""What one finished hand means to the analysed seat's team, in points and in plain facts.

The analysis judges decisions in expected points, not in match equity (the search's own
measure): a person reads "about 19 points", not "+3% to win the game". A hand's value
for the team is its hand points minus the opponents', each side's bags charged at their
long-run price (``bag_penalty_points / bag_limit`` each, as the tournament's
``diff_per_hand_bags_counted``) instead of the penalty a hand happens to trigger, so
an overtrick costs what it costs on average.

Besides the value, :class:`Facts` records what a reason can name: the team's contract
made, the opponents' set, each Nil made or set, the bags taken.
"""

from __future__ import annotations

from dataclasses import dataclass

from shared.bots.equity import HandScorer
from shared.bots.knowledge import Knowledge
from shared.spades.scoring import score_team


@dataclass(frozen=True, slots=True)
class Facts:
    """One finished hand from the analysed team's side."""

    points: float  # ours minus theirs, bags at their long-run price
    made: bool | None  # our numeric contract made (None: we have none)
    set_them: bool | None  # their numeric contract set (None: they have none)
    partner_nil: bool | None  # our partner's Nil made (None: no Nil)
    own_nil: bool | None  # our own Nil made
    their_nils: tuple[bool, ...]  # each opponent Nil set (True: set)
    bags: int  # bags our team took this hand
    equity: float  # our chance to win the game after the hand (the search's measure)


class Outcomes:
    """Facts of final trick counts for the team of the seat ``k`` describes, cached (a
    hand has few outcomes). ``bids`` are the engine's bid codes by seat (Nil 0, Blind
    Nil -1)."""

    def __init__(self, k: Knowledge, bids: tuple[int, ...]) -> None:
        rules = self.rules = k.rules
        self.bids = bids
        seat = self.seat = k.seat
        self.bags = k.bags
        self.equity = HandScorer(rules, (bids[0], bids[1], bids[2], bids[3]), k.team, k.scores,
                                 k.bags, k.hands_played)
        n = len(bids)
        self.team_seats = tuple(s for s in range(n) if s % 2 == seat % 2)
        self.their_seats = tuple(s for s in range(n) if s % 2 != seat % 2)
        self.partner = next((s for s in self.team_seats if s != seat), None)
        self.per_bag = (rules.bag_penalty_points / rules.bag_limit
                        if rules.bag_penalty and rules.bag_limit else 0.0)
        self.cache: dict[tuple[int, ...], Facts] = {}

    def _side(self, seats: tuple[int, ...], won: tuple[int, ...]) -> tuple[float, bool | None,
                                                                           int]:
        team = seats[0] % 2
        score = score_team(self.rules, tuple(self.bids[s] for s in seats),
                           tuple(won[s] for s in seats), self.bags[team])
        value = score.hand_total - score.bag_penalty - self.per_bag * score.new_bags
        made = score.made if score.contract > 0 else None
        return value, made, score.new_bags

    def facts(self, won: list[int] | tuple[int, ...]) -> Facts:
        key = tuple(won)
        found = self.cache.get(key)
        if found is not None:
            return found
        ours, made, bags = self._side(self.team_seats, key)
        theirs, their_made, _ = self._side(self.their_seats, key)
        partner = self.partner
        facts = Facts(
            points=ours - theirs,
            made=made,
            set_them=None if their_made is None else not their_made,
            partner_nil=(key[partner] == 0) if partner is not None and self.bids[partner] <= 0
            else None,
            own_nil=(key[self.seat] == 0) if self.bids[self.seat] <= 0 else None,
            their_nils=tuple(key[s] > 0 for s in self.their_seats if self.bids[s] <= 0),
            bags=bags,
            equity=self.equity.value(list(key)),
        )
        self.cache[key] = facts
        return facts

    def value(self, won: list[int]) -> float:
        """The points of ``won`` (what :class:`shared.bots.endgame.Solver` maximises)."""
        return self.facts(won).points
