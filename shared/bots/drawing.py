"""The two-handed draw: keep the card shown, or discard it and take the next one unseen.

A hand is built for its bid, so the card shown is judged by what it adds to the trick
estimate of the cards kept so far (:func:`handeval.estimate_tricks`, scaled for the
two-handed game), against what an unseen card adds on average (every card this seat
has not kept could be next). Keep it when it adds at least that much; the next card
after a keep goes to the discards unseen, so there is nothing else to weigh.

While the hand is shaping for a Nil (few tricks and little Nil risk so far, half the
hand drawn), a card is judged by the Nil risk it adds instead: a low card keeps the
Nil, an ace spoils it.

Easy keeps spades and aces and kings and lets the rest go.
"""

from __future__ import annotations

from shared.spades.cards import SPADE_MASK

from . import reasons as R
from .handeval import card_text, estimate_tricks, nil_risk
from .knowledge import Knowledge
from .sim import RANK_OF

Choice = tuple[str, str]

NIL_SHAPE_TRICKS = 1.0  # a hand of 6+ cards estimated at most this ... (unscaled tricks)
NIL_SHAPE_RISK = 0.6  # ... with at most this Nil risk is drawn for a Nil


def _nil_shaped(k: Knowledge) -> bool:
    hand = k.hand
    return hand.bit_count() >= 6 and estimate_tricks(hand, k.rules.jokers) <= \
        NIL_SHAPE_TRICKS and nil_risk(hand, k.rules.jokers, True) <= NIL_SHAPE_RISK


def draw_choice(k: Knowledge) -> Choice:
    """Standard's (and Challenge's) ``keep`` or ``discard``, with the reason."""
    card = k.top_card
    if card < 0 or "keep" not in k.legal or "discard" not in k.legal:
        return k.legal[0], R.DRAW_ONLY()
    hand, jokers = k.hand, k.rules.jokers
    pool = [c for c in range(54) if k.deck >> c & 1 and not (hand | 1 << card) >> c & 1]
    if _nil_shaped(k):
        base = nil_risk(hand, jokers, True)
        adds = nil_risk(hand | 1 << card, jokers, True) - base
        mean = sum(nil_risk(hand | 1 << c, jokers, True) - base for c in pool) / max(1, len(pool))
        if adds <= mean:
            return "keep", R.DRAW_KEEP_NIL(card=card_text(card))
        return "discard", R.DRAW_DISCARD_NIL(card=card_text(card))
    scale = k.table.trick_scale
    base_tricks = estimate_tricks(hand, jokers, scale)
    adds = estimate_tricks(hand | 1 << card, jokers, scale) - base_tricks
    mean = sum(estimate_tricks(hand | 1 << c, jokers, scale) - base_tricks
               for c in pool) / max(1, len(pool))
    # Tricks to one decimal: a number, so each page writes it by its locale.
    said = R.DRAW_KEEP if adds >= mean else R.DRAW_DISCARD
    return ("keep" if adds >= mean else "discard"), said(
        card=card_text(card), adds=round(adds, 1), mean=round(mean, 1))


def easy_draw(k: Knowledge) -> Choice:
    """Easy keeps spades, aces and kings."""
    card = k.top_card
    if card < 0 or "keep" not in k.legal or "discard" not in k.legal:
        return k.legal[0], "the only thing you can do"
    if SPADE_MASK >> card & 1 or RANK_OF[card] >= 11:
        return "keep", f"keep {card_text(card)}: a winner"
    return "discard", f"discard {card_text(card)}"


__all__ = ["draw_choice", "easy_draw"]
