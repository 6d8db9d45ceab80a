"""The stable deal (golden values), deal rotation, first dealer, commit-reveal."""

from __future__ import annotations

import hashlib

import pytest

from shared.spades import (
    Game,
    RuleSet,
    commitment,
    deal_hands,
    derive_deal_seed,
    verify_deal,
)
from shared.spades.cards import codes_of

from .support import first_legal, play_hand, play_until

STANDARD = RuleSet.preset("standard")

# (game seed, hand number) -> deal seed, and the four hands dealt by East, South first.
# These are fixed forever: a change of the shuffle algorithm must fail here.
GOLDEN_DEALS = {
    (0, 0): ("3b5b888e5b225bba3974cea53c95354a", [
        "2C 3C 4C 5C 7C 8C 8H AH 3S 5S JS QS KS",
        "9C TC QC KC 3D 8D 9D QD 2H JH 2S 4S 8S",
        "6C AC 2D 3H 4H 6H 7H TH KH 6S 7S 9S TS",
        "JC 4D 5D 6D 7D TD JD KD AD 5H 9H QH AS",
    ]),
    (7, 0): ("c112123f871979faa65cf182b45bbe51", [
        "3C 4C 7C 4D JD KD AD 4H TH AH 2S 4S 6S",
        "9C KC 2D 5D 6D 8D 9D 3H 5H 5S 7S JS QS",
        "5C 6C 8C TC JC TD QD 8H JH KH 3S 8S AS",
        "2C QC AC 3D 7D 2H 6H 7H 9H QH 9S TS KS",
    ]),
    (7, 1): ("98a851e118fbd03807e2130d8611745e", [
        "5C 4D 6D 7D 8D 9D TD AD 2H QH 3S 8S QS",
        "2C 7C JD QD 4H 6H TH AH 4S 5S 9S TS KS",
        "3C 9C TC KC AC 3D KD 3H 5H 7H 9H KH JS",
        "4C 6C 8C JC QC 2D 5D 8H JH 2S 6S 7S AS",
    ]),
    (2**63 - 1, 0): ("51487b58ac4d557e932189f7fc481d76", [
        "3C 6C 8C QC AC 4D 7D 8D 6H 8H TH 5S JS",
        "4C 7C TC TD JD 2H 9H 3S 4S 6S 9S QS KS",
        "5C 9C KC 2D 3D 6D 9D QD AD QH KH AH 7S",
        "2C JC 5D KD 3H 4H 5H 7H JH 2S 8S TS AS",
    ]),
}
GOLDEN_JOKER_DEAL_7 = [
    "4C 5C 8C 6D KD 2H 3H 6H QH 3S 4S 6S 8S",
    "TC AC 4D 7D 8D TD JD 5H 7H 7S 9S KS AS",
    "6C 7C 9C JC QC QD AD TH KH 2S 5S TS BJ",
    "3C KC 3D 5D 9D 4H 8H 9H JH AH JS QS LJ",
]


@pytest.mark.parametrize(("seed", "hand_no"), list(GOLDEN_DEALS))
def test_golden_deals(seed: int, hand_no: int) -> None:
    deal_seed, hands = GOLDEN_DEALS[seed, hand_no]
    assert derive_deal_seed(seed, hand_no) == deal_seed
    assert [" ".join(codes_of(m)) for m in deal_hands(deal_seed, dealer=3)] == hands


def test_golden_joker_deal() -> None:
    dealt = deal_hands(derive_deal_seed(7, 0), dealer=3, jokers=True)
    assert [" ".join(codes_of(m)) for m in dealt] == GOLDEN_JOKER_DEAL_7
    everything = {c for m in dealt for c in codes_of(m)}
    assert len(everything) == 52 and {"BJ", "LJ"} <= everything
    assert not {"2C", "2D"} & everything


def _documented_shuffle(deal_seed: str, deck: list[str]) -> list[str]:
    """The algorithm as deal.py's docstring describes it, written again from the text:
    64-bit keys from a SHA-256 stream, one per card in card order; sort by (key, card)."""
    keys: list[int] = []
    block = 0
    while len(keys) < len(deck):
        digest = hashlib.sha256(deal_seed.encode() + block.to_bytes(4, "big")).digest()
        keys += [int.from_bytes(digest[k:k + 8], "big") for k in range(0, 32, 8)]
        block += 1
    position = {card: i for i, card in enumerate(deck)}
    return sorted(deck, key=lambda card: (keys[position[card]], position[card]))


@pytest.mark.parametrize(
    ("game_seed", "hand_no", "dealer", "jokers"),
    [(0, 0, 3, False), (7, 1, 0, False), (99, 5, 2, False), (7, 0, 3, True), (8, 2, 1, True)],
)
def test_deal_follows_the_documented_algorithm(
    game_seed: int, hand_no: int, dealer: int, jokers: bool
) -> None:
    text = f"spades-room/deal/{game_seed}/{hand_no}"
    deal_seed = hashlib.sha256(text.encode()).hexdigest()[:32]
    assert derive_deal_seed(game_seed, hand_no) == deal_seed
    deck = [r + s for s in "CDHS" for r in "23456789TJQKA"]
    if jokers:
        deck = [c for c in deck if c not in ("2C", "2D")] + ["LJ", "BJ"]
    order = _documented_shuffle(deal_seed, deck)
    expected: list[set[str]] = [set(), set(), set(), set()]
    for k, card in enumerate(order):
        expected[(dealer + 1 + k) % 4].add(card)
    assert [set(codes_of(m)) for m in deal_hands(deal_seed, dealer, jokers)] == expected


def test_the_deal_seed_depends_on_game_seed_and_hand_number() -> None:
    seeds = {derive_deal_seed(g, h) for g in range(20) for h in range(20)}
    assert len(seeds) == 400
    assert all(len(s) == 32 and int(s, 16) >= 0 for s in seeds)


def test_a_game_deals_the_golden_deal_with_east_as_first_dealer() -> None:
    g = Game.new(STANDARD, seed=7)
    assert (g.dealer, g.to_act, g.leader, g.hand_no) == (3, 0, 0, 0)
    _, hands = GOLDEN_DEALS[7, 0]
    assert [" ".join(g.hand_of(s)) for s in range(4)] == hands


def test_the_second_hand_is_dealt_by_south_from_the_next_deal_seed() -> None:
    g = play_hand(Game.new(RuleSet.preset("course"), seed=7))
    assert (g.hand_no, g.dealer, g.to_act, g.leader) == (1, 0, 1, 1)
    assert g.deal_seed == GOLDEN_DEALS[7, 1][0]
    assert [set(g.hand_of(s)) for s in range(4)] == [
        set(codes_of(m)) for m in deal_hands(GOLDEN_DEALS[7, 1][0], dealer=0)
    ]


def test_the_deal_rotates_clockwise_and_the_dealers_left_bids_and_leads() -> None:
    g = Game.new(RuleSet.preset("course"), seed=3)
    seen = []
    while g.hands_played < 6:
        assert g.to_act == (g.dealer + 1) % 4  # first to bid
        seen.append(g.dealer)
        while g.phase == "bidding":
            assert g.to_act is not None
            g = g.apply(g.to_act, first_legal(g))
        assert g.to_act == (g.dealer + 1) % 4  # first to lead
        g = play_hand(g)
    assert seen == [3, 0, 1, 2, 3, 0]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_another_first_dealer(dealer: int) -> None:
    g = Game.new(STANDARD, seed=5, dealer=dealer)
    assert (g.dealer, g.first_dealer, g.to_act) == (dealer, dealer, (dealer + 1) % 4)
    assert [set(g.hand_of(s)) for s in range(4)] == [
        set(codes_of(m)) for m in deal_hands(derive_deal_seed(5, 0), dealer)
    ]


def test_same_seed_same_game_other_seed_other_deal() -> None:
    a, b = Game.new(STANDARD, seed=11), Game.new(STANDARD, seed=11)
    assert a == b and a.hands == b.hands
    assert Game.new(STANDARD, seed=12).hands != a.hands


@pytest.mark.parametrize("seed", [-1, 2**63, 1.5, True, "7"])
def test_bad_seeds_are_refused(seed: object) -> None:
    with pytest.raises(ValueError, match="seed must be a whole number"):
        Game.new(STANDARD, seed=seed)  # type: ignore[arg-type]


def test_bad_dealer_and_rules_are_refused() -> None:
    with pytest.raises(ValueError, match="dealer must be a seat"):
        Game.new(STANDARD, seed=1, dealer=4)
    with pytest.raises(TypeError, match="RuleSet"):
        Game.new({"target_score": 500}, seed=1)  # type: ignore[arg-type]


# -- commit-reveal ------------------------------------------------------------------------

def test_commitment_is_sha256_of_the_deal_seed() -> None:
    deal_seed = GOLDEN_DEALS[0, 0][0]
    assert commitment(deal_seed) == \
        "365fb365f4c1f01c5ec0fb619dabedf3af43a38395e105c61a47e4addc53b1de"
    assert verify_deal(deal_seed, commitment(deal_seed))
    assert not verify_deal(GOLDEN_DEALS[7, 0][0], commitment(deal_seed))


def test_commitment_before_the_hand_and_the_seed_after_it_verify() -> None:
    g = Game.new(RuleSet.preset("course"), seed=21)
    before = g.spectator_view()
    assert before.review is None
    assert g.deal_seed not in repr(before.to_dict())
    published = before.commitment
    dealt = [g.hand_of(s) for s in range(4)]
    g = play_until(g, first_legal, hands=1)
    review = g.spectator_view().review
    assert review is not None and review["hand"] == 0
    assert review["commitment"] == published
    assert verify_deal(review["deal_seed"], published)
    assert review["dealt"] == dealt
    # Anyone can redeal from the revealed seed and get the hands that were played.
    assert [codes_of(m) for m in deal_hands(review["deal_seed"], review["dealer"])] == dealt
    # The next hand has a new commitment, and its seed is not shown.
    assert g.spectator_view().commitment != published
    assert g.deal_seed not in repr(g.spectator_view().to_dict())
