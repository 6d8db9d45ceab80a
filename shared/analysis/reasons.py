"""The sentences a person reads beside a marked decision.

Each names the better choice, what it does that the choice did not (covers the
partner's Nil, keeps one's own, sets an opponent's, makes the contract, sets theirs,
takes fewer bags) with the shares of likely deals behind it, and the points:
"the ♥K would have covered your partner's Nil (it held in 81% of the likely deals, 30%
after your ♥4): about 23 points more". A bid names the cards behind the better bid,
as the Tip does.
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


def play_reason(j: Judgement, k: Knowledge) -> str:
    """Why the better card was better (``j.best`` over ``j.chosen``)."""
    best, mine = j.trials[j.best], j.trials[j.chosen]
    b, c = action_text(best.action), action_text(mine.action)
    points = f"about {j.cost:.0f} points more than the {c}"
    g = _gap(best, mine, "partner_nil")
    if g and k.partner is not None and k.nil_alive(k.partner):
        return (f"the {b} would have covered your partner's Nil (it held in {g[0]:.0%} of "
                f"the likely deals, {g[1]:.0%} after your {c}): {points}")
    g = _gap(best, mine, "own_nil")
    if g and k.nil_alive(k.seat):
        return (f"the {b} keeps your Nil safe (it held in {g[0]:.0%} of the likely deals, "
                f"{g[1]:.0%} after the {c}): {points}")
    sb, sm = best.their_nil_set(), mine.their_nil_set()
    if sb is not None and sm is not None and sb - sm >= CLEAR_RATE:
        return (f"the {b} sets the opponents' Nil in {sb:.0%} of the likely deals, the {c} "
                f"in {sm:.0%}: {points}")
    g = _gap(best, mine, "made")
    if g:
        return (f"the {b} makes your contract in {g[0]:.0%} of the likely deals, the {c} "
                f"in {g[1]:.0%}: {points}")
    g = _gap(best, mine, "set_them")
    if g:
        return (f"the {b} sets the opponents' contract in {g[0]:.0%} of the likely deals, "
                f"the {c} in {g[1]:.0%}: {points}")
    fewer = mine.bags() - best.bags()
    if fewer >= CLEAR_BAGS:
        return f"the {b} takes about {fewer:.1f} fewer bags: {points}"
    return f"the {b} does better over {j.deals} likely deals: {points}"


def bid_reason_text(j: Judgement, k: Knowledge) -> str:
    """Why the better bid was better: the cards behind it, or how Nil fares."""
    best, mine = j.trials[j.best], j.trials[j.chosen]
    b, c = action_text(best.action), action_text(mine.action)
    pts = f"{j.cost:.0f}"
    if best.action == "bid nil":
        held = best.rate("own_nil") or 0.0
        return (f"Nil was worth about {pts} points more than {c[8:]}: it held in "
                f"{held:.0%} of {j.deals} likely deals")
    n = int(best.action[4:])
    if mine.action == "bid nil":
        held = mine.rate("own_nil") or 0.0
        danger = nil_danger_cards(k.hand, k.rules.jokers)
        risk = f" ({cards_text(danger)} can take tricks)" if danger else ""
        return (f"{b} was worth about {pts} points more than Nil: Nil held in only "
                f"{held:.0%} of {j.deals} likely deals{risk}")
    cards = bid_reason(estimate(k.hand, k.rules.jokers), k.hand, n, k.rules.jokers,
                       k.table.copies)
    if int(mine.action[4:]) > n:
        made = mine.rate("made")
        share = f"{made:.0%}" if made is not None else "few"
        return (f"{b} was worth about {pts} points more than {c[8:]}: {c[8:]} was made "
                f"in only {share} of {j.deals} likely deals ({cards})")
    return f"{b} was worth about {pts} points more than {c[8:]}: you held {cards}"


def luck_text(j: Judgement) -> str:
    """The bad-luck label's sentence: the real cards favoured another choice."""
    other, mine = action_text(j.best_actual), action_text(j.chosen)
    return (f"bad luck, not a mistake: on the real cards {other} would have scored "
            f"{j.luck:.0f} points more, but from what you could see {mine} was as good "
            f"(within {max(0.0, j.cost):.0f} points over {j.deals} likely deals)")
