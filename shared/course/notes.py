"""The FAQ and the strategy notes. Each note names a scenario (a lesson or a practice
position) a player can open to try it; the answers follow the table's ``RuleSet``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shared.numbers import number
from shared.spades import RuleSet


@dataclass(frozen=True, slots=True)
class Note:
    title: str  # the question, or the strategy's name
    text: str
    scenario: str  # the id of a scenario that shows it

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "text": self.text, "scenario": self.scenario}


def _blind_nil_answer(r: RuleSet) -> str:
    if r.blind_nil == "off":
        return "Not at this table: Blind Nil is off."
    who = {
        "any": "Any player may, in their turn, as long as they have not looked at their "
               "cards yet.",
        "trailing": f"Only a player whose team is behind by {r.blind_nil_margin} points or "
                    "more, before looking at the cards.",
        "opening_bidder": "Only the player left of the dealer, who bids first, before "
                          "looking at the cards.",
    }[r.blind_nil]
    return f"{who} It scores +{r.blind_nil_value} if made and −{r.blind_nil_value} if not."


def _game_end_answer(r: RuleSet) -> str:
    text = f"After the hand in which a team reaches {r.target_score}"
    if r.losing_score is not None:
        text += f" (or falls to {number(r.losing_score)})"
    text += (": the higher total wins. If both totals are equal, another hand is played "
             "until one team is ahead.")
    if r.max_hands is not None:
        text += f" After {r.max_hands} hands the game ends anyway; equal totals are a draw."
    return text


# Questions about partners: left out where nobody has one (the solo formats).
PARTNER_QUESTIONS = ("nil", "nil-duck")


def faq(r: RuleSet) -> tuple[Note, ...]:
    """Questions new players ask, answered for the rules ``r`` (the solo formats leave
    out the questions about partners and say "player" for "team")."""
    notes = _faq(r)
    if not r.solo:
        return notes
    return tuple(Note(n.title, _solo_words(n.text), n.scenario) for n in notes
                 if n.scenario not in PARTNER_QUESTIONS)


def _solo_words(text: str) -> str:
    return (text.replace("a team reaches", "a player reaches")
            .replace("one team is ahead", "one player is ahead")
            .replace("the team loses 10 for each trick it bid, with no credit for the tricks "
                     "it took", "the player loses 10 for each trick they bid, with no credit "
                     "for the tricks they took")
            .replace("the higher total wins. If both totals are equal",
                     "the highest total wins. If the highest totals are equal")
            .replace("each team's bag count", "each player's bag count")
            .replace("whose team is behind", "who is behind the leader"))


def _faq(r: RuleSet) -> tuple[Note, ...]:
    return (
        Note("What if I cannot follow suit?",
             "Play any card you like: a spade to trump (it beats every card of the other "
             "suits), or a low card of another suit to throw away.", "following"),
        Note("When may I lead a spade?",
             "Once a spade has been played on an earlier trick of the hand (spades are "
             "broken), or when you hold nothing but spades.", "spades"),
        Note("Can I change my bid?", "No. Bids are made once, in turn, and everyone sees "
             "them. Count your sure tricks before you bid.", "bidding"),
        Note("Can my partner and I both bid Nil?",
             "Yes, each Nil is scored on its own." if r.double_nil
             else "Not at this table: only one partner of a team may bid Nil in a hand.",
             "nil"),
        Note("Do a Nil bidder's tricks help the partner's contract?",
             "Yes: they count toward the team's contract (and the Nil still fails)."
             if r.nil_tricks_count_for_partner else
             "No: at this table each of them scores +1 and is a bag, and the contract is "
             "judged on the partner's tricks alone.", "nil-duck"),
        Note("When can I bid Blind Nil?", _blind_nil_answer(r), "blind-nil"),
        Note("What is a set?",
             "Falling short of the contract, even by one trick: the team loses 10 for each "
             "trick it bid, with no credit for the tricks it took.", "set"),
        Note("What are bags?",
             f"Tricks beyond the contract: +1 point each, but every {r.bag_limit} on the "
             f"count cost {r.bag_penalty_points}." if r.bag_penalty else
             "Tricks beyond the contract: +1 point each. At this table they never cost "
             "a penalty.", "bags"),
        Note("When does the game end? What about a tie?", _game_end_answer(r), "tie"),
        Note("What carries over to the next hand?",
             "The running totals and each team's bag count. Cards, bids and tricks start "
             "again, and the deal moves one seat clockwise.", "next-hand"),
    )


def strategy(r: RuleSet) -> tuple[Note, ...]:
    """Four habits of good players, each with a position to try."""
    whose = "every player's" if r.solo else "both teams'"
    bag_text = (f"Keep an eye on {whose} bag counts: at {r.bag_limit - 1} bags one more "
                f"overtrick costs {r.bag_penalty_points}. A team near the limit should duck, "
                "and its opponents may feed it tricks it does not want."
                if r.bag_penalty else
                "Bags carry no penalty at this table, so extra tricks are simply +1: take "
                "them when you can.")
    return (
        Note("Counting sure tricks",
             "Bid what you can count: Aces; Kings with at least one more card of the suit; "
             "high spades, which stay winners; and a trump for each suit you are short in "
             "(a void or a single card), if you hold spades to spare.", "bidding"),
        Note("Ducking once safe",
             "When your team's contract is made, play under the winning card instead of "
             "over it: every extra trick is a bag.", "levels"),
        Note("Setting a Nil", "With no partners, every other player would like a Nil "
             "bidder to take a trick: lead low cards of a suit the Nil bidder holds, and "
             "keep a low card to play under their high ones. When you bid Nil yourself, "
             "play the highest card that still loses.", "nil") if r.solo else
        Note("Covering a Nil",
             "When your partner bids Nil, play high before them so their cards can go "
             "under yours, and lead suits they can safely follow low. When you bid Nil "
             "yourself, play the highest card that still loses.", "nil"),
        Note("The bag counter", bag_text, "bags"),
    )
