"""The one door from the room to the computer players.

``choose_bot_action(level, view)`` returns the action text a bot of ``level`` takes for
the seat whose ``SeatView`` it is given (only that view: bots see what a player sees).
Until ``shared.bots`` exists this is a simple legal-move player; switching is one line:
``return shared.bots.choose(level, view)``.
"""

from __future__ import annotations

from shared.spades import SeatView

__all__ = ["choose_bot_action"]

_RANKS = "23456789TJQKA"


def choose_bot_action(level: str, view: SeatView) -> str:
    """The action a bot takes now; ``view.legal`` must not be empty."""
    return _simple(view)


def _rank(card: str) -> int:
    return _RANKS.index(card[0]) if card[0] in _RANKS else 13  # jokers rank highest


def _simple(view: SeatView) -> str:
    legal = view.legal
    if not legal:
        raise ValueError("the bot was asked to act with no legal action")
    if view.hand_hidden and "look" in legal:
        return "look"
    bids = [a for a in legal if a.startswith("bid ") and a.split()[1].isdigit()]
    if bids:
        return _bid(view, bids)
    plays = [a for a in legal if a.startswith("play ")]
    if plays:
        return _play(view, plays)
    return legal[0]  # passing cards, or anything else: the first legal choice


def _bid(view: SeatView, bids: list[str]) -> str:
    hand = view.hand
    spades = [c for c in hand if c[1] == "S"]
    winners = sum(1 for c in hand if c[0] == "A") + sum(1 for c in spades if c[0] in "KQ")
    winners += max(0, len(spades) - 3)
    wanted = f"bid {max(1, winners)}"
    return wanted if wanted in bids else bids[0]


def _play(view: SeatView, plays: list[str]) -> str:
    cards = sorted((a.split()[1] for a in plays), key=_rank)
    if not view.trick:
        non_spades = [c for c in cards if c[1] != "S"]
        return f"play {(non_spades or cards)[-1]}"  # lead the highest side card
    led = view.trick[0][1][1]
    same = [c for c in cards if c[1] == led]
    if same and _rank(same[-1]) > max(_rank(c) for _, c in view.trick if c[1] == led):
        return f"play {same[-1]}"  # win the trick if the top card can
    return f"play {cards[0]}"  # else throw the lowest
