"""The export: a plain-text record made and read back by pure functions (round trip),
and replayed by the engine to the same game."""

from __future__ import annotations

import pytest

from shared.archive import (
    ExportError,
    GameRecord,
    SeatRecord,
    format_record,
    parse_record,
    replay_hands,
)
from shared.archive.generate import random_record
from shared.spades import RuleSet

SEATS = (SeatRecord(0, 'Ann "the hand" \\o/', "3f9a0c1d2b4e5f60", "Ann"),
         SeatRecord(1, "Ada (bot)", bot="standard"),
         SeatRecord(2, "Bo", "0123456789abcdef", None, "standard", left=True),
         SeatRecord(3, "Dot (bot)", bot="challenge"))


@pytest.mark.parametrize("preset", ["standard", "quick", "club"])
@pytest.mark.parametrize("seed", [1, 2, 77])
def test_format_then_parse_gives_the_same_record(preset: str, seed: int) -> None:
    record = random_record(f"T{seed}x.{seed % 3}", RuleSet.preset(preset), seed, SEATS,
                           1_764_612_000_123, kind="private" if seed == 2 else "casual")
    for text in (format_record(record), format_record(record, replay_hands(record))):
        back = parse_record(text)
        assert back == record
        assert replay_hands(back) == replay_hands(record)


def test_the_text_is_one_line_per_action_after_the_tags() -> None:
    record = random_record("abc.0", RuleSet.preset("quick"), 5, SEATS, 1_764_612_000_000)
    lines = format_record(record, replay_hands(record)).splitlines()
    assert lines[0] == '[Format "spades-record 1"]'
    assert '[Seed "5"]' in lines and '[FirstDealer "3"]' in lines
    assert '[Seat0 "Ann \\"the hand\\" \\\\o/"]' in lines
    moves = [line for line in lines[lines.index("") + 1:] if not line.startswith(";")]
    assert moves == [f"{seat} {action}" for seat, action in record.actions]
    comments = [line for line in lines if line.startswith("; hand ")]
    assert len(comments) == record.hands_played


def test_an_opening_position_and_extra_fields_round_trip() -> None:
    record = random_record("op.0", RuleSet.preset("standard"), 9, SEATS, 1_764_612_000_000)
    changed = GameRecord(**{**{f: getattr(record, f) for f in record.__dataclass_fields__},
                            "opening": None, "extra": {"event": "Winter cup"}})
    assert parse_record(format_record(changed)) == changed


@pytest.mark.parametrize(("text", "says"), [
    ("", "no Format tag"),
    ('[Format "pgn"]\n', "reads 'spades-record 1'"),
    ('[Format "spades-record 1"]\n[Game "x"]\n[Game "y"]\n', "given twice"),
    ('[Format "spades-record 1"]\n[Game x]\n', "line 2"),
    ('[Format "spades-record 1"]\n\n0 bid 4\nplay AS\n', "line 4"),
    ('[Format "spades-record 1"]\n[Game "x"]\n', "the seats must be Seat0"),
])
def test_a_text_that_is_not_a_record_gets_a_clear_error(text: str, says: str) -> None:
    with pytest.raises(ExportError, match=says):
        parse_record(text)


def test_a_record_whose_actions_lie_is_refused_by_the_replay() -> None:
    record = random_record("lie.0", RuleSet.preset("quick"), 4, SEATS, 1_764_612_000_000)
    lying = GameRecord(**{**{f: getattr(record, f) for f in record.__dataclass_fields__},
                          "totals": (record.totals[0] + 10, record.totals[1])})
    with pytest.raises(ValueError, match="replay to"):
        replay_hands(lying)
    cut = GameRecord(**{**{f: getattr(record, f) for f in record.__dataclass_fields__},
                        "actions": record.actions[:-1]})
    with pytest.raises(ValueError, match="not over"):
        replay_hands(cut)


def test_hands_count_from_one_and_the_dealt_hands_come_on_request() -> None:
    record = random_record("dl.0", RuleSet.preset("quick"), 6, SEATS, 1_764_612_000_000)
    hands = replay_hands(record)
    plain = format_record(record, hands).splitlines()
    headers = [line for line in plain if line.startswith("; hand ")]
    assert headers[0].startswith("; hand 1, dealer ") and headers[-1].startswith(
        f"; hand {len(hands)}, dealer ")
    assert not any(line.startswith("; dealt ") for line in plain)
    text = format_record(record, hands, dealt=True)
    lines = text.splitlines()
    first = lines.index(headers[0])
    assert lines[first + 1:first + 5] == [
        f"; dealt {seat}: {' '.join(cards)}" for seat, cards in enumerate(hands[0]["hands"])]
    assert sum(line.startswith("; dealt ") for line in lines) == 4 * len(hands)
    assert parse_record(text) == record  # comments: the record reads back the same
