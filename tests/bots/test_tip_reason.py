"""The Tip's reason line names what the cards are: low spades win by length, never as
"likely" winners (issue 13: "♠6 likely", "♠5 ♠4 ♠3 likely" read as a promise)."""

from __future__ import annotations

from shared.bots.bidder import bid_reason
from shared.bots.handeval import estimate
from shared.spades.cards import mask_of, parse_card


def reason(codes: str) -> str:
    hand = mask_of(parse_card(c) for c in codes.split())
    return bid_reason(estimate(hand), hand)


def test_low_spades_are_long_tricks_not_likely_winners() -> None:
    text = reason("6S 5S 4S 3S AH KH 2H 3D 4D 5D 6C 7C 8C")
    # Side honours can be trumped: likely, never sure; no spade is named likely.
    assert text == "♥A ♥K likely, 4 spades: one long trick"


def test_a_guarded_spade_honour_is_still_likely_and_length_counts_the_rest() -> None:
    text = reason("QS 6S 5S 4S 3S AH KH 2H 3D 4D 5D 6C 7C")
    assert "♠Q ♥A ♥K likely" in text and "♠6" not in text and "♠3" not in text
    assert "5 spades: two long tricks" in text


def test_top_spades_are_winners_with_no_long_trick_counted_twice() -> None:
    text = reason("AS KS QS JS TS 2H 3H 4H 5D 6D 7D 8C 9C")
    assert text == "♠A ♠K ♠Q ♠J ♠10 sure winners"
