"""The levels: one function per phase per level, and the dispatcher ``decide``.

``decide`` returns a :class:`Decision`: the action text (always one of the view's
legal actions), the reason a Hint would show, and how many rollouts the search spent
(0 for the rule-based levels), which the tournament prints.
"""

from __future__ import annotations

from shared.spades.cards import CODES

from . import reasons as R
from .bidder import easy_bid, nil_pass, standard_bid
from .cardplay import standard_play
from .decision import Decision
from .drawing import draw_choice, easy_draw
from .easy import easy_play
from .knowledge import Knowledge

LEVELS = ("easy", "standard", "challenge")
ALL_LEVELS = (*LEVELS, "pimc")

__all__ = ["ALL_LEVELS", "LEVELS", "Decision", "decide"]


def decide(level: str, k: Knowledge, advice: bool = False) -> Decision:
    """The decision of a bot of ``level`` for the seat ``k`` describes. ``advice``: as
    the Tip and the Hint give it, Standard's bids by its rules alone (their reasons
    name the cards; the bot weighs its rules' bid over sampled deals)."""
    if level not in ALL_LEVELS:
        raise ValueError(f"There is no bot level {level!r}; choose one of "
                         f"{', '.join(ALL_LEVELS)}.")
    legal = k.legal
    if not legal:
        raise ValueError("The bot was asked to act, but this seat has no legal action now.")
    if len(legal) == 1:
        return Decision(legal[0], R.ONLY_ACTION())
    phase = k.phase
    if phase == "playing":
        decision = _play(level, k)
    elif phase == "drawing":
        text, why = easy_draw(k) if level == "easy" else draw_choice(k)
        decision = Decision(text, why)
    elif phase == "passing":
        count = k.pass_due[0][2] if k.pass_due else len(legal[0].split()) - 1
        text, why = nil_pass(k, count)
        decision = Decision(text, why)
    else:
        decision = _bid(level, k, advice)
    if decision.action not in legal:  # a bug must never become an illegal move
        return Decision(legal[0], decision.reason, decision.rollouts)
    return decision


def _bid(level: str, k: Knowledge, advice: bool) -> Decision:
    if level == "easy":
        text, why = easy_bid(k)
        return Decision(text, why)
    if level == "challenge":
        from .search_bid import challenge_bid

        return challenge_bid(k)
    if not advice:
        from .search_bid import standard_searched_bid

        return standard_searched_bid(k)
    text, why = standard_bid(k)
    return Decision(text, why)


def _play(level: str, k: Knowledge) -> Decision:
    if level == "easy":
        card, why = easy_play(k)
        return Decision("play " + CODES[card], why)
    if level == "standard":
        if not k.trick:  # a lead while the side needs tricks is searched, a little
            from .search_play import standard_lead

            searched = standard_lead(k)
            if searched is not None:
                return searched
        card, why = standard_play(k)
        return Decision("play " + CODES[card], why)
    from .search_play import search_play

    return search_play(level, k)
