"""A daily hand's line in words writes its negative numbers with a real minus sign."""

from __future__ import annotations

from shared.daily import HandLine


def test_a_hand_line_writes_minus_signs_not_hyphens() -> None:
    line = HandLine(hand=2, you=-120, field_median=-35.5, par=-40)
    assert line.text() == ("hand 2: you scored −120, the field's median −35.5, par −40")
    assert "-" not in line.text()
    assert HandLine(1, 60, 0.0, 0).text() == "hand 1: you scored +60, the field's median 0, par 0"
