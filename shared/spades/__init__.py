"""The Spades rules engine: pure Python, standard library only.

Seats 0..3 are South, West, North, East (clockwise); team 0 is South + North, team 1
West + East. Cards are written rank + suit (``AS``, ``TH``, ``2C``; jokers ``BJ``, ``LJ``).
Other formats (issue 15: ``RuleSet.players`` 2, 3 or 6, ``partnerships``) have seats
0..n-1 clockwise and score by side, ``RuleSet.teams``; see docs/decisions.md.

    >>> from shared.spades import Game, RuleSet
    >>> g = Game.new(RuleSet.preset("standard"), seed=7)   # East deals, South opens
    >>> g.to_act
    0
    >>> g = g.apply(0, "look").apply(0, "bid 4")
"""

from .actions import Action, redact_action
from .cards import card_code, card_name, parse_card
from .deal import commitment, deal_hands, derive_deal_seed, verify_deal
from .errors import IllegalAction, InvalidAction, NotYourTurn, SpadesError
from .game import SEAT_NAMES, Game, trick_winner
from .hand_parts import SEAT_NAMES_BY_COUNT
from .rules import PRESET_LINES, PRESETS, RANKED_RULES, RuleSet
from .scoring import TeamScore, match_outcome, score_hand, standings
from .view import SeatView

__all__ = [
    "PRESETS",
    "PRESET_LINES",
    "RANKED_RULES",
    "SEAT_NAMES",
    "SEAT_NAMES_BY_COUNT",
    "Action",
    "Game",
    "IllegalAction",
    "InvalidAction",
    "NotYourTurn",
    "RuleSet",
    "SeatView",
    "SpadesError",
    "TeamScore",
    "card_code",
    "card_name",
    "commitment",
    "deal_hands",
    "derive_deal_seed",
    "match_outcome",
    "parse_card",
    "redact_action",
    "score_hand",
    "standings",
    "trick_winner",
    "verify_deal",
]
