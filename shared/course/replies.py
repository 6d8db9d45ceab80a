"""The other seats' replies in a lesson: the scenario's script, then a plain player.

When a seat other than the learner must act (and, after the last step, the learner's
seat too, to finish the hand), it takes the first action of its script that is legal
now. A seat whose script has nothing legal left plays as the *plain player*: a fixed,
simple way of playing (follow with the lowest card that wins, else the lowest card;
never overtake a partner; a Nil bidder plays the highest card that loses; the partner
of a Nil bidder covers with the highest card). Both are deterministic, and every reply
is one of ``Game.legal_actions``, so a reply is always legal.

This module does not use ``shared.bots``: lessons need replies an author can predict.
"""

from __future__ import annotations

from shared.spades import Action, Game, card_code
from shared.spades.cards import SPADES, suit_of


def scripted_action(game: Game, seat: int, script: tuple[str, ...]) -> str:
    """The action ``seat`` takes now: its first legal scripted action, else the plain one."""
    legal = [str(a) for a in game.legal_actions(seat)]
    if not legal:
        raise ValueError(f"Seat {seat} has nothing to do now.")
    for text in script:
        if text in legal:
            return text
        if text.startswith("bid") and "look" in legal and text != "bid blind nil":
            return "look"  # the bid comes once the seat has seen its cards
    return plain_action(game, seat)


def plain_action(game: Game, seat: int) -> str:
    """The plain player's action for ``seat`` (which must be the seat to act)."""
    legal = game.legal_actions(seat)
    if not legal:
        raise ValueError(f"Seat {seat} has nothing to do now.")
    if game.phase == "bidding":
        if not game.looked[seat]:
            return "look"
        return str(_plain_bid(game, seat, legal))
    if game.phase != "playing":
        return str(legal[0])
    cards = [a.value for a in legal]
    return f"play {card_code(_plain_card(game, seat, cards))}"


def _plain_bid(game: Game, seat: int, legal: list[Action]) -> Action:
    # Sure tricks, roughly: aces, kings with a guard, and spades beyond the third.
    hand = game.hand_of(seat)
    aces = sum(1 for c in hand if c[0] == "A")
    kings = sum(1 for c in hand if c[0] == "K" and sum(1 for d in hand if d[1] == c[1]) >= 2)
    long_spades = max(0, sum(1 for c in hand if c[1] == "S") - 3)
    want = max(1, min(13, aces + kings + long_spades))
    texts = {str(a): a for a in legal}
    for n in [want, *range(want + 1, 14), *range(want - 1, 0, -1)]:
        if f"bid {n}" in texts:
            return texts[f"bid {n}"]
    return legal[0]


def _strength(card: int, led: int) -> int:
    """Higher wins: spades above the led suit above everything else."""
    suit = suit_of(card)
    if suit == SPADES:
        return 200 + card
    if suit == led:
        return 100 + card
    return 0


def _low(cards: list[int]) -> int:
    # The cheapest card to give away: non-spades first, then by rank.
    return min(cards, key=lambda c: (suit_of(c) == SPADES, c % 13 if c < 52 else 13 + c))


def _high(cards: list[int]) -> int:
    return max(cards, key=lambda c: (suit_of(c) == SPADES, c % 13 if c < 52 else 13 + c))


def _plain_card(game: Game, seat: int, cards: list[int]) -> int:
    bids = game.bids
    nil_me = bids[seat] is not None and bids[seat] <= 0  # type: ignore[operator]
    partner = (seat + 2) & 3
    partner_bid = bids[partner]
    partner_nil = partner_bid is not None and partner_bid <= 0
    trick = game.trick
    if not trick:
        return _low(cards) if nil_me else _high(cards)
    led = suit_of(trick[0][1])
    best_seat, best = max(trick, key=lambda p: _strength(p[1], led))
    top = _strength(best, led)
    winners = [c for c in cards if _strength(c, led) > top]
    losers = [c for c in cards if _strength(c, led) <= top]
    if nil_me:
        return _high(losers) if losers else _low(cards)
    if partner_nil and (best_seat == partner or partner not in (s for s, _ in trick)):
        return _high(winners) if winners else _high(cards)
    if best_seat == partner:
        return _low(cards)
    if winners:
        return min(winners, key=lambda c: _strength(c, led))
    return _low(cards)
