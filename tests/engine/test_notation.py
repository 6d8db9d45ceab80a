"""Card and action notation: golden tables run both ways (text -> value -> text)."""

from __future__ import annotations

import pytest

from shared.spades import Action, InvalidAction, SpadesError, card_code, card_name, parse_card
from shared.spades.actions import redact_action

CARD_TABLE = [
    # code, index, name
    ("2C", 0, "Two of clubs"),
    ("AC", 12, "Ace of clubs"),
    ("2D", 13, "Two of diamonds"),
    ("TH", 34, "Ten of hearts"),
    ("QH", 36, "Queen of hearts"),
    ("2S", 39, "Two of spades"),
    ("AS", 51, "Ace of spades"),
    ("LJ", 52, "Little Joker"),
    ("BJ", 53, "Big Joker"),
]


@pytest.mark.parametrize(("code", "index", "name"), CARD_TABLE)
def test_card_codes_round_trip(code: str, index: int, name: str) -> None:
    assert parse_card(code) == index
    assert card_code(index) == code
    assert card_name(index) == name


@pytest.mark.parametrize(("text", "index"), [("10H", 34), ("th", 34), ("as", 51), ("bj", 53)])
def test_card_parsing_accepts_common_spellings(text: str, index: int) -> None:
    assert parse_card(text) == index


@pytest.mark.parametrize("text", ["", "1S", "AX", "ASS", "joker", "11H"])
def test_bad_card_text_is_refused_with_the_text(text: str) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        parse_card(text)


def test_every_card_has_a_unique_two_letter_code() -> None:
    codes = [card_code(i) for i in range(54)]
    assert len(set(codes)) == 54
    assert all(len(c) == 2 for c in codes)


# canonical text, kind, value, cards
ACTION_TABLE: list[tuple[str, str, int, tuple[int, ...]]] = [
    ("bid 1", "bid", 1, ()),
    ("bid 4", "bid", 4, ()),
    ("bid 13", "bid", 13, ()),
    ("bid nil", "nil", 0, ()),
    ("bid blind nil", "blind nil", 0, ()),
    ("look", "look", 0, ()),
    ("play AS", "play", 51, ()),
    ("play 2C", "play", 0, ()),
    ("play TH", "play", 34, ()),
    ("play BJ", "play", 53, ()),
    ("play LJ", "play", 52, ()),
    ("pass 2C", "pass", 0, (0,)),
    ("pass 2C 3D", "pass", 0, (0, 14)),
    ("pass QH LJ", "pass", 0, (36, 52)),
]


@pytest.mark.parametrize(("text", "kind", "value", "cards"), ACTION_TABLE)
def test_action_text_parses_to_the_action(
    text: str, kind: str, value: int, cards: tuple[int, ...]
) -> None:
    action = Action.parse(text)
    assert (action.kind, action.value, action.cards) == (kind, value, cards)


@pytest.mark.parametrize(("text", "kind", "value", "cards"), ACTION_TABLE)
def test_action_prints_its_canonical_text(
    text: str, kind: str, value: int, cards: tuple[int, ...]
) -> None:
    action = Action(kind, value, cards)
    assert str(action) == text
    assert eval(repr(action), {"Action": Action}) == action


@pytest.mark.parametrize(
    ("loose", "canonical"),
    [
        ("BID NIL", "bid nil"),
        ("  bid   blind   nil ", "bid blind nil"),
        ("Bid 4", "bid 4"),
        ("play as", "play AS"),
        ("play 10h", "play TH"),
        ("PLAY th", "play TH"),
        ("pass 3d 2c", "pass 2C 3D"),
        ("LOOK", "look"),
    ],
)
def test_loose_spellings_normalise_to_canonical_text(loose: str, canonical: str) -> None:
    assert str(Action.parse(loose)) == canonical


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("bid 0", "A bid of zero is written 'bid nil'."),
        ("bid 18", "'bid 18' is not a bid: bid a number from 1 to 17, 'bid nil' or "
                   "'bid blind nil'."),
        ("bid -1", "is not a bid"),
        ("bid", "is not a bid"),
        ("play ZZ", "'ZZ' is not a card"),
        ("play", "is not an action"),
        ("play AS KS", "is not an action"),
        ("pass", "names no card"),
        ("pass 2C 2C", "A pass cannot name the same card twice."),
        ("pass 2C XX", "is not a card"),
        ("jump", "'jump' is not an action"),
        ("", "is not an action"),
    ],
)
def test_bad_action_text_raises_invalid_action_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(InvalidAction) as caught:
        Action.parse(text)
    assert reason in caught.value.reason
    assert isinstance(caught.value, SpadesError)
    assert isinstance(caught.value, ValueError)


def test_non_text_action_is_refused() -> None:
    with pytest.raises(InvalidAction, match="must be text"):
        Action.parse(4)  # type: ignore[arg-type]


def test_common_actions_are_interned() -> None:
    assert Action.parse("play AS") is Action.parse("play as")
    assert Action.parse("bid 4") is Action.parse("bid 4")


@pytest.mark.parametrize(
    ("viewer", "seen"),
    [(0, "pass 2C 3D"), (2, "pass 2C 3D"), (1, "pass 2"), (3, "pass 2"), (None, "pass 2")],
)
def test_passed_cards_are_seen_only_by_the_two_partners(viewer: int | None, seen: str) -> None:
    assert redact_action("pass 2C 3D", actor=0, viewer=viewer) == seen


def test_actions_other_than_passes_are_public() -> None:
    for text in ("bid 4", "bid nil", "look", "play AS"):
        assert redact_action(text, actor=0, viewer=None) == text
