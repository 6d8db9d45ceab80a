"""The rules page, written from a ``RuleSet``: what is shown is what that table plays.

``rules_document(rules)`` is pure. Its ``RulesDocument`` holds sections of plain text
(every number in them comes from ``rules``), the six score lines with a worked example
computed by ``shared.spades.score_hand`` under ``rules``, the presets side by side with
this table, the variants (``on`` marks those in effect here), and the FAQ and strategy
notes of ``notes.py``. ``to_dict()`` gives JSON-safe data for the web page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shared.numbers import number, signed
from shared.spades import PRESETS, RuleSet, score_hand

from . import format_text
from .notes import Note, faq, strategy
from .score_text import LINE_NAMES, explain_team

BLIND_NIL_WHO = {
    "off": "not played",
    "any": "any player, before looking at the cards",
    "trailing": "only a player whose {side} is behind by at least {margin}",
    "opening_bidder": "only the player left of the dealer (the first to bid)",
}
BIDDING_TEXT = {
    "standard": "any bid from 1 to 13, or Nil",
    "whiz": "whiz: bid exactly your number of spades, or Nil",
    "mirror": "mirror: bid exactly your number of spades (Nil with none)",
    "suicide": "suicide: one partner of each team bids Nil and the other at least 4",
}
FIELD_LABELS = {
    "players": "Players",
    "partnerships": "Partnerships",
    "target_score": "Target score",
    "losing_score": "A team loses at",
    "max_hands": "Hand limit",
    "bidding": "Bidding",
    "min_team_bid": "Minimum team bid",
    "nil_value": "Nil is worth",
    "blind_nil": "Blind Nil",
    "blind_nil_value": "Blind Nil is worth",
    "blind_nil_margin": "Blind Nil when behind by",
    "double_nil": "Both partners may bid Nil",
    "nil_after_partner": "Nil after the partner's bid",
    "nil_tricks_count_for_partner": "Nil bidder's tricks count for the partner",
    "nil_pass": "Cards passed with Nil",
    "blind_nil_pass": "Cards passed with Blind Nil",
    "bag_penalty": "Bag penalty",
    "bag_limit": "Bags per penalty",
    "bag_penalty_points": "Penalty points",
    "ten_for_two_hundred": "Ten for two hundred",
    "jokers": "Jokers",
}


def format_value(name: str, value: Any) -> str:
    """A rule's value as people read it: ``True`` -> ``yes``, ``None`` -> ``none``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if name == "blind_nil":
        return {"off": "off", "any": "anyone", "trailing": "when behind",
                "opening_bidder": "opening bidder"}.get(str(value), str(value))
    return str(value)


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
    side = "score" if r.solo else "team"
    return BLIND_NIL_WHO[r.blind_nil].format(margin=r.blind_nil_margin, side=side).replace(
        "whose score is behind", "who is behind the leader")


def _game_end(r: RuleSet) -> str:
    if r.seats == 4 and not r.solo:
        text = (f"The game ends after the hand in which a team reaches {r.target_score} points"
                + (f" or falls to {number(r.losing_score)}" if r.losing_score is not None else "")
                + ". The team with the higher total wins, even if both teams passed the "
                  "target; if the totals are equal, another hand is played until one team "
                  "is ahead.")
        if r.max_hands is not None:
            text += (f" After {r.max_hands} hands the game ends anyway, and equal totals are "
                     "a draw.")
        return text
    return format_text.game_end(r)


def _bidding_text(r: RuleSet) -> str:
    return BIDDING_TEXT[r.bidding].replace("1 to 13", f"1 to {r.tricks_per_hand}")


def _at_a_glance(r: RuleSet) -> tuple[tuple[str, str], ...]:
    lines = [
        ("Game to", f"{r.target_score} points"),
        ("Bidding", _bidding_text(r)),
        ("Nil", f"±{r.nil_value}"),
        ("Blind Nil", "off" if r.blind_nil == "off"
         else f"±{r.blind_nil_value}, {_blind_who(r)}"),
        ("Bags", f"every {r.bag_limit} cost {r.bag_penalty_points}" if r.bag_penalty
         else "+1 each, never a penalty"),
        ("Deck", _deck_short(r)),
    ]
    if r.losing_score is not None:
        lines.insert(1, ("A player loses at" if r.solo else "A team loses at",
                         number(r.losing_score)))
    if r.max_hands is not None:
        lines.insert(1, ("Hand limit", f"{r.max_hands} hands"))
    if r.seats != 4 or r.solo:  # the classic game's page stays as it was
        lines.insert(0, ("Players", format_text.format_line(r)))
    return tuple(lines)


def _deck_short(r: RuleSet) -> str:
    deck = {6: "two decks without the 2♣s (102 cards)", 3: "51 cards (the 2♣ out)"}.get(
        r.seats, "52 cards")
    return f"{deck} and two jokers (2♣ and 2♦ out)" if r.jokers else deck


def _sections(r: RuleSet) -> tuple[Section, ...]:
    deck = ("The deck is 52 cards with two jokers added and the 2♣ and 2♦ taken out. The "
            "jokers are spades, above the Ace: the Big Joker is the highest card, then the "
            "Little Joker." if r.jokers else "The deck is the standard 52 cards, no jokers.")
    partners = not r.solo
    nil_rules = [f"A bid of zero is Nil: a promise to take no tricks, worth +{r.nil_value} "
                 f"if kept and −{r.nil_value} if the Nil bidder takes even one trick, scored "
                 "on its own line." + (" The partner's bid alone is then the team's contract."
                                       if partners else "")]
    if partners:
        nil_rules.append("Both partners may bid Nil in the same hand." if r.double_nil
                         else "Only one partner of a team may bid Nil in a hand.")
    if not r.nil_after_partner:
        nil_rules.append("Nil may only be bid before your partner has bid.")
    if r.blind_nil != "off":
        nil_rules.append(f"Blind Nil is Nil bid before looking at your cards, worth "
                         f"±{r.blind_nil_value}; here it is open to {_blind_who(r)}.")
    else:
        nil_rules.append("Blind Nil is not played at this table.")
    if r.nil_pass or r.blind_nil_pass:
        nil_rules.append(f"After the bids, a Nil bidder and the partner exchange cards: "
                         f"{r.nil_pass} with Nil, {r.blind_nil_pass} with Blind Nil.")
    bidding_text = _bidding_text(r)
    bidding = [
        "Starting left of the dealer and going clockwise, each player bids once the number "
        f"of tricks they expect to win: {bidding_text}. Bids are public and "
        "cannot be changed. " + (format_text.contract_text(r) if r.seats != 4 or r.solo else
                                 "Partners' bids add up to the team's contract; the four "
                                 "bids need not add up to 13."),
    ]
    if r.min_team_bid:
        bidding.append(f"The two partners must bid at least {r.min_team_bid} together, "
                       "unless one of them bids Nil.")
    return (
        Section("basics", "Players, teams and cards", (
            "Four players in two teams: partners sit across from each other (South and "
            "North against West and East). Play goes clockwise. Each hand deals 13 cards "
            "to each player, and the deal moves one seat clockwise after every hand.",
            deck,
            "Cards rank from Ace (high) down to 2 in every suit. Spades are always trumps.",
        ) if r.seats == 4 and partners else format_text.basics(r)),
        Section("bidding", "Bidding", tuple(bidding)),
        Section("nil", "Nil and Blind Nil", tuple(nil_rules)),
        Section("play", "Playing a trick", (
            "The player left of the dealer leads the first trick; the winner of each trick "
            "leads the next. You must follow the suit led if you can; if you cannot, play "
            "any card, a spade (to trump) included.",
            "If a spade was played, the highest spade wins the trick; otherwise the highest "
            "card of the suit led wins. A card of another suit never wins.",
            "You may not lead a spade until spades are broken (a spade has been played on "
            "an earlier trick of the hand), unless you hold nothing but spades.",
        )),
        Section("end", "The end of the game", (_game_end(r),)),
    )


def _score_lines(r: RuleSet) -> tuple[tuple[str, str], ...]:
    who, its = ("player", "their") if r.solo else ("team", "its")
    contract = (f"Made (the {who} took at least {its} contract): +10 for each trick bid"
                + (", +20 a trick for a contract of 10 or more" if r.ten_for_two_hundred
                   else "")
                + ". Set (fewer tricks): −10 for each trick bid, with no credit for the "
                  "tricks taken.")
    bags = "+1 for each trick beyond the contract (an overtrick, or bag)"
    if not r.nil_tricks_count_for_partner and not r.solo:
        bags += ", and +1 (and a bag) for every trick a Nil bidder takes: those never count "
        bags += "toward the partner's contract"
    nil = f"+{r.nil_value} for each Nil made, −{r.nil_value} for each Nil failed"
    if r.blind_nil != "off":
        nil += f"; Blind Nil +{r.blind_nil_value} made, −{r.blind_nil_value} failed"
    penalty = (f"Bags are counted across hands; each time the count reaches {r.bag_limit}, "
               f"−{r.bag_penalty_points} and the count drops by {r.bag_limit} (the rest "
               "is kept)." if r.bag_penalty else "Off: bags score +1 and are never counted "
               "up.")
    return tuple(zip(LINE_NAMES, (contract, bags + ".", nil + ".", penalty,
                                  "The sum of the four lines above.",
                                  f"The {who}'s score after this hand."), strict=True))


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
        f"South bids 4 and North 3: a contract of 7. West bids Nil and East 4: a contract of "
        f"4. The teams start with {scores_before[0]} and {scores_before[1]} points, and "
        f"South–North have {bags_before[0]} bag{'' if bags_before[0] == 1 else 's'} on their "
        "count.",
        "South takes 5 tricks and North 4 (9 together); West takes 1 and East 3.",
    )
    return WorkedExample(setting, bids, tricks, bags_before, scores_before,
                         (dicts[0], dicts[1]),
                         (tuple(explain_team(record, 0, r)), tuple(explain_team(record, 1, r))))


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
    return tuple(Variant(v.id, v.name, v.text, False, "not played: it needs partners")
                 if v.id in PARTNER_VARIANTS else v for v in variants)


def _partnership_variants(r: RuleSet) -> tuple[Variant, ...]:
    passes = f"{r.nil_pass} with Nil, {r.blind_nil_pass} with Blind Nil"
    return (
        Variant("blind-nil", "Blind Nil", "Nil bid before looking at your cards, for "
                "double the points.", r.blind_nil != "off",
                "off" if r.blind_nil == "off" else f"±{r.blind_nil_value}, {_blind_who(r)}"),
        Variant("double-nil", "Double Nil", "Both partners of a team may bid Nil in the "
                "same hand; each is scored on its own.", r.double_nil,
                "allowed" if r.double_nil else "not allowed"),
        Variant("nil-first", "Nil only before the partner bids", "A player may not bid "
                "Nil once the partner has bid.", not r.nil_after_partner,
                "on" if not r.nil_after_partner else "off: Nil may follow the partner's bid"),
        Variant("nil-bags", "Nil tricks are bags", "A Nil bidder's tricks never help the "
                "partner's contract; each scores +1 and is a bag.",
                not r.nil_tricks_count_for_partner,
                "on" if not r.nil_tricks_count_for_partner else
                "off: they count toward the contract"),
        Variant("nil-pass", "Card pass with Nil", "After the bids a Nil bidder and the "
                "partner exchange cards, so the Nil bidder can give away high cards.",
                r.uses_passes, passes if r.uses_passes else "off"),
        Variant("whiz", "Whiz", "Bid exactly your number of spades, or Nil.",
                r.bidding == "whiz", "on" if r.bidding == "whiz" else "off"),
        Variant("mirror", "Mirror", "Bid exactly your number of spades.",
                r.bidding == "mirror", "on" if r.bidding == "mirror" else "off"),
        Variant("suicide", "Suicide", "One partner of each team must bid Nil, the other at "
                "least 4.", r.bidding == "suicide", "on" if r.bidding == "suicide" else "off"),
        Variant("min-team-bid", "Minimum team bid", "Partners must bid at least a set "
                "total together, unless one bids Nil.", r.min_team_bid > 0,
                f"at least {r.min_team_bid}" if r.min_team_bid else "off"),
        Variant("bag-penalty", "Bag penalty", "Overtricks are counted across hands and "
                "cost points when the count reaches the limit.", r.bag_penalty,
                f"every {r.bag_limit} bags cost {r.bag_penalty_points}" if r.bag_penalty
                else "off"),
        Variant("ten-for-200", "Ten for two hundred", "A made contract of 10 or more "
                "scores 20 a trick.", r.ten_for_two_hundred,
                "on" if r.ten_for_two_hundred else "off"),
        Variant("jokers", "Jokers", "Two jokers join the spades above the Ace; the 2♣ and "
                "2♦ leave the deck.", r.jokers, "on" if r.jokers else "off"),
        Variant("losing-score", "Losing score", "A team that falls this low loses at once.",
                r.losing_score is not None,
                number(r.losing_score) if r.losing_score is not None else "off"),
        Variant("hand-limit", "Hand limit", "The game ends after a number of hands; equal "
                "totals are then a draw.", r.max_hands is not None,
                f"{r.max_hands} hands" if r.max_hands is not None else "off"),
    )


def rules_document(rules: RuleSet) -> RulesDocument:
    """The whole rules page for ``rules``."""
    if not isinstance(rules, RuleSet):
        raise TypeError("rules_document needs a RuleSet")
    preset = _preset_of(rules)
    title = (f"Spades rules: the {preset} preset" if preset
             else f"Spades rules at this table ({rules.name}, with house rules)")
    return RulesDocument(
        rules=rules, preset=preset, title=title, at_a_glance=_at_a_glance(rules),
        sections=_sections(rules), score_lines=_score_lines(rules),
        example=worked_example(rules), presets=_presets(rules), variants=_variants(rules),
        faq=faq(rules), strategy=strategy(rules),
    )


__all__ = ["RulesDocument", "Section", "Variant", "WorkedExample", "format_value",
           "rules_document", "signed", "worked_example"]
