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

from shared.bots.bidder import bid_reason
from shared.bots.handeval import card_text, cards_text, estimate, nil_danger_cards
from shared.bots.knowledge import Knowledge, card_index

from .judge import Judgement, Trial

CLEAR_RATE = 0.15  # a difference in a share of deals worth naming
CLEAR_BAGS = 0.6  # ... in bags per hand


def action_text(action: str) -> str:
    """``play KH`` -> ``♥K``; ``bid 4`` -> ``bidding 4``; ``bid nil`` -> ``Nil``."""
    if action.startswith("play "):
        return card_text(card_index(action[5:]))
    if action == "bid nil":
        return "Nil"
    return "bidding " + action[4:]


def _gap(better: Trial, worse: Trial, name: str) -> tuple[float, float] | None:
    rb, rw = better.rate(name), worse.rate(name)
    if rb is None or rw is None or rb - rw < CLEAR_RATE:
        return None
    return rb, rw


def how_often(rate: float) -> str:
    """A share of the ways the hidden cards could lie, as a player says it:
    ``almost always``, ``about 7 times in 10``, ``almost never``."""
    tenths = round(rate * 10)
    if rate >= 0.95:
        return "almost always"
    if rate <= 0.05:
        return "almost never"
    return f"about {max(1, min(9, tenths))} {'time' if tenths <= 1 else 'times'} in 10"


def points_text(points: float) -> str:
    """``about 23 points`` (``about 1 point``)."""
    n = round(points)
    return f"about {n} {'point' if n == 1 else 'points'}"


def play_reason(j: Judgement, k: Knowledge) -> str:
    """Why the better card was better (``j.best`` over ``j.chosen``)."""
    best, mine = j.trials[j.best], j.trials[j.chosen]
    b, c = action_text(best.action), action_text(mine.action)
    worth = f"Worth {points_text(j.cost)} more than the {c}, on average"
    g = _gap(best, mine, "partner_nil")
    if g and k.partner is not None and k.nil_alive(k.partner):
        return (f"the {b} would have covered your partner's Nil: with it the Nil holds "
                f"{how_often(g[0])}, after your {c} {how_often(g[1])}. {worth}")
    g = _gap(best, mine, "own_nil")
    if g and k.nil_alive(k.seat):
        return (f"the {b} keeps your Nil safe: with it the Nil holds {how_often(g[0])}, "
                f"after the {c} {how_often(g[1])}. {worth}")
    sb, sm = best.their_nil_set(), mine.their_nil_set()
    if sb is not None and sm is not None and sb - sm >= CLEAR_RATE:
        return (f"the {b} sets the opponents' Nil {how_often(sb)}, the {c} "
                f"{how_often(sm)}. {worth}")
    g = _gap(best, mine, "made")
    if g:
        return (f"with the {b} your side makes its bid {how_often(g[0])}, with the {c} "
                f"{how_often(g[1])}. {worth}")
    g = _gap(best, mine, "set_them")
    if g:
        return (f"the {b} sets the opponents' bid {how_often(g[0])}, the {c} "
                f"{how_often(g[1])}. {worth}")
    fewer = mine.bags() - best.bags()
    if fewer >= CLEAR_BAGS:
        return f"the {b} takes about {fewer:.1f} fewer bags. {worth}"
    return (f"the {b} scores better however the hidden cards lie. {worth}")


def bid_reason_text(j: Judgement, k: Knowledge) -> str:
    """Why the better bid was better: the cards behind it, or how Nil fares."""
    best, mine = j.trials[j.best], j.trials[j.chosen]
    b, c = action_text(best.action), action_text(mine.action)
    more = f"{points_text(j.cost)} more than"
    if best.action == "bid nil":
        held = best.rate("own_nil") or 0.0
        return (f"Nil was worth {more} bidding {c[8:]}: with this hand Nil holds "
                f"{how_often(held)}")
    n = int(best.action[4:])
    if mine.action == "bid nil":
        held = mine.rate("own_nil") or 0.0
        danger = nil_danger_cards(k.hand, k.rules.jokers)
        risk = f" ({cards_text(danger)} can take tricks)" if danger else ""
        return (f"{b} was worth {more} Nil: with this hand Nil holds only "
                f"{how_often(held)}{risk}")
    cards = bid_reason(estimate(k.hand, k.rules.jokers), k.hand, n, k.rules.jokers,
                       k.table.copies)
    if int(mine.action[4:]) > n:
        made = mine.rate("made")
        often = how_often(made) if made is not None else "rarely"
        return (f"{b} was worth {more} {c[8:]}: {c[8:]} is made only {often} "
                f"({cards})")
    return f"{b} was worth {more} {c[8:]}: you held {cards}"


def luck_text(j: Judgement) -> str:
    """The bad-luck label's sentence: the real cards favoured another choice."""
    other, mine = action_text(j.best_actual), action_text(j.chosen)
    return (f"from what you could see, {mine} was as good as any choice; on the real "
            f"cards {other} happened to score {points_text(j.luck)} more")
