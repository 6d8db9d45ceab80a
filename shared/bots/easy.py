"""Easy: plays legally and plainly, for beginners.

It leads its aces, otherwise low from its longest side suit; follows low unless its
highest card of the suit takes the trick for sure; trumps a trick an opponent is
winning when it is out of the suit; never bids Nil unless the rules leave no other
bid (its bids come from :func:`bidder.easy_bid`).
"""

from __future__ import annotations

from shared.spades.cards import SPADE_MASK, SUIT_MASKS

from .cardplay import _best, _masters
from .handeval import card_text
from .knowledge import Knowledge
from .sim import NON_SPADE, beats, bottom, high_card, low_card, top

Choice = tuple[int, str]


def easy_play(k: Knowledge) -> Choice:
    legal = k.legal_plays
    if legal & (legal - 1) == 0:
        return bottom(legal), "your only legal card"
    if k.nil_alive(k.seat):
        if k.trick:
            best, _, led = _best(k)
            under = legal & ~beats(legal, best, led)
            if under:
                return high_card(under), "stay under: you bid Nil"
        return low_card(legal), "play low: you bid Nil"
    if not k.trick:
        for suit in range(3):
            ace = 13 * suit + 12
            if legal >> ace & 1:
                return ace, f"lead {card_text(ace)}"
        side = legal & NON_SPADE
        if side:
            longest = max(range(3), key=lambda s: ((side & SUIT_MASKS[s]).bit_count(), s))
            c = bottom(side & SUIT_MASKS[longest])
            return c, "lead low from your longest suit"
        return bottom(legal), "lead a low spade"
    best, best_seat, led = _best(k)
    follow = legal & SUIT_MASKS[led]
    if best_seat == k.partner:
        return low_card(legal), "partner is winning: play low"
    if follow:
        c = top(follow)
        if beats(1 << c, best, led) and _masters(k, 1 << c):
            return c, f"take the trick with {card_text(c)}"
        return bottom(follow), "follow low"
    spades = beats(legal & SPADE_MASK, best, led)
    if spades:
        c = bottom(spades)
        return c, f"trump with {card_text(c)}"
    return low_card(legal), "discard low"


__all__ = ["easy_play"]
