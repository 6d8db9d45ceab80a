"""Fixed games for the analysis tests."""

from __future__ import annotations

from collections.abc import Sequence

from shared.archive import GameRecord, SeatRecord
from shared.bots import choose
from shared.spades import Game, RuleSet

# South (0) holds ♥A ♥4 behind its Nil partner North (2). South deals, so West bids and
# leads first: ♥2, North's ♥Q, East's ♥3, and South to play last.
NIL_COVER_DEAL = [hand.split() for hand in (
    "AH 4H AS KS QS JS AC KC QC AD KD QD JD",  # South
    "2H 5H 6H 7H 8H 7C 8C 9C 6D 7D 8D 5S 6S",  # West
    "QH 2C 3C 4C 5C 6C 2D 3D 4D 5D 2S 3S 4S",  # North: Nil
    "3H 9H TH JH KH TC JC 9D TD 7S 8S 9S TS",  # East
)]
NIL_COVER_MOVES = [(1, "bid 3"), (2, "bid nil"), (3, "bid 3"), (0, "bid 6"),
                   (1, "play 2H"), (2, "play QH"), (3, "play 3H")]


def finish_hand(game: Game, level: str = "standard") -> Game:
    """Play the hand in progress to its end with bots of ``level``."""
    hands = len(game.history)
    while not game.over and len(game.history) == hands:
        seat = game.to_act
        assert seat is not None
        game = game.apply(seat, choose(level, game.view(seat)))
    return game


def nil_cover_position(rules: RuleSet | None = None) -> Game:
    """The Nil-cover position, South to play (a seat looks at its cards before its bid:
    Blind Nil is open in the standard rules)."""
    game = Game.new(rules or RuleSet.preset("standard"), 7, 0, deal=NIL_COVER_DEAL)
    for seat, text in NIL_COVER_MOVES:
        if game.phase == "bidding" and not game.looked[seat]:
            game = game.apply(seat, "look")
        game = game.apply(seat, text)
    return game


def nil_cover_game(south_card: str) -> Game:
    """The Nil-cover position with South's card ``south_card``, the hand played out."""
    return finish_hand(nil_cover_position().apply(0, south_card))


def nil_cover_record(game_id: str, seats: Sequence[SeatRecord], kind: str = "casual",
                     ended_ms: int = 1_796_000_000_000) -> GameRecord:
    """The archive's record of a game of two hands (``max_hands``) opening with the
    Nil-cover hand and South's mistake (♥4 under its Nil partner's ♥Q)."""
    rules = RuleSet.from_dict({**RuleSet.preset("standard").to_dict(), "max_hands": 2})
    game = finish_hand(finish_hand(nil_cover_position(rules).apply(0, "play 4H")))
    return GameRecord(id=game_id, kind=kind, private=kind == "private",
                      rules=game.rules.to_dict(), seed=game.seed,
                      first_dealer=game.first_dealer, started_ms=ended_ms - 600_000,
                      ended_ms=ended_ms, seats=tuple(seats), actions=tuple(game.events),
                      winner=game.outcome if isinstance(game.outcome, int) else None,
                      totals=tuple(game.scores),
                      hands_played=game.hands_played, opening=game.opening)
