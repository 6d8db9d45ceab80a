"""The FAQ and the strategy notes. Each note names a scenario (a lesson or a practice
position) a player can open to try it; the answers follow the table's ``RuleSet``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shared.numbers import number
from shared.spades import RuleSet

from . import words as w


@dataclass(frozen=True, slots=True)
class Note:
    title: str  # the question, or the strategy's name
    text: str
    scenario: str  # the id of a scenario that shows it

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "text": self.text, "scenario": self.scenario}


def _blind_nil_answer(r: RuleSet) -> str:
    if r.blind_nil == "off":
        return w.FAQ_BLIND_OFF()
    kind = "trailing_solo" if r.blind_nil == "trailing" and r.solo else r.blind_nil
    who = w.FAQ_BLIND_WHO[kind](margin=r.blind_nil_margin)
    return w.JOIN(first=who, second=w.FAQ_BLIND_SCORES(value=r.blind_nil_value))


def _game_end_answer(r: RuleSet) -> str:
    who = "player" if r.solo else "team"
    text = (w.FAQ_END[who, True](target=r.target_score, losing=number(r.losing_score))
            if r.losing_score is not None else w.FAQ_END[who, False](target=r.target_score))
    if r.max_hands is not None:
        text = w.JOIN(first=text, second=w.FAQ_END_LIMIT(count=r.max_hands))
    return text


# Questions about partners: left out where nobody has one (the solo formats).
PARTNER_QUESTIONS = ("nil", "nil-duck")


def _note(key: str, scenario: str, text: str | None = None) -> Note:
    """The note ``key`` of ``words.NOTES`` (its title and, unless given, its text)."""
    title, said = w.NOTES[key]
    if text is None:
        assert said is not None, key  # a note without its own text is given one
        text = said()
    return Note(title(), text, scenario)


def faq(r: RuleSet) -> tuple[Note, ...]:
    """Questions new players ask, answered for the rules ``r`` (the solo formats leave
    out the questions about partners and say "player" for "team")."""
    notes = _faq(r)
    if not r.solo:
        return notes
    return tuple(n for n in notes if n.scenario not in PARTNER_QUESTIONS)


def _faq(r: RuleSet) -> tuple[Note, ...]:
    return (
        _note("cannot_follow", "following"),
        _note("lead_spade", "spades"),
        _note("change_bid", "bidding"),
        _note("both_nil", "nil", w.FAQ_BOTH_NIL_YES() if r.double_nil else w.FAQ_BOTH_NIL_NO()),
        _note("nil_tricks", "nil-duck", w.FAQ_NIL_TRICKS_YES() if r.nil_tricks_count_for_partner
              else w.FAQ_NIL_TRICKS_NO()),
        _note("blind_nil", "blind-nil", _blind_nil_answer(r)),
        _note("set", "set", w.FAQ_SET["player" if r.solo else "team"]()),
        _note("bags", "bags", w.FAQ_BAGS(limit=r.bag_limit, points=r.bag_penalty_points)
              if r.bag_penalty else w.FAQ_BAGS_FREE()),
        _note("game_end", "tie", _game_end_answer(r)),
        _note("carries", "next-hand", w.FAQ_CARRIES["player" if r.solo else "team"]()),
    )


def strategy(r: RuleSet) -> tuple[Note, ...]:
    """Four habits of good players, each with a position to try."""
    bag_text = (w.STRATEGY_BAGS["player" if r.solo else "team"](
        before=r.bag_limit - 1, points=r.bag_penalty_points)
        if r.bag_penalty else w.STRATEGY_BAGS_FREE())
    return (
        _note("counting", "bidding"),
        _note("ducking", "levels"),
        _note("setting_nil", "nil") if r.solo else _note("covering_nil", "nil"),
        _note("bag_counter", "bags", bag_text),
    )
