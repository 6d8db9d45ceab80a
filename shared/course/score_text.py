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

from shared.numbers import signed
from shared.spades import RuleSet

from .format_text import SEAT_NAMES

SEATS = SEAT_NAMES[4]
LINE_NAMES = ("Contract", "Bags", "Nil", "Bag penalty", "Hand total", "Running total")




def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _is_nil(bid: Any) -> bool:
    return bid in ("nil", "blind nil", 0)


def explain_team(record: Mapping[str, Any], team: int, rules: RuleSet) -> list[str]:
    """Six sentences, one per score line, for side ``team`` of ``rules.teams`` (four
    partners: 0 South-North, 1 West-East)."""
    line: Mapping[str, Any] = record["teams"][team]
    bids: Sequence[Any] = record["bids"]
    tricks: Sequence[int] = record["tricks"]
    seats = rules.teams[team]
    names = SEAT_NAMES[rules.seats]
    numeric = [(names[s], bids[s]) for s in seats if not _is_nil(bids[s])]
    nils = [(names[s], bids[s], tricks[s]) for s in seats if _is_nil(bids[s])]
    contract = int(line["contract"])
    took = int(line["tricks"])
    parts = " + ".join(f"{name} {bid}" for name, bid in numeric)
    nil_tricks = sum(t for _, _, t in nils)
    counted = took
    note = ""
    if not rules.nil_tricks_count_for_partner and nil_tricks and not rules.solo:
        counted = took - nil_tricks
        note = " (the Nil bidder's tricks do not count)"
    if contract == 0:
        first = ("Contract: no numeric bid, so the contract is 0 and every trick is an "
                 "overtrick: 0.")
    elif line["made"]:
        per = line["contract_points"] // contract
        first = (f"Contract: {contract} bid ({parts}), {counted} taken{note}: made, "
                 f"{per} × {contract} = {signed(line['contract_points'])}.")
    else:
        first = (f"Contract: {contract} bid ({parts}), only {counted} taken{note}: set, "
                 f"−10 × {contract} = {signed(line['contract_points'])}, with no credit for "
                 "the tricks taken.")
    new_bags = int(line["new_bags"])
    from_nil = nil_tricks if not rules.nil_tricks_count_for_partner else 0
    over = new_bags - from_nil
    said_bags = []
    if over:
        said_bags.append(f"{_plural(over, 'overtrick')} beyond the contract")
    if from_nil:
        said_bags.append(f"{_plural(from_nil, 'trick')} taken by the Nil bidder")
    if new_bags:
        second = f"Bags: {' and '.join(said_bags)}, +1 each: {signed(line['bag_points'])}."
    elif not line["made"]:
        second = f"Bags: none; a set {'player' if rules.solo else 'team'} banks no bags."
    else:
        second = (f"Bags: none; the {'player' if rules.solo else 'team'} took exactly "
                  f"{'their' if rules.solo else 'its'} contract.")
    if nils:
        said = []
        for name, bid, t in nils:
            blind = bid == "blind nil"
            value = rules.blind_nil_value if blind else rules.nil_value
            kind = "Blind Nil" if blind else "Nil"
            if t == 0:
                said.append(f"{name}'s {kind} took no trick: +{value}")
            else:
                said.append(f"{name}'s {kind} took {_plural(t, 'trick')}: −{value}")
        third = f"Nil: {'; '.join(said)}. Line total {signed(line['nil_points'])}."
    else:
        third = ("Nil: no Nil bid: 0." if rules.solo else "Nil: nobody on this team bid Nil: 0.")
    penalty = int(line["bag_penalty"])
    kept = int(line["bags"])
    if not rules.bag_penalty:
        fourth = "Bag penalty: off at this table; bags are never counted up: 0."
    elif penalty:
        times = -penalty // rules.bag_penalty_points if rules.bag_penalty_points else 0
        before = kept + times * rules.bag_limit - new_bags
        fourth = (f"Bag penalty: the counter went from {before} to {before + new_bags}, "
                  f"reaching {rules.bag_limit}: {signed(penalty)}, and {kept} "
                  f"{'bag is' if kept == 1 else 'bags are'} kept.")
    else:
        fourth = (f"Bag penalty: none; the counter stands at {kept} of {rules.bag_limit}.")
    fifth = f"Hand total: {signed(int(line['hand_total']))}."
    sixth = f"Running total: {line.get('total', 0)}."
    return [first, second, third, fourth, fifth, sixth]
