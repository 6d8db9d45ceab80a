"""The rules page's words for the table's format (issue 15): who plays, with whom, with
which cards, and a worked example hand of that format.

The format is the rules' ``players`` and ``partnerships`` (``RuleSet.teams`` gives the
scoring sides); every sentence here is made from a ``RuleSet``, so the page says what
the table plays: four in partnerships, cutthroat, three, two (the draw) or six players.
"""

from __future__ import annotations

from typing import Any

from shared.numbers import number
from shared.spades import SEAT_NAMES_BY_COUNT, RuleSet

from . import words as w

# Seat names by table size, clockwise from seat 0: the engine's (the browser's
# js/game/format.js has the same).
SEAT_NAMES = SEAT_NAMES_BY_COUNT


def seat_name(rules: RuleSet, seat: int) -> str:
    return SEAT_NAMES[rules.seats][seat]


def side_name(rules: RuleSet, side: int) -> str:
    """"South–North", "Southwest–Northeast", or one player's seat ("West")."""
    seats = [seat_name(rules, s) for s in rules.teams[side]]
    if len(seats) == 2:
        return w.SIDE_PAIR(first=seats[0], second=seats[1])
    return w.SEAT(seat=seats[0])


def format_line(rules: RuleSet) -> str:
    """The format in a few words, for the page's summary."""
    if rules.players == 6:
        return w.FORMAT["six"]()
    if rules.players == 4:
        return w.FORMAT["four" if rules.partnerships else "cutthroat"]()
    return w.FORMAT["three" if rules.players == 3 else "two"]()


def deck_text(rules: RuleSet) -> str:
    """What the deck holds in this format."""
    if rules.players == 6:
        deck = w.DECK_SIX()
    elif rules.players == 3:
        deck = w.DECK_THREE()
    elif rules.jokers:
        deck = w.DECK_52()
    else:
        return w.DECK_PLAIN()
    return w.JOIN(first=deck, second=w.DECK_JOKERS_ADDED()) if rules.jokers else deck


def basics(rules: RuleSet) -> tuple[str, ...]:
    """The paragraphs of "Players, teams and cards" for this format."""
    tricks = rules.tricks_per_hand
    if rules.players == 6:
        who = w.BASICS_SIX(tricks=tricks)
    elif rules.players == 4 and rules.partnerships:
        who = w.BASICS_FOUR()
    elif rules.players == 2:
        who = w.BASICS_TWO()
    else:
        who = w.BASICS_SOLO["four" if rules.players == 4 else "three"](tricks=tricks)
    return (who, deck_text(rules), w.RANKS())


def contract_text(rules: RuleSet) -> str:
    """How bids make contracts, for the bidding section."""
    if rules.solo:
        return w.CONTRACT_SOLO(tricks=rules.tricks_per_hand)
    return w.CONTRACT_SIDES(seats=rules.seats, tricks=rules.tricks_per_hand)


def game_end(rules: RuleSet) -> str:
    """When the game ends and who wins."""
    who = "player" if rules.solo else "team"
    sides = "two" if len(rules.teams) == 2 else "more"
    falls = rules.losing_score is not None
    end = w.END_FORMAT[who, sides, falls]
    text = (end(target=rules.target_score, losing=number(rules.losing_score))
            if rules.losing_score is not None else end(target=rules.target_score))
    if rules.max_hands is not None:
        text = w.JOIN(first=text, second=w.END_LIMIT(count=rules.max_hands))
    return text


# The example hand of each format other than four partners (which rules_page keeps as it
# was): bids and tricks by seat, and the scores before it.
EXAMPLES: dict[tuple[int, bool], tuple[tuple[Any, ...], tuple[int, ...], tuple[int, ...]]] = {
    (4, False): ((4, "nil", 3, 4), (5, 1, 4, 3), (120, 150, 90, 60)),
    (3, False): ((5, "nil", 6), (7, 1, 9), (120, 150, 90)),
    (2, False): ((6, 7), (8, 5), (120, 150)),
    (6, True): ((3, "nil", 4, 3, 2, 3), (4, 1, 3, 3, 2, 4), (120, 150, 90)),
}


def _listed(parts: list[str]) -> str:
    out = parts[0]
    for part in parts[1:]:
        out = w.COMMA(first=out, second=part)
    return out


def example_setting(rules: RuleSet, bids: tuple[Any, ...], tricks: tuple[int, ...],
                    scores: tuple[int, ...], bags: tuple[int, ...]) -> tuple[str, ...]:
    """The two sentences that set the example hand of a format other than four partners."""
    bid_text = _listed([w.EXAMPLE_NIL(seat=seat_name(rules, s)) if b == "nil"
                        else w.EXAMPLE_BID(seat=seat_name(rules, s), bid=b)
                        for s, b in enumerate(bids)])
    took = _listed([w.EXAMPLE_TOOK(seat=seat_name(rules, s), count=t)
                    for s, t in enumerate(tricks)])
    sides = _listed([w.EXAMPLE_SIDE(side=side_name(rules, i), score=score)
                     for i, score in enumerate(scores)])
    before = w.EXAMPLE_BEFORE["player" if rules.solo else "team"](
        bids=bid_text, sides=sides, side=side_name(rules, 0), count=bags[0])
    return (before, w.EXAMPLE_TRICKS_TAKEN(took=took))
