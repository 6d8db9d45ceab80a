"""Building exact card positions for bot tests, through the engine's own rules.

``position`` deals chosen cards (the rest filled in card order, round robin), then
applies bids and plays with ``Game.apply``, so every position is one a real game can
reach and the views the bots get are the engine's.
"""

from __future__ import annotations

from typing import Any

from shared.spades import Game, RuleSet
from shared.spades.cards import STANDARD_DECK, cards_in, codes_of, parse_card

RULES = RuleSet.preset("standard", blind_nil="off")


def deal(fixed: dict[int, str]) -> tuple[int, int, int, int]:
    """Four 13-card hands: ``fixed`` seat -> "AS KH ..."; other cards round robin."""
    hands = [0, 0, 0, 0]
    used = 0
    for seat, codes in fixed.items():
        for code in codes.split():
            card = parse_card(code)
            assert not used >> card & 1, f"{code} given twice"
            hands[seat] |= 1 << card
            used |= 1 << card
    seat = 0
    for card in cards_in(STANDARD_DECK & ~used):
        while hands[seat].bit_count() >= 13:
            seat = (seat + 1) % 4
        hands[seat] |= 1 << card
        seat = (seat + 1) % 4
    assert all(h.bit_count() == 13 for h in hands)
    return hands[0], hands[1], hands[2], hands[3]


def position(fixed: dict[int, str], bids: list[str], plays: list[str], dealer: int = 3,
             rules: RuleSet = RULES, bags: tuple[int, int] = (0, 0),
             scores: tuple[int, int] = (0, 0)) -> Game:
    """A game in its first hand: cards dealt as ``fixed``, then ``bids`` (in bidding
    order from the dealer's left) and ``plays`` (card codes in play order)."""
    hands = deal(fixed)
    g = Game.new(rules, seed=1, dealer=dealer, deal=[codes_of(h) for h in hands],
                 scores=scores, bags=bags)
    seat = (dealer + 1) % 4
    for bid in bids:
        g = g.apply(seat, bid)
        seat = (seat + 1) % 4
    for code in plays:
        assert g.to_act is not None
        g = g.apply(g.to_act, "play " + code)
    return g


def to_act_view(g: Game) -> Any:
    assert g.to_act is not None
    return g.view(g.to_act)
