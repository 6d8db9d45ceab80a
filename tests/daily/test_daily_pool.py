"""The daily deal's pool: independent committed deals per hand, one drawn per player.

A scout who plays the day in one session learns, at most, the deals of that session's
instances; these tests try to learn more from what is public or from other keys.
"""

from __future__ import annotations

import json
from collections import Counter
from itertools import pairwise

import pytest

from shared.bots import choose
from shared.daily import INSTANCES, DailyDeals, verify_day
from shared.spades.cards import codes_of

SECRET = b"sixteen-byte-key-for-tests"
DAY = "2026-12-01"
KEYS = [f"guest-{n:05d}" for n in range(4096)]


def test_the_instances_of_a_hand_are_independent_committed_deals() -> None:
    day = DailyDeals.for_day(SECRET, DAY)
    assert day.instances == INSTANCES >= 8 and day.hands == 8
    assert len(day.seeds) == len(set(day.seeds)) == len(day.commitments) == 8 * INSTANCES
    for k in range(day.hands):
        souths = {tuple(codes_of(day.game(k, i).hands[0])) for i in range(INSTANCES)}
        assert len(souths) == INSTANCES  # no instance is another's rotation or copy
        for i in range(INSTANCES):
            assert day.game(k, i).commitment == day.commitments[k * INSTANCES + i]


def test_the_instance_is_spread_uniformly_across_player_keys() -> None:
    day = DailyDeals.for_day(SECRET, DAY)
    expected = len(KEYS) / INSTANCES
    for k in range(day.hands):
        counts = Counter(day.instance(k, key) for key in KEYS)
        assert set(counts) == set(range(INSTANCES))
        chi2 = sum((counts[i] - expected) ** 2 / expected for i in range(INSTANCES))
        assert chi2 < 45.0  # 15 degrees of freedom: p < 0.0001 above 45


def test_one_keys_instances_do_not_predict_anothers() -> None:
    """A scout who knows the instances of thousands of keys (its own sessions) guesses
    a neighbouring key's, or the same key's next hand, no better than chance."""
    day = DailyDeals.for_day(SECRET, DAY)
    known = {key: [day.instance(k, key) for k in range(day.hands)] for key in KEYS}
    pairs = list(pairwise(KEYS))
    same_next_key = sum(known[a][0] == known[b][0] for a, b in pairs) / len(pairs)
    same_next_hand = sum(known[a][k] == known[a][k + 1] for a in KEYS
                         for k in range(day.hands - 1)) / (len(KEYS) * (day.hands - 1))
    for rate in (same_next_key, same_next_hand):
        assert abs(rate - 1 / INSTANCES) < 0.025  # chance is 1/16 = 0.0625
    # The same keys on another day, or under another room's secret, draw afresh.
    other_day = DailyDeals.for_day(SECRET, "2026-12-02")
    other_room = DailyDeals.for_day(b"another-secret-of-16", DAY)
    for other in (other_day, other_room):
        agree = sum(other.instance(0, key) == known[key][0] for key in KEYS) / len(KEYS)
        assert abs(agree - 1 / INSTANCES) < 0.025


def test_a_second_session_of_one_key_is_dealt_the_same_deals() -> None:
    a = DailyDeals.for_day(SECRET, DAY)
    b = DailyDeals.for_day(SECRET, DAY)
    for k in range(a.hands):
        assert a.deal_for(k, "account-pid") == b.deal_for(k, "account-pid")
        assert a.bot_salt(k, "account-pid") == b.bot_salt(k, "account-pid")


def test_nothing_public_holds_the_draw() -> None:
    """A guest told their instance learns nothing of another key's: the record (even
    once the day is closed) holds seeds and commitments, never the draw key, and the
    draw is not a function of them (another secret, same seeds, draws otherwise)."""
    day = DailyDeals.for_day(SECRET, DAY)
    for closed in (False, True):
        text = json.dumps(day.public(closed=closed))
        assert day.draw_key.hex() not in text and "draw" not in text
    assert "draw_key" not in repr(day) and day.draw_key.hex() not in repr(day)
    twin = DailyDeals.for_day(b"another-secret-of-16", DAY)
    twin = type(day)(day.day, day.hands, day.instances, day.seeds, day.commitments,
                     day.day_commitment, twin.draw_key)
    assert twin.public(closed=True) == day.public(closed=True)
    moved = sum(twin.instance(0, key) != day.instance(0, key) for key in KEYS[:512])
    assert moved > 512 * 0.8  # the same public record, another draw


def test_verify_day_checks_every_instance() -> None:
    day = DailyDeals.for_day(SECRET, DAY)
    closed = day.public(closed=True)
    assert verify_day(closed["day_commitment"], closed["commitments"], closed["seeds"]) == []
    seeds = list(day.seeds)
    seeds[3 * INSTANCES + 5] += 1  # hand 4, instance 6: one nobody may have been dealt
    assert verify_day(day.day_commitment, list(day.commitments), seeds) == [
        "Hand 4, deal 6: the revealed seed does not deal the committed hand."]
    forged = list(day.commitments)
    forged[-1] = forged[0]
    assert verify_day(day.day_commitment, forged, list(day.seeds))[0] == (
        "The deals' commitments do not hash to the day's commitment.")
    assert verify_day(day.day_commitment, list(day.commitments), seeds[:8])[0] == (
        f"8 seeds were revealed for {8 * INSTANCES} deals.")


def test_bad_draws_are_refused_in_words() -> None:
    day = DailyDeals.for_day(SECRET, DAY)
    with pytest.raises(ValueError, match="player key is empty"):
        day.instance(0, "")
    with pytest.raises(ValueError, match="there is no hand 9"):
        day.deal_for(8, "key")
    with pytest.raises(ValueError, match="there is no instance 17"):
        day.game(0, 16)


def test_the_bots_vary_their_close_choices_per_player() -> None:
    """Two players dealt the same instance do not meet the same bots: the Challenge
    bots' sampling is salted per player (from the draw key, never a clock), so a scout
    cannot learn another player's bot replies by replaying the same cards. The same
    salt gives the same choices (a second session of a key meets the same bots)."""
    day = DailyDeals.for_day(SECRET, DAY)
    differ = decided = 0
    for k in range(2):
        game = day.game(k, 0)
        salts = day.bot_salt(k, "guest-a"), day.bot_salt(k, "guest-b")
        assert salts[0] != salts[1] and day.draw_key.hex() not in salts
        while decided < 10 * (k + 1):
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if len(view.legal) == 1:
                game = game.apply(seat, view.legal[0])
                continue
            a, b = (choose("challenge", view, salt) for salt in salts)
            assert choose("challenge", view, salts[0]) == a
            decided += 1
            differ += a != b
            game = game.apply(seat, a)
    assert differ >= 1, "the bots made the same choices for both players"
