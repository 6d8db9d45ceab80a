"""Actions and their text form.

The text is canonical and round-trips: ``str(Action.parse(t)) == t`` for every canonical
``t``::

    bid 1 … bid 13     a numeric bid (to bid 17 in the 17-trick formats)
    bid nil            Nil (never "bid 0")
    bid blind nil      Blind Nil, before looking at the hand
    look               look at the hand, giving up Blind Nil
    play AS            play a card
    pass 2C 3D         pass cards to partner (nil card-pass variants), in card order
    keep               two-handed draw: take the card shown, the next one is discarded
    discard            two-handed draw: discard the card shown, take the next one

Actions other than passes are interned: parsing the same text twice gives the same
object, so the hot path compares and hashes cheaply.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CODES, DECK_SIZE, parse_card
from .errors import InvalidAction

BID, NIL, BLIND_NIL, LOOK, PLAY, PASS = "bid", "nil", "blind nil", "look", "play", "pass"
KEEP, DISCARD = "keep", "discard"
MAX_BID = 17  # the most tricks of a hand in any format (three- and six-handed)

# Internal bid codes, as stored in a game's bid tuple: 1..13 numeric, these two special.
NIL_BID = 0
BLIND_NIL_BID = -1


@dataclass(frozen=True, slots=True)
class Action:
    """One decision by one seat. Build with :meth:`parse` or the module constants."""

    kind: str
    value: int = 0  # the bid for BID, the card for PLAY
    cards: tuple[int, ...] = ()  # the cards for PASS, ascending

    def __str__(self) -> str:
        kind = self.kind
        if kind == PLAY:
            return "play " + CODES[self.value]
        if kind == BID:
            return f"bid {self.value}"
        if kind == NIL:
            return "bid nil"
        if kind == BLIND_NIL:
            return "bid blind nil"
        if kind == LOOK:
            return "look"
        if kind in (KEEP, DISCARD):
            return kind
        return "pass " + " ".join(CODES[c] for c in self.cards)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @property
    def bid_code(self) -> int:
        """The bid as stored in a game: 1..13, ``NIL_BID`` or ``BLIND_NIL_BID``."""
        if self.kind == BID:
            return self.value
        if self.kind == NIL:
            return NIL_BID
        if self.kind == BLIND_NIL:
            return BLIND_NIL_BID
        raise ValueError(f"{self} is not a bid")

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse action text; raises :class:`InvalidAction` saying what was wrong."""
        if not isinstance(text, str):
            kind = type(text).__name__
            raise InvalidAction(f"An action must be text like 'play AS', not {kind}.")
        action = _BY_TEXT.get(text)
        if action is not None:
            return action
        words = text.strip().lower().split()
        normal = " ".join(words)
        action = _BY_TEXT.get(normal)
        if action is not None:
            return action
        if words and words[0] == PASS:
            return cls.passing(_parse_cards(words[1:], text))
        if words[:1] == ["play"] and len(words) == 2:
            return play(_parse_cards(words[1:], text)[0])
        if normal == "bid 0":
            raise InvalidAction("A bid of zero is written 'bid nil'.")
        if words[:1] == ["bid"]:
            raise InvalidAction(f"{text!r} is not a bid: bid a number from 1 to {MAX_BID}, "
                                "'bid nil' or 'bid blind nil'.")
        raise InvalidAction(f"{text!r} is not an action (try 'bid 4', 'bid nil', 'play AS', "
                            "'pass 2C 3D' or 'look').")

    @classmethod
    def passing(cls, cards: list[int] | tuple[int, ...]) -> Action:
        ordered = tuple(sorted(set(cards)))
        if len(ordered) != len(cards):
            raise InvalidAction("A pass cannot name the same card twice.")
        if not ordered:
            raise InvalidAction("A pass must name the cards to pass, like 'pass 2C 3D'.")
        return cls(PASS, 0, ordered)


def _parse_cards(words: list[str], text: str) -> list[int]:
    if not words:
        raise InvalidAction(f"{text!r} names no card.")
    try:
        return [parse_card(w.upper()) for w in words]
    except ValueError as err:
        raise InvalidAction(str(err)) from None


BIDS: tuple[Action, ...] = tuple(Action(BID, n) for n in range(MAX_BID + 1))  # [0] unused
NIL_ACTION = Action(NIL)
BLIND_NIL_ACTION = Action(BLIND_NIL)
LOOK_ACTION = Action(LOOK)
KEEP_ACTION = Action(KEEP)
DISCARD_ACTION = Action(DISCARD)
PLAYS: tuple[Action, ...] = tuple(Action(PLAY, c) for c in range(DECK_SIZE))

_BY_TEXT: dict[str, Action] = {str(a): a for a in (*BIDS[1:], NIL_ACTION, BLIND_NIL_ACTION,
                                                   LOOK_ACTION, KEEP_ACTION, DISCARD_ACTION,
                                                   *PLAYS)}
_BY_TEXT.update({str(a).lower(): a for a in PLAYS})


def play(card: int) -> Action:
    return PLAYS[card]


def bid_action(code: int) -> Action:
    """The action for an internal bid code (1..13, NIL_BID, BLIND_NIL_BID)."""
    if code == NIL_BID:
        return NIL_ACTION
    if code == BLIND_NIL_BID:
        return BLIND_NIL_ACTION
    return BIDS[code]


def bid_text(code: int | None) -> int | str | None:
    """A stored bid as the views show it: ``None``, ``4``, ``"nil"`` or ``"blind nil"``."""
    if code is None or code > 0:
        return code
    return "nil" if code == NIL_BID else "blind nil"


def redact_action(text: str, actor: int, viewer: int | None, seats: int = 4) -> str:
    """What ``viewer`` (a seat, or ``None`` for a spectator) may see of ``actor``'s action
    at a table of ``seats`` seats (partners sit opposite).

    Passed cards are seen only by the two partners who exchange them; everyone else
    sees how many cards were passed. Every other action is public (``keep`` and
    ``discard`` name no card).
    """
    if not text.startswith("pass "):
        return text
    if viewer is not None and (viewer == actor or viewer == (actor + seats // 2) % seats):
        return text
    return f"pass {len(text.split()) - 1}"
