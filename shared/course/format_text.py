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

# Seat names by table size, clockwise from seat 0: the engine's (the browser's
# js/game/format.js has the same).
SEAT_NAMES = SEAT_NAMES_BY_COUNT


def seat_name(rules: RuleSet, seat: int) -> str:
    return SEAT_NAMES[rules.seats][seat]


def side_name(rules: RuleSet, side: int) -> str:
    """"South–North", "Southwest–Northeast", or one player's seat ("West")."""
    return "–".join(seat_name(rules, s) for s in rules.teams[side])


def format_line(rules: RuleSet) -> str:
    """The format in a few words, for the page's summary."""
    if rules.players == 6:
        return "six players in three partnerships"
    if rules.players == 4:
        return "four players in two partnerships" if rules.partnerships else (
            "four players, each on their own (cutthroat)")
    return f"{'three' if rules.players == 3 else 'two'} players, each on their own"


def deck_text(rules: RuleSet) -> str:
    """What the deck holds in this format."""
    jokers = (" Two jokers are added and the 2♣ and 2♦ taken out; the jokers are spades, "
              "above the Ace: the Big Joker is the highest card, then the Little Joker."
              if rules.jokers else "")
    if rules.players == 6:
        return ("The deck is two standard decks of 52 without their two 2♣s: 102 cards, "
                "17 to each player. Every other card is there twice; when two equal cards "
                "compete for a trick, the one played first wins." + jokers)
    if rules.players == 3:
        return "The deck is the standard 52 cards without the 2♣: 51 cards, 17 each." + jokers
    if jokers:
        return "The deck is 52 cards." + jokers
    return "The deck is the standard 52 cards, no jokers."


def basics(rules: RuleSet) -> tuple[str, ...]:
    """The paragraphs of "Players, teams and cards" for this format."""
    tricks = rules.tricks_per_hand
    if rules.players == 6:
        who = ("Six players in three teams of two: partners sit across from each other "
               "(South and North, Southwest and Northeast, Northwest and Southeast). "
               f"Play goes clockwise. Each hand deals {tricks} cards to each player, and "
               "the deal moves one seat clockwise after every hand.")
    elif rules.players == 4 and rules.partnerships:
        who = ("Four players in two teams: partners sit across from each other (South and "
               "North against West and East). Play goes clockwise. Each hand deals 13 "
               "cards to each player, and the deal moves one seat clockwise after every "
               "hand.")
    elif rules.players == 2:
        who = ("Two players, each on their own. There is no deal: the shuffled deck is a "
               "face-down stock, and in turn, starting with the player who did not deal, "
               "each looks at the top card and either keeps it (the next card then goes to "
               "the discards unseen) or discards it (and takes the next card, seen only by "
               "them). When the stock is gone each holds 13 cards and 26 are out of play; "
               "nobody sees the discards until the hand's review. Then both bid and play 13 "
               "tricks of two cards. The deal alternates after every hand.")
    else:
        count = "Four" if rules.players == 4 else "Three"
        who = (f"{count} players, each on their own: no partners, every player's bid is "
               f"their own contract and every player keeps their own score and bags. Play "
               f"goes clockwise. Each hand deals {tricks} cards to each player, and the deal "
               "moves one seat clockwise after every hand.")
    return (who, deck_text(rules),
            "Cards rank from Ace (high) down to 2 in every suit. Spades are always trumps.")


def contract_text(rules: RuleSet) -> str:
    """How bids make contracts, for the bidding section."""
    if rules.solo:
        return ("Each player's bid is their own contract; the bids need not add up to "
                f"{rules.tricks_per_hand}.")
    return (f"Partners' bids add up to the team's contract; the {rules.seats} bids need not "
            f"add up to {rules.tricks_per_hand}.")


def game_end(rules: RuleSet) -> str:
    """When the game ends and who wins."""
    who = "player" if rules.solo else "team"
    falls = (f" or falls to {number(rules.losing_score)}" if rules.losing_score is not None
             else "")
    text = (f"The game ends after the hand in which a {who} reaches {rules.target_score} "
            "points" + falls)
    if len(rules.teams) == 2:
        text += (f". The {who} with the higher total wins, even if both passed the target; "
                 f"if the totals are equal, another hand is played until one {who} is ahead.")
    else:
        text += (f". The {who} with the highest total wins, and the others are ranked by "
                 "their totals; if the highest totals are equal, another hand is played "
                 "until one is ahead.")
    if rules.max_hands is not None:
        text += (f" After {rules.max_hands} hands the game ends anyway, and equal totals are "
                 "a draw.")
    return text


# The example hand of each format other than four partners (which rules_page keeps as it
# was): bids and tricks by seat, and the scores before it.
EXAMPLES: dict[tuple[int, bool], tuple[tuple[Any, ...], tuple[int, ...], tuple[int, ...]]] = {
    (4, False): ((4, "nil", 3, 4), (5, 1, 4, 3), (120, 150, 90, 60)),
    (3, False): ((5, "nil", 6), (7, 1, 9), (120, 150, 90)),
    (2, False): ((6, 7), (8, 5), (120, 150)),
    (6, True): ((3, "nil", 4, 3, 2, 3), (4, 1, 3, 3, 2, 4), (120, 150, 90)),
}


def example_setting(rules: RuleSet, bids: tuple[Any, ...], tricks: tuple[int, ...],
                    scores: tuple[int, ...], bags: tuple[int, ...]) -> tuple[str, ...]:
    """The two sentences that set the example hand of a format other than four partners."""
    def said(bid: Any) -> str:
        return "Nil" if bid == "nil" else str(bid)

    bid_text = ", ".join(f"{seat_name(rules, s)} bids {said(b)}" for s, b in enumerate(bids))
    took = ", ".join(f"{seat_name(rules, s)} {t}" for s, t in enumerate(tricks))
    sides = ", ".join(f"{side_name(rules, i)} {score}" for i, score in enumerate(scores))
    first_bags = f"{bags[0]} bag{'' if bags[0] == 1 else 's'}"
    return (f"{bid_text}. Before the hand the scores are {sides}, and "
            f"{side_name(rules, 0)} {'has' if rules.solo else 'have'} {first_bags} on the count.",
            f"Tricks taken: {took}.")
