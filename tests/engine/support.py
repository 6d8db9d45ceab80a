"""Helpers for the engine tests: rigged deals, bidding and play policies, and a small
independent model of the play rules (written from the rule book, not from the engine).

Rigged deals use ``Game.new(deal=..., scores=..., bags=...)``, the engine's fixed
opening position.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from shared.spades import Action, Game, RuleSet

Policy = Callable[[Game], Action]

SUITS = "CDHS"
RANKS = "23456789TJQKA"
ALL_CODES = frozenset(r + s for s in SUITS for r in RANKS) | {"LJ", "BJ"}


# -- cards -------------------------------------------------------------------------------

def cards(text: str) -> list[str]:
    """``"AS KS 2C" -> ["AS", "KS", "2C"]``."""
    return text.split()


def suit(code: str) -> str:
    """The suit letter for following and trumping; jokers are spades."""
    return "S" if code in ("LJ", "BJ") else code[1]


def strength(code: str) -> int:
    """Rank order within a suit; the Big Joker over the Little Joker over the ace."""
    if code == "BJ":
        return 14
    if code == "LJ":
        return 13
    return RANKS.index(code[0])


# -- rigging -----------------------------------------------------------------------------

def rig(
    rules: RuleSet,
    hands: Sequence[str],
    *,
    dealer: int = 3,
    scores: tuple[int, int] = (0, 0),
    bags: tuple[int, int] = (0, 0),
    seed: int = 1,
) -> Game:
    """A new game whose first hand is ``hands`` (four strings of card codes, by seat),
    with the teams' scores and bag counters starting at ``scores`` and ``bags``."""
    return Game.new(rules, seed=seed, dealer=dealer, deal=[h.split() for h in hands],
                    scores=scores, bags=bags)


def look_and_bid(game: Game, *bids: str) -> Game:
    """Apply bids in turn order (``"4"``, ``"nil"``, ``"blind nil"``), looking first
    where the seat has not looked and the bid is not Blind Nil."""
    for bid in bids:
        seat = game.to_act
        assert seat is not None
        if bid != "blind nil" and "look" in [str(a) for a in game.legal_actions(seat)]:
            game = game.apply(seat, "look")
        game = game.apply(seat, f"bid {bid}")
    return game


def play_cards(game: Game, *codes: str) -> Game:
    """Play these cards in turn order, each by the seat to act."""
    for code in codes:
        assert game.to_act is not None
        game = game.apply(game.to_act, f"play {code}")
    return game


# -- policies ----------------------------------------------------------------------------

def first_legal(game: Game) -> Action:
    return game.legal_actions()[0]


def last_legal(game: Game) -> Action:
    return game.legal_actions()[-1]


def hashed(salt: str) -> Policy:
    """A deterministic pseudo-random policy that does not depend on Python's ``random``
    (whose ``choice`` may change between versions): SHA-256 of salt and event number."""

    def policy(game: Game) -> Action:
        legal = game.legal_actions()
        digest = hashlib.sha256(f"{salt}:{game.n_events}".encode()).digest()
        return legal[int.from_bytes(digest[:8], "big") % len(legal)]

    return policy


def counting(salt: str) -> Policy:
    """Look at the cards, bid about the sure tricks (aces, kings, long spades), then play
    like :func:`hashed`. Games with these bids reach the target like real ones do."""
    fallback = hashed(salt)

    def policy(game: Game) -> Action:
        legal = game.legal_actions()
        if game.phase != "bidding":
            return fallback(game)
        texts = [str(a) for a in legal]
        if "look" in texts:
            return legal[texts.index("look")]
        assert game.to_act is not None
        hand = game.hand_of(game.to_act)
        spades = sum(suit(c) == "S" for c in hand)
        estimate = sum(c[0] in "AK" for c in hand if suit(c) != "S") + max(spades - 3, 0)
        estimate += sum(c in ("AS", "KS", "BJ", "LJ") for c in hand)
        numeric = [a for a in legal if a.kind == "bid"]
        if not numeric:
            return legal[0]
        return min(numeric, key=lambda a: (abs(a.value - max(estimate, 1)), a.value))

    return policy


POLICIES: dict[str, Callable[[str], Policy]] = {
    "first": lambda salt: first_legal,
    "last": lambda salt: last_legal,
    "hashed": hashed,
    "counting": counting,
}


def play_until(game: Game, policy: Policy, *, hands: int) -> Game:
    """Act with ``policy`` until ``hands`` more hands are scored or the game is over."""
    stop = game.hands_played + hands
    while not game.over and game.hands_played < stop:
        assert game.to_act is not None
        game = game.apply(game.to_act, policy(game))
    return game


def play_hand(game: Game, policy: Policy = first_legal) -> Game:
    return play_until(game, policy, hands=1)


# -- an independent model of the play rules ----------------------------------------------

def model_legal_plays(hand: Iterable[str], trick: Sequence[str], broken: bool) -> set[str]:
    """Follow suit if able; never lead a spade before they are broken unless the hand
    holds nothing else (001 §6.2-6.3)."""
    held = set(hand)
    if trick:
        led = suit(trick[0])
        following = {c for c in held if suit(c) == led}
        return following or held
    if broken:
        return held
    return {c for c in held if suit(c) != "S"} or held


def model_trick_winner(leader: int, played: Sequence[str], seats: int = 4) -> int:
    """The highest spade wins, else the highest card of the suit led (001 §6.2); of two
    identical cards (six-handed, two decks) the first played (issue 15)."""
    spades = [i for i, c in enumerate(played) if suit(c) == "S"]
    led = suit(played[0])
    pool = spades or [i for i, c in enumerate(played) if suit(c) == led]
    best = max(pool, key=lambda i: strength(played[i]))  # max keeps the first of equals
    return (leader + best) % seats


def model_blind_nil_open(rules: RuleSet, seat: int, dealer: int,
                         scores: Sequence[int]) -> bool:
    """Whether Blind Nil is offered to ``seat`` at the deal (issue 2's four modes; in
    issue 15's formats "trailing" is the seat's side behind the best other side)."""
    if rules.blind_nil == "any":
        return True
    if rules.blind_nil == "opening_bidder":
        return seat == (dealer + 1) % rules.players
    if rules.blind_nil == "trailing":
        if rules.players == 4 and rules.partnerships:
            team = seat % 2
            return scores[1 - team] - scores[team] >= rules.blind_nil_margin
        side = seat % (rules.players // 2) if rules.partnerships else seat
        best_other = max(v for i, v in enumerate(scores) if i != side)
        return best_other - scores[side] >= rules.blind_nil_margin
    return False


def model_deck(rules: RuleSet) -> list[str]:
    """The cards a format plays with, from issue 15's text: 52 (jokers: 2C, 2D out, LJ,
    BJ in) for two and four players; the 2C out for three (jokers: 2C, 2D and 2H out);
    six players two of the three-handed decks."""
    deck = [r + s for s in SUITS for r in RANKS]
    if rules.jokers:
        deck = [c for c in deck if c not in ("2C", "2D")] + ["LJ", "BJ"]
    if rules.players in (3, 6):
        deck.remove("2H" if rules.jokers else "2C")
    return deck * (2 if rules.players == 6 else 1)


def model_legal_bids(rules: RuleSet, partner: int | str | None, spades: int,
                     hidden: bool) -> set[str]:
    """The bids a seat may make (issues 2 and 3). ``partner`` is the partner's bid as a
    view shows it; ``hidden`` means the seat has not looked (Blind Nil is open to it)."""
    partner_nil = partner in ("nil", "blind nil")
    nil_ok = not (partner is not None and not rules.nil_after_partner) and not (
        partner_nil and not rules.double_nil)
    top = 17 if rules.players in (3, 6) else 13
    numbers = set(range(1, top + 1))
    if rules.bidding == "suicide":
        nil_ok = not partner_nil
        numbers = set(range(4, top + 1)) if partner is None or partner_nil else set()
    if hidden:
        return {"bid blind nil"} if nil_ok else set()
    if rules.bidding in ("whiz", "mirror"):
        if spades == 0:
            return {"bid nil"}
        numbers = {spades}
        if rules.bidding == "mirror":
            nil_ok = False
    if rules.min_team_bid and isinstance(partner, int):
        numbers = {n for n in numbers if partner + n >= rules.min_team_bid}
    return {f"bid {n}" for n in numbers} | ({"bid nil"} if nil_ok else set())


# -- leak scanning -----------------------------------------------------------------------

_CARD = re.compile(r"\b(?:[2-9TJQKA][CDHS]|LJ|BJ)\b")


def card_tokens(value: Any) -> set[str]:
    """Every card code written anywhere in a JSON-like value (keys and text included)."""
    return set(_CARD.findall(json.dumps(value)))
