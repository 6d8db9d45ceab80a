"""Nil positions with one right answer: covering a partner's Nil, defending against an
opponent's, leading and third hand for a Nil partner, and Nil with a card pass.

Each position is built from first principles (the cover strategy of the rule book's
§12: win what the Nil bidder would be forced to take, lead what it can sluff), and
each is played at both levels that promise to find the right card.
"""

from __future__ import annotations

import pytest

from shared.bots import choose, hint, tip
from shared.spades import RuleSet

from .positions import position, to_act_view

SMART = ("standard", "challenge")

# South (0) covers North's (2) Nil. South won the first three clubs and its bid of 3 is
# made; East trumped the fourth club and leads the king of hearts. North's hearts (9, 6,
# 2) are all below the king, so North is safe on this trick whatever South plays; the
# ace is South's only cover for North's nine later, and taking the king would be a bag.
COVER_MADE = {
    0: "AC KC QC 2C AH 3H 9D TD JD 7S 8S 9S TS",
    1: "JC 3C 4C 5C QH JH TH 4H AD KD QD AS KS",
    2: "6C 7C 8C 9C 9H 6H 2H 2D 3D 4D 5D 6D 2S",
    3: "TC KH 8H 7H 5H 7D 8D 3S 4S 5S 6S JS QS",
}
COVER_MADE_PLAYS = ["AC", "3C", "6C", "TC", "KC", "4C", "7C", "7D", "QC", "5C", "8C", "8D",
                    "2C", "JC", "9C", "3S", "KH"]


@pytest.mark.parametrize("level", SMART)
def test_keep_the_ace_as_cover_when_the_king_does_not_threaten_the_nil(level: str) -> None:
    g = position(COVER_MADE, ["bid 3", "bid 4", "bid nil", "bid 4"], COVER_MADE_PLAYS)
    assert choose(level, to_act_view(g)) == "play 3H"


def test_keep_the_cover_hint_says_why() -> None:
    g = position(COVER_MADE, ["bid 3", "bid 4", "bid nil", "bid 4"], COVER_MADE_PLAYS)
    action, reason = hint(to_act_view(g))
    assert action == "play 3H"
    assert "cover" in reason


# South's bid of 10 is lost: West took the first four clubs (South discarded), 9 tricks
# are left and South needs 10. West leads a heart, North (Nil) plays low, East the king.
# North cannot win this trick any more; South's ace is worth nothing as a trick (the
# contract is set either way) and everything as cover for North's six and four later.
BID_LOST = {
    0: "TC AH 3H AS KS QS JS AD KD QD JD TD 9D",
    1: "AC KC QC JC 5H 9H TH JH QH 7S 8S 9S TS",
    2: "2C 3C 4C 5C 2H 4H 6H 2D 3D 4D 5D 6D 2S",
    3: "6C 7C 8C 9C KH 7H 8H 7D 8D 3S 4S 5S 6S",
}
BID_LOST_PLAYS = ["AC", "2C", "6C", "TC", "KC", "3C", "7C", "9D", "QC", "4C", "8C", "TD",
                  "JC", "5C", "9C", "JD", "5H", "2H", "KH"]


@pytest.mark.parametrize("level", SMART)
def test_bid_lost_every_card_serves_the_nil(level: str) -> None:
    g = position(BID_LOST, ["bid 3", "bid nil", "bid 3", "bid 10"], BID_LOST_PLAYS, dealer=0)
    assert choose(level, to_act_view(g)) == "play 3H"


# West (1) bid Nil and leads the nine of hearts; North ducks, East (West's partner) has
# no heart. Making South's contract of 5 wins the game and it is safe on the top spades;
# overtaking the nine with the ace would rescue West's Nil, the three sets it for 100.
DEFENCE = {
    0: "AS KS QS JS TS AH 3H 2C 3C 4C 2D 3D 4D",
    1: "9H 2H 4H 5C 6C 7C 8C 5D 6D 7D 8D 2S 3S",
    2: "5H 6H 7H 8H TH JH QH KH 5S 6S 7S 8S 9S",
    3: "AC KC QC JC TC 9C AD KD QD JD TD 9D 4S",
}


@pytest.mark.parametrize("level", SMART)
def test_duck_under_the_nil_bidders_card(level: str) -> None:
    g = position(DEFENCE, ["bid nil", "bid 2", "bid 3", "bid 3"], ["9H", "5H", "9C"],
                 dealer=0, scores=(460, 200))
    assert choose(level, to_act_view(g)) == "play 3H"


# North (Nil) leads the six of hearts, East plays the two: the jack is South's only
# card that takes the trick away from North (East, attacking, will duck under the six).
@pytest.mark.parametrize("level", SMART)
def test_third_hand_overtakes_the_nil_partner(level: str) -> None:
    g = position({0: "JH 5H AS 4S 5C 6C 7C 8C AD 5D 6D 7D 8D", 2: "6H 2C 3C 2D 3D 2S",
                  3: "2H", 1: "KH QH"},
                 ["bid nil", "bid 3", "bid 4", "bid 3"], ["6H", "2H"], dealer=1)
    assert choose(level, to_act_view(g)) == "play JH"


# South leads to trick one for North's Nil: the ace of diamonds keeps the lead (North
# follows under it); the king of clubs loses to the ace still out and hands the lead to
# the opponents, who lead into the Nil.
@pytest.mark.parametrize("level", SMART)
def test_lead_the_boss_not_an_unrelated_king(level: str) -> None:
    g = position({0: "AD KC QC 5C 4C KH 8H 7H 9D 3D 6S 5S 4S"},
                 ["bid 4", "bid 3", "bid nil", "bid 3"], [])
    assert choose(level, to_act_view(g)) == "play AD"


# North showed out of clubs on trick one. South, on lead with no boss card, leads a low
# club: North sluffs a dangerous card whatever South leads there, and the king (not a
# winner while the ace is out) stays as an entry for later.
@pytest.mark.parametrize("level", SMART)
def test_lead_low_into_the_nil_partners_void(level: str) -> None:
    g = position({0: "QC KC 4C KH 8H 7H KD 9D 3D 6S 5S 4S 3S",
                  1: "5C", 2: "2D 4D 5D 6D 7D 2H 3H 4H 5H 6H 2S 7S 8S", 3: "9C AC"},
                 ["bid 3", "bid nil", "bid 3", "bid 4"], ["5C", "2D", "9C", "QC"], dealer=0)
    assert choose(level, to_act_view(g)) == "play 4C"


# -- Nil with a card pass ------------------------------------------------------------------

@pytest.mark.parametrize("level", SMART)
@pytest.mark.parametrize(("count", "hand"), [
    (2, "AS AH 2H 3H 4H 2D 3D 4D 5D 3C 4C 2S 3S"),  # pass the two aces, keep only low cards
    (1, "AS 2H 3H 4H 5H 2D 3D 4D 5D 3C 4C 2S 3S"),  # pass the ace of spades
])
def test_nil_when_the_danger_cards_can_be_passed(level: str, count: int, hand: str) -> None:
    rules = RuleSet.preset("standard", blind_nil="off", nil_pass=count)
    g = position({0: hand}, [], [], dealer=3, rules=rules)
    assert choose(level, to_act_view(g)) == "bid nil"
    # Without the pass the ace of spades is a sure trick: no Nil.
    g = position({0: hand}, [], [], dealer=3)
    assert choose(level, to_act_view(g)) != "bid nil"


def test_nil_with_a_pass_tip_names_the_cards_to_pass() -> None:
    rules = RuleSet.preset("standard", blind_nil="off", nil_pass=2)
    g = position({0: "AS AH 2H 3H 4H 2D 3D 4D 5D 3C 4C 2S 3S"}, [], [], dealer=3, rules=rules)
    action, reason = tip(to_act_view(g))
    assert action == "bid nil"
    assert "pass ♠A ♥A" in reason
