"""The problems a rule set can have, as catalogue entries (docs/i18n.md): each problem
is a word ``rules_problem.<id>``, and a refusal of one, two or three problems is a
sentence that reads them (``rules_refused.one``: "Invalid rules: {first:rules_problem}"),
so the page says it in its reader's language. A problem that names an option of the
protocol (a field's type, a choice not in its list: ``rules_problem.type_*``,
``choice``, ``range``, ``cards``) is a sentence with the option's name as an argument,
and a refusal of such problems, or of more than three, is ``rules_refused.many``: its
problems as one sentence made of sentences (``rules_refused.join``).
"""

from __future__ import annotations

from shared.i18n import Template, Text

__all__ = ["FIELD_PROBLEMS", "NOT_MAPPING", "NO_PRESET", "PROBLEMS", "REFUSED",
           "UNKNOWN_OPTIONS", "refusal"]

REFUSED = "Invalid rules: "


def _problem(key: str, english: str) -> Template:
    return Template(f"rules_problem.{key}", english)


PROBLEMS = {t.key.removeprefix("rules_problem."): t for t in (
    _problem("target_range", "The target score must be between 50 and 10000."),
    _problem("losing_range", "The losing score must be below zero (and not below -10000)."),
    _problem("hands_range", "The hand limit must be between 1 and 1000."),
    _problem("bag_limit_range", "The bag limit must be between 1 and 100."),
    _problem("min_team_bid_range", "The minimum team bid must be between 0 and 4."),
    _problem("min_team_bid_standard", "A minimum team bid only applies with standard bidding."),
    _problem("suicide_nil_after",
             "Suicide needs Nil after a partner's bid (one partner of each team bids Nil)."),
    _problem("mirror_blind_nil",
             "Mirror bids are fixed by the spades held, so Blind Nil must be off."),
    _problem("name_length", "The rules need a name of 1 to 40 characters."),
    _problem("players", "A game has 2, 3, 4 or 6 players."),
    _problem("solo_2", "2 players play without partnerships (partnerships must be off)."),
    _problem("solo_3", "3 players play without partnerships (partnerships must be off)."),
    _problem("six_partners", "6 players play in three partnerships (partnerships must be on)."),
    _problem("two_handed_blind_nil", "In the two-handed game each player sees the cards they "
             "draw, so Blind Nil must be off."),
    _problem("solo_nil_pass", "Nil card passes need a partner: set nil_pass and "
             "blind_nil_pass to 0 when there are no partnerships."),
    _problem("solo_min_team_bid", "A minimum team bid needs partners: set min_team_bid to 0 "
             "when there are no partnerships."),
    _problem("solo_suicide", "Suicide bidding needs partners (one of each team bids Nil)."),
    _problem("solo_nil_tricks", "Nil tricks counting for the partner needs partners: leave "
             "nil_tricks_count_for_partner on when there are no partnerships."),
    _problem("solo_double_nil", "Double Nil (both partners bidding Nil) needs partners: leave "
             "double_nil on when there are no partnerships."),
    _problem("solo_nil_after", "Nil after the partner's bid needs partners: leave "
             "nil_after_partner on when there are no partnerships."),
)}
# A problem naming an option of the protocol (the form a person fills never makes
# these; a crafted request does): the option's name and its values stay as written.
FIELD_PROBLEMS = {t.key.removeprefix("rules_problem."): t for t in (
    _problem("type_bool", "{field} must be true or false."),
    _problem("type_int", "{field} must be a whole number."),
    _problem("type_int_or_none", "{field} must be a whole number or none."),
    _problem("type_text", "{field} must be text."),
    _problem("choice", "{field} must be one of {choices}."),
    _problem("range", "{field} must be between {low} and {high}."),
    _problem("cards", "{field} must be 0, 1 or 2 cards."),
)}
NO_PRESET = Template("rules_refused.no_preset", "There is no preset {name}; choose one of "
                     "{names}.")
UNKNOWN_OPTIONS = Template("rules_refused.unknown_options", "Unknown rule option(s): {names}.")
NOT_MAPPING = Template("rules_refused.not_mapping",
                       "Rules must be a mapping of option names to values.")
_PLACES = ("first", "second", "third")
REFUSED_BY_COUNT = (
    Template("rules_refused.one", REFUSED + "{first:rules_problem}"),
    Template("rules_refused.two", REFUSED + "{first:rules_problem} {second:rules_problem}"),
    Template("rules_refused.three",
             REFUSED + "{first:rules_problem} {second:rules_problem} {third:rules_problem}"),
)
# Any other list of problems: each a sentence, joined one after the other.
MANY = Template("rules_refused.many", REFUSED + "{problems}")
JOIN = Template("rules_refused.join", "{first} {rest}")


def refusal(problems: list[str]) -> str:
    """The sentence refusing ``problems`` (each a ``rules_problem`` Text, or English):
    ``rules_refused.one`` to ``three`` when each is a problem without arguments and
    there are at most three, else ``rules_refused.many`` (English in it stays English)."""
    ids = [p.key.removeprefix("rules_problem.") for p in problems
           if isinstance(p, Text) and not p.args]
    if len(ids) == len(problems) and 1 <= len(ids) <= len(REFUSED_BY_COUNT):
        return REFUSED_BY_COUNT[len(ids) - 1](**dict(zip(_PLACES, ids, strict=False)))
    if not problems:
        return REFUSED.rstrip(": ") + "."
    joined = problems[-1]
    for problem in reversed(problems[:-1]):
        joined = JOIN(first=problem, rest=joined)
    return MANY(problems=joined)
