"""The analysis of one seat's decisions in a game record.

    >>> from shared.analysis import analyse
    >>> result = analyse(record, seat=0)        # record: Game.to_dict() or its events
    >>> [m.to_dict() for m in result.marks]     # the decisions that cost 8+ points

A record is what the engine replays: ``rules`` (a RuleSet dict), ``seed``,
``first_dealer``, ``opening`` (optional) and ``events`` ([seat, action] in order).
Only the hands the record finishes are analysed, so a game in progress reveals no
hand that is still being played (the bad-luck label reads the real cards).

Every bid and card of ``seat`` with a real choice is judged (:mod:`judge`) from that
seat's information only. A decision is

* a **mistake** when the best alternative was worth at least ``threshold`` expected
  points more, the gap is clear of its noise (two standard errors, paired deals) and
  the alternative also wins the game more often (the search's match equity);
* **bad luck** when the choice cost less than ``threshold`` by the seat's view but on
  the real cards another choice would have scored ``threshold`` points more;
* otherwise it is not marked.

Each mistake carries a practice position (:func:`practice_position`) to play again.
Passes of a Nil card pass, looks and Blind Nil bids are not judged.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from shared.bots.knowledge import card_index, read_view
from shared.i18n import wire_parts
from shared.spades import RANKED_RULES, Game, RuleSet
from shared.spades.cards import CODES

from .judge import Judgement, judge_bid, judge_play
from .reasons import action_text, bid_reason_text, luck_text, play_reason

THRESHOLD = 8.0  # expected points a decision must cost to be marked
CLEAR_Z = 2.0  # ... by this many standard errors of the paired gap

MISTAKE, BAD_LUCK = "mistake", "bad luck"


@dataclass(frozen=True, slots=True)
class Mark:
    """One marked decision. ``event`` is its index in the record's events."""

    event: int
    hand_no: int
    trick: int  # 0 for a bid; 1..13 for a card
    seat: int
    label: str  # MISTAKE or BAD_LUCK
    action: str  # what was done
    better: str  # the better choice (for bad luck: the one the real cards favoured)
    cost: float  # expected points the action gave away (judged from the seat's view)
    luck: float  # points it lost on the real cards to the best there
    reason: str
    deals: int
    position: dict[str, Any] | None  # a practice position (mistakes only)

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.event, "hand": self.hand_no, "trick": self.trick,
                "seat": self.seat, "label": self.label, "action": self.action,
                "better": self.better, "cost": round(self.cost, 1),
                "luck": round(self.luck, 1), "reason": self.reason, "deals": self.deals,
                "position": self.position, **_reason_parts(self.reason)}


def _reason_parts(reason: str) -> dict[str, Any]:
    """``reason_key`` and ``reason_args``: the reason's catalogue id and arguments (an
    argument that is a sentence as ``[key, args]``), when it has them."""
    key, args = wire_parts(reason)
    return {} if key is None else {"reason_key": key, "reason_args": args}


@dataclass(frozen=True, slots=True)
class Analysis:
    """The result: the marks, and how many decisions were judged."""

    seat: int
    threshold: float
    hands: int  # finished hands analysed
    judged: int  # decisions with a real choice
    marks: tuple[Mark, ...]

    @property
    def mistakes(self) -> tuple[Mark, ...]:
        return tuple(m for m in self.marks if m.label == MISTAKE)

    def to_dict(self) -> dict[str, Any]:
        """JSON- and msgpack-safe."""
        return {"seat": self.seat, "threshold": self.threshold, "hands": self.hands,
                "judged": self.judged, "marks": [m.to_dict() for m in self.marks]}


def replay_record(record: Mapping[str, Any]) -> tuple[RuleSet, Game, list[tuple[int, str]]]:
    """(rules, the game at its start, the events) of a record; ValueError if damaged."""
    try:
        rules = RuleSet.from_dict(record["rules"])
        opening = record.get("opening") or {}
        start = Game.new(rules, int(record["seed"]), int(record["first_dealer"]),
                         deal=opening.get("deal"), scores=tuple(opening.get("scores", (0, 0))),
                         bags=tuple(opening.get("bags", (0, 0))))
        events = [(int(seat), str(text)) for seat, text in record["events"]]
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise ValueError(f"This is not a game record ({type(err).__name__}: {err}).") from None
    return rules, start, events


def practice_position(game: Game, moves: list[str], seat: int) -> dict[str, Any]:
    """The ``practice`` message's fields that reopen ``game``'s position for ``seat``
    (docs/protocol.md): ``preset`` and ``position`` (the hand's deal, the scores and
    bags before it, the dealer and the moves of the hand so far, looks left out: the
    practice table looks for a seat before its bid)."""
    deal = [[CODES[c] for c in range(54) if mask >> c & 1] for mask in game.dealt]
    # Ranked rules are no preset a practice table may choose; within a hand they are
    # the standard game's (they differ only in when the game ends).
    ranked = game.rules.name == RANKED_RULES.name
    preset = "standard" if ranked else game.rules.name
    return {"preset": preset, "position": {
        "deal": deal, "scores": list(game.scores), "bags": list(game.bags),
        "dealer": game.dealer, "moves": [m for m in moves if m != "look"], "seat": seat}}


def analyse(record: Mapping[str, Any], seat: int, threshold: float = THRESHOLD) -> Analysis:
    """Judge every bid and card ``seat`` chose in the record's finished hands."""
    _, game, events = replay_record(record)
    n_seats = len(game.hands)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n_seats:
        raise ValueError(f"There is no seat {seat!r}; seats are 0 to {n_seats - 1}.")
    final = game
    try:
        for who, text in events:
            final = final.apply(who, text)
    except Exception as err:  # the engine's errors say which rule a move broke
        raise ValueError(f"The record does not replay: {err}") from None
    finished = len(final.history)
    marks: list[Mark] = []
    judged = 0
    moves: list[str] = []  # this hand's actions so far
    hand_no = game.hand_no
    for index, (who, text) in enumerate(events):
        if game.hand_no != hand_no:
            hand_no, moves = game.hand_no, []
        if game.hand_no >= finished:
            break
        if who == seat and game.to_act == seat and (text.startswith("play ") or (
                text.startswith("bid ") and text != "bid blind nil")):
            j = _judge(game, seat, text, threshold)
            if j is not None:
                judged += 1
                mark = _mark(j, game, seat, index, text, moves, threshold)
                if mark is not None:
                    marks.append(mark)
        moves.append(text)
        game = game.apply(who, text)
    return Analysis(seat, threshold, finished, judged, tuple(marks))


def _judge(game: Game, seat: int, text: str, threshold: float) -> Judgement | None:
    view = game.view(seat)
    if len(view.legal) < 2:
        return None
    k = read_view(view)
    if text.startswith("play "):
        return judge_play(k, game.hands, card_index(text[5:]), threshold)
    return judge_bid(k, game.hands, text, threshold)


def classify(j: Judgement, threshold: float = THRESHOLD) -> str | None:
    """MISTAKE, BAD_LUCK or None (not marked) for one judged decision."""
    if j.best != j.chosen and j.cost >= threshold:
        # Costly: a mistake when the gap is clear of its noise, unless the choice wins
        # the game more often (late in a game safety can be worth points). Neither way
        # is it bad luck: the seat's view did not clear it.
        if j.cost >= CLEAR_Z * j.error and j.equity_gap > 0:
            return MISTAKE
        return None
    if j.luck >= threshold and j.best_actual != j.chosen:
        return BAD_LUCK
    return None


def _mark(j: Judgement, game: Game, seat: int, index: int, text: str, moves: list[str],
          threshold: float) -> Mark | None:
    label = classify(j, threshold)
    if label is None:
        return None
    k = read_view(game.view(seat))
    trick = 0 if j.kind == "bid" else len(game.tricks) + 1
    if label == MISTAKE:
        reason = play_reason(j, k) if j.kind == "play" else bid_reason_text(j, k)
        return Mark(index, game.hand_no, trick, seat, MISTAKE, text, j.best, j.cost,
                    j.luck, reason, j.deals, practice_position(game, moves, seat))
    return Mark(index, game.hand_no, trick, seat, BAD_LUCK, text, j.best_actual, j.cost,
                j.luck, luck_text(j), j.deals, None)


__all__ = ["BAD_LUCK", "MISTAKE", "THRESHOLD", "Analysis", "Mark", "action_text", "analyse",
           "classify", "practice_position", "replay_record"]
