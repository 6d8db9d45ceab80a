"""The sentences a person reads beside a marked decision.

Each names the better choice, what it does that the choice did not (covers the
partner's Nil, keeps one's own, sets an opponent's, makes the contract, sets theirs,
takes fewer bags) in words a Spades player reads without statistics ("about 8 times
in 10", never a percentage or a count of sampled deals), and the points:
"the ♥A would have covered your partner's Nil: with it the Nil holds about 8 times in
10, after your ♥4 about 3 times in 10. Worth about 23 points". A bid names the cards
behind the better bid, as the Tip does.
"""

from __future__ import annotations

from shared.bots import reasons as R
from shared.bots.bidder import bid_reason
from shared.bots.handeval import card_text, cards_text, estimate, nil_danger_cards
from shared.bots.knowledge import Knowledge, card_index
from shared.i18n import Template, Text

from .judge import Judgement, Trial

CLEAR_RATE = 0.15  # a difference in a share of deals worth naming
CLEAR_BAGS = 0.6  # ... in bags per hand

# The sentences, as catalogue entries (docs/i18n.md): a choice ({best}, {mine}) is a
# card ("♥K"), Nil or "bidding 4"; {often} and {then} how often (OFTEN_*), {points}
# the points (POINTS), {worth} the card's worth (WORTH).
OFTEN_ALWAYS = Template("advice.mark_always", "almost always")
OFTEN_NEVER = Template("advice.mark_never", "almost never")
OFTEN_RARELY = Template("advice.mark_rarely", "rarely")
OFTEN_TENTHS = Template("advice.mark_tenths", {
    "one": "about {count} time in 10",
    "other": "about {count} times in 10"})
POINTS = Template("advice.mark_points", {
    "one": "about {count} point",
    "other": "about {count} points"})
BIDDING = Template("advice.mark_bidding", "bidding {bid}")
WORTH = Template("advice.mark_worth", "Worth {points} more than the {mine}, on average")
COVER = Template("advice.mark_cover", "the {best} would have covered your partner's Nil: "
                 "with it the Nil holds {often}, after your {mine} {then}. {worth}")
OWN_NIL = Template("advice.mark_own_nil", "the {best} keeps your Nil safe: with it the Nil "
                   "holds {often}, after the {mine} {then}. {worth}")
SET_NIL = Template("advice.mark_set_nil",
                   "the {best} sets the opponents' Nil {often}, the {mine} {then}. {worth}")
MADE = Template("advice.mark_made", "with the {best} your side makes its bid {often}, "
                "with the {mine} {then}. {worth}")
SET_BID = Template("advice.mark_set_bid",
                   "the {best} sets the opponents' bid {often}, the {mine} {then}. {worth}")
BAGS = Template("advice.mark_bags", "the {best} takes about {bags} fewer bags. {worth}")
BETTER = Template("advice.mark_better",
                  "the {best} scores better however the hidden cards lie. {worth}")
NIL_WORTH = Template("advice.mark_nil_worth", "Nil was worth {points} more than bidding "
                     "{mine}: with this hand Nil holds {often}")
NOT_NIL = Template("advice.mark_not_nil", "bidding {bid} was worth {points} more than Nil: "
                   "with this hand Nil holds only {often}")
NOT_NIL_RISK = Template("advice.mark_not_nil_risk", "bidding {bid} was worth {points} more "
                        "than Nil: with this hand Nil holds only {often} ({cards} can take "
                        "tricks)")
OVERBID = Template("advice.mark_overbid", "bidding {bid} was worth {points} more than "
                   "{mine}: {mine} is made only {often} ({cards})")
UNDERBID = Template("advice.mark_underbid",
                    "bidding {bid} was worth {points} more than {mine}: you held {cards}")
LUCK = Template("advice.mark_luck", "from what you could see, {mine} was as good as any "
                "choice; on the real cards {other} happened to score {points} more")


def action_text(action: str) -> str:
    """``play KH`` -> ``♥K``; ``bid 4`` -> ``bidding 4``; ``bid nil`` -> ``Nil``."""
    if action.startswith("play "):
        return card_text(card_index(action[5:]))
    if action == "bid nil":
        return R.NIL()
    return BIDDING(bid=int(action[4:]) if action[4:].isdigit() else action[4:])


def _gap(better: Trial, worse: Trial, name: str) -> tuple[float, float] | None:
    rb, rw = better.rate(name), worse.rate(name)
    if rb is None or rw is None or rb - rw < CLEAR_RATE:
        return None
    return rb, rw


def how_often(rate: float) -> Text:
    """A share of the ways the hidden cards could lie, as a player says it:
    ``almost always``, ``about 7 times in 10``, ``almost never``."""
    tenths = round(rate * 10)
    if rate >= 0.95:
        return OFTEN_ALWAYS()
    if rate <= 0.05:
        return OFTEN_NEVER()
    return OFTEN_TENTHS(count=max(1, min(9, tenths)))


def points_text(points: float) -> Text:
    """``about 23 points`` (``about 1 point``)."""
    return POINTS(count=round(points))


def play_reason(j: Judgement, k: Knowledge) -> Text:
    """Why the better card was better (``j.best`` over ``j.chosen``)."""
    best, mine = j.trials[j.best], j.trials[j.chosen]
    b, c = action_text(best.action), action_text(mine.action)
    worth = WORTH(points=points_text(j.cost), mine=c)
    g = _gap(best, mine, "partner_nil")
    if g and k.partner is not None and k.nil_alive(k.partner):
        return COVER(best=b, often=how_often(g[0]), mine=c, then=how_often(g[1]), worth=worth)
    g = _gap(best, mine, "own_nil")
    if g and k.nil_alive(k.seat):
        return OWN_NIL(best=b, often=how_often(g[0]), mine=c, then=how_often(g[1]),
                       worth=worth)
    sb, sm = best.their_nil_set(), mine.their_nil_set()
    if sb is not None and sm is not None and sb - sm >= CLEAR_RATE:
        return SET_NIL(best=b, often=how_often(sb), mine=c, then=how_often(sm), worth=worth)
    g = _gap(best, mine, "made")
    if g:
        return MADE(best=b, often=how_often(g[0]), mine=c, then=how_often(g[1]), worth=worth)
    g = _gap(best, mine, "set_them")
    if g:
        return SET_BID(best=b, often=how_often(g[0]), mine=c, then=how_often(g[1]),
                       worth=worth)
    fewer = mine.bags() - best.bags()
    if fewer >= CLEAR_BAGS:
        return BAGS(best=b, bags=round(fewer, 1), worth=worth)
    return BETTER(best=b, worth=worth)


def bid_reason_text(j: Judgement, k: Knowledge) -> Text:
    """Why the better bid was better: the cards behind it, or how Nil fares."""
    best, mine = j.trials[j.best], j.trials[j.chosen]
    points = points_text(j.cost)
    if best.action == "bid nil":
        held = best.rate("own_nil") or 0.0
        bid = mine.action[4:]
        return NIL_WORTH(points=points, mine=int(bid) if bid.isdigit() else bid,
                         often=how_often(held))
    n = int(best.action[4:])
    if mine.action == "bid nil":
        held = mine.rate("own_nil") or 0.0
        danger = nil_danger_cards(k.hand, k.rules.jokers)
        if danger:
            return NOT_NIL_RISK(bid=n, points=points, often=how_often(held),
                                cards=cards_text(danger))
        return NOT_NIL(bid=n, points=points, often=how_often(held))
    cards = bid_reason(estimate(k.hand, k.rules.jokers), k.hand, n, k.rules.jokers,
                       k.table.copies)
    chosen = int(mine.action[4:])
    if chosen > n:
        made = mine.rate("made")
        often = how_often(made) if made is not None else OFTEN_RARELY()
        return OVERBID(bid=n, points=points, mine=chosen, often=often, cards=cards)
    return UNDERBID(bid=n, points=points, mine=chosen, cards=cards)


def luck_text(j: Judgement) -> Text:
    """The bad-luck label's sentence: the real cards favoured another choice."""
    other, mine = action_text(j.best_actual), action_text(j.chosen)
    return LUCK(mine=mine, other=other, points=points_text(j.luck))
