"""The rules page, written from a ``RuleSet``: what is shown is what that table plays.

``rules_document(rules)`` is pure. Its ``RulesDocument`` holds sections of plain text
(every number in them comes from ``rules``), the six score lines with a worked example
computed by ``shared.spades.score_hand`` under ``rules``, the presets side by side with
this table, the variants (``on`` marks those in effect here), and the FAQ and strategy
notes of ``notes.py``. ``to_dict()`` gives JSON-safe data for the web page. Every
sentence and label is a catalogue entry (``words.py``): an English ``Text`` that carries
its id and arguments, so the server writes the same document in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shared.numbers import number, signed
from shared.spades import PRESETS, RuleSet, score_hand

from . import format_text
from . import words as w
from .notes import Note, faq, strategy
from .score_text import LINE_NAMES, explain_team

# The options of the presets' table, in order (their labels: ``words.FIELD``).
FIELD_LABELS = {name: w.FIELD[name]() for name in w.FIELD}


def format_value(name: str, value: Any) -> str:
    """A rule's value as people read it: ``True`` -> ``yes``, ``None`` -> ``none``."""
    if value is None:
        return w.VALUE["none"]()
    if isinstance(value, bool):
        return w.VALUE["yes" if value else "no"]()
    if name in ("blind_nil", "bidding"):
        word = w.VALUE.get(f"{'blind' if name == 'blind_nil' else name}.{value}")
        return word() if word else str(value)
    return number(value) if isinstance(value, int) else str(value)


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    title: str
    paragraphs: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "paragraphs": list(self.paragraphs)}


@dataclass(frozen=True, slots=True)
class WorkedExample:
    """One hand scored under the table's rules: the setting, and per side (a team, or a
    player in the solo formats) six lines; ``sides`` names them."""

    setting: tuple[str, ...]
    bids: tuple[Any, ...]
    tricks: tuple[int, ...]
    bags_before: tuple[int, ...]
    scores_before: tuple[int, ...]
    teams: tuple[dict[str, Any], ...]  # TeamScore fields + running total, per side
    explained: tuple[tuple[str, ...], ...]
    sides: tuple[str, ...] = ("South–North", "West–East")

    def to_dict(self) -> dict[str, Any]:
        return {"setting": list(self.setting), "bids": list(self.bids), "sides": list(self.sides),
                "tricks": list(self.tricks), "bags_before": list(self.bags_before),
                "scores_before": list(self.scores_before),
                "teams": [dict(t) for t in self.teams],
                "explained": [list(e) for e in self.explained], "line_names": list(LINE_NAMES)}


@dataclass(frozen=True, slots=True)
class Variant:
    id: str
    name: str
    text: str
    on: bool
    setting: str  # what this table plays, in words

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "text": self.text, "on": self.on,
                "setting": self.setting}


@dataclass(frozen=True, slots=True)
class RulesDocument:
    rules: RuleSet
    preset: str | None  # the preset these rules equal, if any
    title: str
    short_title: str  # the title without "Spades rules": "the quick preset"
    at_a_glance: tuple[tuple[str, str], ...]
    sections: tuple[Section, ...]
    score_lines: tuple[tuple[str, str], ...]  # (line name, what it counts here)
    example: WorkedExample
    presets: dict[str, Any]
    variants: tuple[Variant, ...]
    faq: tuple[Note, ...]
    strategy: tuple[Note, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_dict(),
            "preset": self.preset,
            "title": self.title,
            "short_title": self.short_title,
            "at_a_glance": [list(p) for p in self.at_a_glance],
            "sections": [s.to_dict() for s in self.sections],
            "score_lines": [{"name": n, "text": t} for n, t in self.score_lines],
            "example": self.example.to_dict(),
            "presets": self.presets,
            "variants": [v.to_dict() for v in self.variants],
            "faq": [n.to_dict() for n in self.faq],
            "strategy": [n.to_dict() for n in self.strategy],
        }


def _blind_who(r: RuleSet) -> str:
    if r.blind_nil == "trailing" and r.solo:
        return w.BLIND_WHO["trailing_solo"](margin=r.blind_nil_margin)
    return w.BLIND_WHO[r.blind_nil](margin=r.blind_nil_margin)


def _game_end(r: RuleSet) -> str:
    if r.seats == 4 and not r.solo:
        text = (w.END_FOUR_FALLS(target=r.target_score, losing=number(r.losing_score))
                if r.losing_score is not None else w.END_FOUR(target=r.target_score))
        if r.max_hands is not None:
            text = w.JOIN(first=text, second=w.END_LIMIT(count=r.max_hands))
        return text
    return format_text.game_end(r)


def _bidding_text(r: RuleSet) -> str:
    return w.BIDDING[r.bidding](tricks=r.tricks_per_hand)


def _at_a_glance(r: RuleSet) -> tuple[tuple[str, str], ...]:
    g = w.GLANCE
    lines: list[tuple[str, str]] = [
        (g["game_to"](), w.POINTS(count=r.target_score)),
        (g["bidding"](), _bidding_text(r)),
        (g["nil"](), w.PLUS_MINUS(value=r.nil_value)),
        (g["blind_nil"](), w.OFF() if r.blind_nil == "off"
         else w.BLIND_GLANCE(value=r.blind_nil_value, who=_blind_who(r))),
        (g["bags"](), w.BAGS_COST(limit=r.bag_limit, points=r.bag_penalty_points)
         if r.bag_penalty else w.BAGS_FREE()),
        (g["deck"](), _deck_short(r)),
    ]
    if r.losing_score is not None:
        lines.insert(1, (g["player_loses" if r.solo else "team_loses"](),
                         number(r.losing_score)))
    if r.max_hands is not None:
        lines.insert(1, (g["hand_limit"](), w.HANDS(count=r.max_hands)))
    if r.seats != 4 or r.solo:  # the classic game's page stays as it was
        lines.insert(0, (g["players"](), format_text.format_line(r)))
    return tuple(lines)


def _deck_short(r: RuleSet) -> str:
    deck = w.DECK_SHORT[{6: "six", 3: "three"}.get(r.seats, "four")]()
    return w.DECK_JOKERS(deck=deck) if r.jokers else deck


def _sections(r: RuleSet) -> tuple[Section, ...]:
    deck = w.DECK_WITH_JOKERS() if r.jokers else w.DECK_PLAIN()
    partners = not r.solo
    nil_rules: list[str] = [(w.NIL_TEAM if partners else w.NIL_SOLO)(value=r.nil_value)]
    if partners:
        nil_rules.append(w.NIL_DOUBLE() if r.double_nil else w.NIL_SINGLE())
    if not r.nil_after_partner:
        nil_rules.append(w.NIL_FIRST())
    if r.blind_nil != "off":
        nil_rules.append(w.BLIND_OPEN(value=r.blind_nil_value, who=_blind_who(r)))
    else:
        nil_rules.append(w.BLIND_OFF())
    if r.nil_pass or r.blind_nil_pass:
        nil_rules.append(w.NIL_PASS(nil=r.nil_pass, blind=r.blind_nil_pass))
    contract = (format_text.contract_text(r) if r.seats != 4 or r.solo
                else w.CONTRACT_FOUR())
    bidding: list[str] = [w.BIDDING_PARAGRAPH(bidding=_bidding_text(r), contract=contract)]
    if r.min_team_bid:
        bidding.append(w.MIN_TEAM_BID(count=r.min_team_bid))
    return (
        Section("basics", w.SECTION["basics"](), (w.BASICS_FOUR(), deck, w.RANKS())
                if r.seats == 4 and partners else format_text.basics(r)),
        Section("bidding", w.SECTION["bidding"](), tuple(bidding)),
        Section("nil", w.SECTION["nil"](), tuple(nil_rules)),
        Section("play", w.SECTION["play"](), tuple(t() for t in w.PLAY)),
        Section("end", w.SECTION["end"](), (_game_end(r),)),
    )


def _score_lines(r: RuleSet) -> tuple[tuple[str, str], ...]:
    who = "player" if r.solo else "team"
    contract = w.RULE_CONTRACT[who, r.ten_for_two_hundred]()
    bags = (w.RULE_BAGS_NIL() if not r.nil_tricks_count_for_partner and not r.solo
            else w.RULE_BAGS())
    nil = (w.RULE_NIL_BLIND(value=r.nil_value, blind=r.blind_nil_value)
           if r.blind_nil != "off" else w.RULE_NIL(value=r.nil_value))
    penalty = (w.RULE_PENALTY(limit=r.bag_limit, points=r.bag_penalty_points)
               if r.bag_penalty else w.RULE_PENALTY_OFF())
    return tuple(zip(LINE_NAMES, (contract, bags, nil, penalty, w.RULE_SUM(),
                                  w.RULE_TOTAL[who]()), strict=True))


def worked_example(r: RuleSet) -> WorkedExample:
    """One hand scored by ``score_hand`` under ``r``: South 4 and North 3 take 9 tricks
    with the bag count one short of the penalty; West bids Nil and takes a trick. The
    other formats have their own hand (``format_text.EXAMPLES``), South's side again one
    bag short of the penalty."""
    if r.seats != 4 or r.solo:
        return _format_example(r)
    bids: tuple[Any, ...] = (4, "nil", 3, 4)
    tricks = (5, 1, 4, 3)
    bags_before = (max(0, r.bag_limit - 1), 0)
    scores_before = (120, 150)
    teams = score_hand(r, bids, tricks, bags_before)
    dicts = tuple(t.to_dict(total=scores_before[i] + t.hand_total) for i, t in enumerate(teams))
    record = {"bids": list(bids), "tricks": list(tricks), "teams": list(dicts)}
    setting = (
        w.EXAMPLE_BIDS(first=scores_before[0], second=scores_before[1], count=bags_before[0]),
        w.EXAMPLE_TRICKS(),
    )
    return WorkedExample(setting, bids, tricks, bags_before, scores_before,
                         (dicts[0], dicts[1]),
                         (tuple(explain_team(record, 0, r)), tuple(explain_team(record, 1, r))),
                         (w.SIDE_PAIR(first="South", second="North"),
                          w.SIDE_PAIR(first="West", second="East")))


def _format_example(r: RuleSet) -> WorkedExample:
    bids, tricks, scores_before = format_text.EXAMPLES[r.seats, r.partnerships]
    sides = len(r.teams)
    bags_before = (max(0, r.bag_limit - 1),) + (0,) * (sides - 1)
    teams = score_hand(r, bids, tricks, bags_before)
    dicts = tuple(t.to_dict(total=scores_before[i] + t.hand_total) for i, t in enumerate(teams))
    record = {"bids": list(bids), "tricks": list(tricks), "teams": list(dicts)}
    setting = format_text.example_setting(r, bids, tricks, scores_before, bags_before)
    return WorkedExample(setting, bids, tricks, bags_before, scores_before, dicts,
                         tuple(tuple(explain_team(record, i, r)) for i in range(sides)),
                         tuple(format_text.side_name(r, i) for i in range(sides)))


def _preset_of(r: RuleSet) -> str | None:
    for name, preset in PRESETS.items():
        if preset == r:
            return name
    return None


def _compared(r: RuleSet) -> dict[str, RuleSet]:
    """The presets the page sets beside ``r``: the four-player partnership presets for a
    partnership table of four; otherwise standard and the presets of the formats."""
    four = {n: p for n, p in PRESETS.items() if p.seats == 4 and not p.solo}
    if r.seats == 4 and not r.solo:
        return four
    return {"standard": PRESETS["standard"],
            **{n: p for n, p in PRESETS.items() if n not in four}}


def _presets(r: RuleSet) -> dict[str, Any]:
    compared = _compared(r)
    columns = ["This table", *compared]
    rows = []
    for name, label in FIELD_LABELS.items():
        values = [format_value(name, getattr(r, name)),
                  *(format_value(name, getattr(p, name)) for p in compared.values())]
        rows.append({"option": name, "label": label, "values": values,
                     "differs": len(set(values)) > 1})
    return {"columns": columns, "rows": rows}


# Variants that need partners: off in the solo formats, whatever their fields say.
PARTNER_VARIANTS = ("double-nil", "nil-first", "nil-bags", "nil-pass", "suicide",
                    "min-team-bid")


def _variants(r: RuleSet) -> tuple[Variant, ...]:
    variants = _partnership_variants(r)
    if not r.solo:
        return variants
    return tuple(Variant(v.id, v.name, v.text, False, w.SETTING["needs_partners"]())
                 if v.id in PARTNER_VARIANTS else v for v in variants)


def _variant(vid: str, on: bool, setting: str) -> Variant:
    name, text = w.VARIANT[vid]
    return Variant(vid, name(), text(), on, setting)


def _on_off(on: bool) -> str:
    return w.ON() if on else w.OFF()


def _partnership_variants(r: RuleSet) -> tuple[Variant, ...]:
    s = w.SETTING
    return (
        _variant("blind-nil", r.blind_nil != "off", w.OFF() if r.blind_nil == "off"
                 else w.BLIND_GLANCE(value=r.blind_nil_value, who=_blind_who(r))),
        _variant("double-nil", r.double_nil, s["allowed" if r.double_nil else "not_allowed"]()),
        _variant("nil-first", not r.nil_after_partner,
                 w.ON() if not r.nil_after_partner else s["nil_follows"]()),
        _variant("nil-bags", not r.nil_tricks_count_for_partner,
                 w.ON() if not r.nil_tricks_count_for_partner else s["nil_counts"]()),
        _variant("nil-pass", r.uses_passes,
                 w.SETTING_PASSES(nil=r.nil_pass, blind=r.blind_nil_pass) if r.uses_passes
                 else w.OFF()),
        _variant("whiz", r.bidding == "whiz", _on_off(r.bidding == "whiz")),
        _variant("mirror", r.bidding == "mirror", _on_off(r.bidding == "mirror")),
        _variant("suicide", r.bidding == "suicide", _on_off(r.bidding == "suicide")),
        _variant("min-team-bid", r.min_team_bid > 0,
                 w.SETTING_AT_LEAST(count=r.min_team_bid) if r.min_team_bid else w.OFF()),
        _variant("bag-penalty", r.bag_penalty,
                 w.SETTING_BAGS(limit=r.bag_limit, points=r.bag_penalty_points)
                 if r.bag_penalty else w.OFF()),
        _variant("ten-for-200", r.ten_for_two_hundred, _on_off(r.ten_for_two_hundred)),
        _variant("jokers", r.jokers, _on_off(r.jokers)),
        _variant("losing-score", r.losing_score is not None,
                 number(r.losing_score) if r.losing_score is not None else w.OFF()),
        _variant("hand-limit", r.max_hands is not None,
                 w.HANDS(count=r.max_hands) if r.max_hands is not None else w.OFF()),
    )


def rules_document(rules: RuleSet) -> RulesDocument:
    """The whole rules page for ``rules``."""
    if not isinstance(rules, RuleSet):
        raise TypeError("rules_document needs a RuleSet")
    preset = _preset_of(rules)
    named = w.PRESET_NAME.get(preset or rules.name)
    said = named() if named else (preset or rules.name)
    title = w.TITLE_PRESET(preset=said) if preset else w.TITLE_TABLE(name=said)
    short = w.SHORT_PRESET(preset=said) if preset else w.SHORT_TABLE(name=said)
    return RulesDocument(
        rules=rules, preset=preset, title=title, short_title=short,
        at_a_glance=_at_a_glance(rules),
        sections=_sections(rules), score_lines=_score_lines(rules),
        example=worked_example(rules), presets=_presets(rules), variants=_variants(rules),
        faq=faq(rules), strategy=strategy(rules),
    )


__all__ = ["RulesDocument", "Section", "Variant", "WorkedExample", "format_value",
           "rules_document", "signed", "worked_example"]
