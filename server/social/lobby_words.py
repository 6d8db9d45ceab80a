"""The lobby's one-line rules of a table (a quick-play pool, an open table, a game to
watch, an invite), as catalogue entries: each part of the line is said whole, so each
language orders its own words; the page joins the parts with " · " (docs/i18n.md).

``rules_parts`` gives the parts as ``[id, args]`` pairs (a name no catalogue has, a
custom rule set's, as its plain text), ``format_part`` the format's one pair; their
English, joined, is the line ``lobby_lists.rules_line`` and ``format_line`` send as it
is (for tools, and a page without the catalogue).
"""

from __future__ import annotations

from typing import Any

from shared.i18n import Template, Text
from shared.spades.rules import RuleSet

__all__ = ["FORMAT", "format_part", "rules_parts", "rules_texts"]

# A rule set's name, where it is not the standard game: the presets', the pools' and
# the ranked queue's (any other name is a part shown as it is, in every language).
NAMES = {
    "quick": Template("lobby_rules.name.quick", "Quick"),
    "club": Template("lobby_rules.name.club", "Club"),
    "course": Template("lobby_rules.name.course", "Course"),
    "cutthroat": Template("lobby_rules.name.cutthroat", "Cutthroat"),
    "three_handed": Template("lobby_rules.name.three_handed", "Three Handed"),
    "two_handed": Template("lobby_rules.name.two_handed", "Two Handed"),
    "six_handed": Template("lobby_rules.name.six_handed", "Six Handed"),
    "jokers": Template("lobby_rules.name.jokers", "Jokers"),
    "whiz": Template("lobby_rules.name.whiz", "Whiz"),
    "ranked": Template("lobby_rules.name.ranked", "Ranked"),
}
TARGET = Template("lobby_rules.target", "{target}")
BLIND_NIL = {
    "any": Template("lobby_rules.blind_nil.any", "Blind Nil any"),
    "trailing": Template("lobby_rules.blind_nil.trailing", "Blind Nil trailing"),
    "opening_bidder": Template("lobby_rules.blind_nil.opening_bidder",
                               "Blind Nil opening bidder"),
}
BIDDING = {
    "whiz": Template("lobby_rules.bidding.whiz", "whiz bidding"),
    "mirror": Template("lobby_rules.bidding.mirror", "mirror bidding"),
    "suicide": Template("lobby_rules.bidding.suicide", "suicide bidding"),
}
JOKERS = Template("lobby_rules.jokers", "jokers")
BAGS = Template("lobby_rules.bags", "bags {limit}/{points}")
NO_BAGS = Template("lobby_rules.no_bags", "no bags")
BOTS = {
    "easy": Template("lobby_rules.bots.easy", "Easy bots"),
    "standard": Template("lobby_rules.bots.standard", "Standard bots"),
    "challenge": Template("lobby_rules.bots.challenge", "Challenge bots"),
}
HOUSE_RULES = Template("lobby_rules.house_rules", "house rules")
# The format in a few words, as the rules page says it (shared/course/format_text.py).
FORMAT = {
    "partners": Template("lobby_rules.format.partners", "four players in two partnerships"),
    "cutthroat": Template("lobby_rules.format.cutthroat",
                          "four players, each on their own (cutthroat)"),
    "three_handed": Template("lobby_rules.format.three_handed",
                             "three players, each on their own"),
    "two_handed": Template("lobby_rules.format.two_handed", "two players, each on their own"),
    "six_handed": Template("lobby_rules.format.six_handed", "six players in three partnerships"),
}


def _wire(texts: list[str]) -> list[Any]:
    return [[text.key, dict(text.args)] if isinstance(text, Text) else text
            for text in texts]


def rules_texts(rules: dict[str, Any], bot_level: str | None = None) -> list[str]:
    """The parts of a table's line of rules ("500", "Blind Nil any", "bags 10/100",
    "Standard bots"), each a catalogue sentence (a ``Text``) but a name no catalogue
    has, which is plain text; "house rules" alone for rules that do not parse."""
    try:
        r = RuleSet.from_dict(rules)
    except (ValueError, TypeError):
        return [HOUSE_RULES()]
    parts: list[str] = [TARGET(target=r.target_score)]
    if r.name not in ("standard", "custom"):
        name = NAMES.get(r.name)
        parts.insert(0, name() if name else r.name.replace("_", " ").title())
    if r.blind_nil != "off":
        parts.append(BLIND_NIL[r.blind_nil]())
    if r.bidding != "standard":
        parts.append(BIDDING[r.bidding]())
    if r.jokers:
        parts.append(JOKERS())
    parts.append(BAGS(limit=r.bag_limit, points=r.bag_penalty_points) if r.bag_penalty
                 else NO_BAGS())
    if bot_level:
        level = BOTS.get(bot_level)
        parts.append(level() if level else f"{bot_level.title()} bots")
    return parts


def rules_parts(rules: dict[str, Any], bot_level: str | None = None) -> list[Any]:
    """``rules_texts`` as the wire carries it: ``[[id, args], ...]``, a plain name as
    its text."""
    return _wire(rules_texts(rules, bot_level))


def format_text(rules: dict[str, Any]) -> Text | None:
    """The format of a table's rules in a few words; None for rules that do not parse."""
    try:
        r = RuleSet.from_dict(rules)
    except (ValueError, TypeError):
        return None
    if r.players == 6:
        return FORMAT["six_handed"]()
    if r.players == 4:
        return FORMAT["partners" if r.partnerships else "cutthroat"]()
    return FORMAT["three_handed" if r.players == 3 else "two_handed"]()


def format_part(rules: dict[str, Any]) -> list[Any] | None:
    """``format_text`` as the wire carries it: ``[id, args]``, or None."""
    text = format_text(rules)
    return None if text is None else _wire([text])[0]
