"""The six score lines of a team, in words a new player can follow.

``explain_team(record, team, rules)`` reads one hand's score record (as the engine
keeps it in ``Game.history``: bids, tricks, and per side the ``TeamScore`` fields plus
the running ``total``) and returns one sentence per line: contract, bags, Nil, bag
penalty, hand total, running total. A side is a team, or one player in the solo
formats (``RuleSet.teams``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from shared.i18n import Template, Text
from shared.numbers import signed
from shared.spades import RuleSet

from . import words as w
from .format_text import SEAT_NAMES

SEATS = SEAT_NAMES[4]
LINE_NAMES = tuple(w.LINE[name]() for name in (
    "contract_points", "bag_points", "nil_points", "bag_penalty", "hand_total", "total"))


def _is_nil(bid: Any) -> bool:
    return bid in ("nil", "blind nil", 0)


def _joined(parts: Sequence[Text], two: Template) -> Text:
    """One part, or two or more joined by ``two`` ("{first} and {second}")."""
    out = parts[0]
    for part in parts[1:]:
        out = two(first=out, second=part)
    return out


def explain_team(record: Mapping[str, Any], team: int, rules: RuleSet) -> list[Text]:
    """Six sentences, one per score line, for side ``team`` of ``rules.teams`` (four
    partners: 0 South-North, 1 West-East)."""
    line: Mapping[str, Any] = record["teams"][team]
    bids: Sequence[Any] = record["bids"]
    tricks: Sequence[int] = record["tricks"]
    seats = rules.teams[team]
    names = SEAT_NAMES[rules.seats]
    who = "player" if rules.solo else "team"
    numeric = [(names[s], bids[s]) for s in seats if not _is_nil(bids[s])]
    nils = [(names[s], bids[s], tricks[s]) for s in seats if _is_nil(bids[s])]
    contract = int(line["contract"])
    took = int(line["tricks"])
    parts = [w.SCORE_PART(seat=name, bid=bid) for name, bid in numeric]
    nil_tricks = sum(t for _, _, t in nils)
    counted = took
    nil_note = False
    if not rules.nil_tricks_count_for_partner and nil_tricks and not rules.solo:
        counted = took - nil_tricks
        nil_note = True
    if contract == 0:
        first = w.SCORE_ZERO()
    elif line["made"]:
        per = line["contract_points"] // contract
        first = (w.SCORE_MADE_NIL if nil_note else w.SCORE_MADE)(
            contract=contract, parts=_joined(parts, w.PLUS), taken=counted, per=per,
            points=signed(line["contract_points"]))
    else:
        first = (w.SCORE_SET_NIL if nil_note else w.SCORE_SET)(
            contract=contract, parts=_joined(parts, w.PLUS), taken=counted,
            points=signed(line["contract_points"]))
    new_bags = int(line["new_bags"])
    from_nil = nil_tricks if not rules.nil_tricks_count_for_partner else 0
    over = new_bags - from_nil
    said_bags = []
    if over:
        said_bags.append(w.SCORE_OVER(count=over))
    if from_nil:
        said_bags.append(w.SCORE_NIL_TRICKS(count=from_nil))
    if new_bags:
        second = w.SCORE_BAGS(what=_joined(said_bags, w.AND), points=signed(line["bag_points"]))
    elif not line["made"]:
        second = w.SCORE_BAGS_SET[who]()
    else:
        second = w.SCORE_BAGS_EXACT[who]()
    if nils:
        said = []
        for name, bid, t in nils:
            blind = bid == "blind nil"
            value = rules.blind_nil_value if blind else rules.nil_value
            kind = "Blind Nil" if blind else "Nil"
            if t == 0:
                said.append(w.SCORE_NIL_KEPT[kind](seat=name, value=value))
            else:
                said.append(w.SCORE_NIL_FAILED[kind](seat=name, count=t, value=value))
        third = w.SCORE_NIL(said=_joined(said, w.SEMI), points=signed(line["nil_points"]))
    else:
        third = w.SCORE_NO_NIL[who]()
    penalty = int(line["bag_penalty"])
    kept = int(line["bags"])
    if not rules.bag_penalty:
        fourth = w.SCORE_PENALTY_OFF()
    elif penalty:
        times = -penalty // rules.bag_penalty_points if rules.bag_penalty_points else 0
        before = kept + times * rules.bag_limit - new_bags
        fourth = w.SCORE_PENALTY(before=before, after=before + new_bags, limit=rules.bag_limit,
                                 points=signed(penalty), count=kept)
    else:
        fourth = w.SCORE_PENALTY_NONE(count=kept, limit=rules.bag_limit)
    fifth = w.SCORE_HAND(points=signed(int(line["hand_total"])))
    sixth = w.SCORE_RUNNING(total=line.get("total", 0))
    return [first, second, third, fourth, fifth, sixth]
