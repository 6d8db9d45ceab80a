"""The daily deal's pure core: the same deals for everyone, the commitment, the field."""

from __future__ import annotations

import random

import pytest

from shared.daily import (
    INSTANCES,
    DailyDeals,
    hand_lines,
    hand_points,
    median,
    percentile,
    play_hand,
    summarize,
    verify_day,
)
from shared.spades import Game, commitment, deal_hands

SECRET = b"sixteen-byte-key-for-tests"


def test_the_same_day_deals_the_same_pool_on_every_node() -> None:
    a = DailyDeals.for_day(SECRET, "2026-12-01")
    b = DailyDeals.for_day(SECRET, "2026-12-01")
    assert a == b
    assert [a.game(k, 3).hands for k in range(8)] == [b.game(k, 3).hands for k in range(8)]
    # Another day, or another server's secret, deals other hands.
    assert DailyDeals.for_day(SECRET, "2026-12-02").seeds != a.seeds
    assert DailyDeals.for_day(b"another-secret-of-16", "2026-12-01").seeds != a.seeds
    assert len(set(a.seeds)) == 8 * INSTANCES and all(0 <= s < 2**63 for s in a.seeds)


def test_each_hand_is_dealt_from_its_committed_deal_seed() -> None:
    day = DailyDeals.for_day(SECRET, "2026-12-01")
    for k in range(8):
        game = day.game(k)
        assert game.commitment == day.commitments[k * INSTANCES]
        assert commitment(game.deal_seed) == day.commitments[k * INSTANCES]
        dealt = deal_hands(game.deal_seed, game.dealer, jokers=False)
        assert tuple(dealt) == game.hands
    # The dealer goes round, so South bids first on hand 1 and last on hand 4.
    assert [day.game(k).to_act for k in range(4)] == [0, 1, 2, 3]


def test_the_public_record_hides_the_seeds_until_the_day_closes() -> None:
    day = DailyDeals.for_day(SECRET, "2026-12-01")
    opened = day.public()
    assert "seeds" not in opened and opened["commitments"] == list(day.commitments)
    closed = day.public(closed=True)
    assert verify_day(closed["day_commitment"], closed["commitments"], closed["seeds"]) == []


def test_a_changed_seed_or_commitment_fails_the_check() -> None:
    day = DailyDeals.for_day(SECRET, "2026-12-01")
    seeds = list(day.seeds)
    seeds[3 * INSTANCES] += 1
    assert verify_day(day.day_commitment, list(day.commitments), seeds) == [
        "Hand 4, deal 1: the revealed seed does not deal the committed hand."
    ]
    forged = list(day.commitments)
    forged[0] = commitment("chosen later")
    problems = verify_day(day.day_commitment, forged, list(day.seeds))
    assert problems[0] == "The deals' commitments do not hash to the day's commitment."
    assert verify_day(day.day_commitment, list(day.commitments), seeds[:7])[0] == (
        f"7 seeds were revealed for {8 * INSTANCES} deals.")


@pytest.mark.parametrize(("day", "secret", "message"), [
    ("1 December", SECRET, "is not a day"),
    ("2026-12-01", b"short", "at least 16 bytes"),
])
def test_bad_input_is_refused_in_words(day: str, secret: bytes, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        DailyDeals.for_day(secret, day)
    with pytest.raises(ValueError, match="there is no hand 9"):
        DailyDeals.for_day(SECRET, "2026-12-01").game(8)


def test_percentile_counts_ties_as_half_on_a_seeded_field() -> None:
    assert percentile(10, [5, 10, 20]) == 50.0
    assert percentile(20, [5, 10, 20]) == pytest.approx(83.3)
    assert percentile(7, [7]) == 50.0
    assert percentile(0, []) == 100.0
    rng = random.Random(2026)
    field = [rng.randrange(-300, 600, 10) for _ in range(500)]
    for total in (-300, 0, 150, 590, 1000):
        # The same rule, counted another way: rank among the sorted field.
        ordered = sorted(field)
        first = next((i for i, t in enumerate(ordered) if t >= total), len(ordered))
        last = next((i for i, t in enumerate(ordered) if t > total), len(ordered))
        want = round(100 * (first + (last - first) / 2) / len(ordered), 1)
        assert percentile(total, field) == want
    assert percentile(1000, field) == 100.0


def test_median_summary_and_hand_lines() -> None:
    assert median([3, 1, 2]) == 2.0 and median([4, 1, 3, 2]) == 2.5
    s = summarize([10, -40, 120, 130, 200])
    assert (s.players, s.low, s.q1, s.median, s.q3, s.high) == (5, -40, -15.0, 120.0, 165.0, 200)
    assert s.buckets == ((-50, 1), (0, 1), (100, 2), (200, 1))
    lines = hand_lines([62, -10], [[41, 0], [30, 5], [50, -20]], [70, 12])
    assert [line.text() for line in lines] == [
        "hand 1: you scored +62, the field's median +41, par +70",
        "hand 2: you scored −10, the field's median 0, par +12",
    ]
    assert hand_lines([5], [], None)[0].text() == "hand 1: you scored +5"
    with pytest.raises(ValueError, match="Nobody has played"):
        summarize([])


def test_a_hand_played_by_bots_scores_what_its_record_says() -> None:
    day = DailyDeals.for_day(SECRET, "2026-12-01")
    game = play_hand(day.game(0), "easy")
    assert game.over and len(game.history) == 1
    teams = game.history[0]["teams"]
    assert hand_points(game, 0) == teams[0]["hand_total"] == hand_points(game, 2)
    assert hand_points(game, 1) == teams[1]["hand_total"]
    # A chooser takes South's seat: here it always plays the first legal action.
    seen: list[int] = []

    def first_legal(g: Game, seat: int) -> str:
        if seat != 0:
            return ""
        seen.append(seat)
        return str(g.view(0).legal[0])

    replayed = play_hand(day.game(0), "easy", first_legal)
    assert replayed.over and len(seen) == 14  # "bid blind nil" (the first legal) and 13 cards
    assert replayed.history[0]["bids"][0] == "blind nil"
    with pytest.raises(ValueError, match="not over"):
        hand_points(day.game(0))
