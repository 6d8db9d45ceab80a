"""The new kinds of table as pure values: stored and read back, and the timers each
wants (no fill for private tables, no turn timer at practice, no grace for a ranked
leaver)."""

from __future__ import annotations

from dataclasses import replace

from server.social.practice import Opening, create_practice
from server.tables.lobby import Sitter
from server.tables.model import PracticeState, decode_table, encode_table
from server.tables.seating import create_private, create_ranked, start_private, table_extras
from shared.spades import RuleSet

NOW = 1_700_000_000_000
TIMES = {"fill_ms": 10_000, "pace_ms": 1_000, "turn_ms": 30_000, "grace_ms": 60_000}


def kinds(timers: dict[str, int]) -> list[str]:
    return sorted(member.split("|")[1] for member in timers)


def test_private_tables_round_trip_and_never_fill_by_timer() -> None:
    table = create_private("T1", Sitter("p1", "Ann"), "c1", "quick", {"target_score": 100},
                           "easy", True, 2, NOW)
    assert [s.pid for s in table.seats] == [None, None, "p1", None]
    assert kinds(table.with_timers(NOW, **TIMES).timers) == []  # the host starts it
    again = decode_table(encode_table(table), 4)
    assert again == replace(table, rev=4)
    started = start_private(table, "p1", seed=7, dealer=3)
    assert [s.bot for s in started.seats] == [True, True, False, True]
    assert started.status == "playing" and started.lobby is not None and started.lobby.started
    assert table_extras(started, snapshot=False) == {
        "lobby": {"host": 2, "started": True, "watch": True, "bots": "easy", "turn": None}}


def test_practice_tables_wait_for_their_person_and_pace_their_bots() -> None:
    start = Opening(RuleSet.preset("standard"), seat=0, dealer=3)
    table = create_practice("P1", "p1", "Pia", "c1", "standard", "relaxed", start, NOW, 9)
    assert decode_table(encode_table(table), 1) == replace(table, rev=1)
    assert table.game is not None and table.game.to_act == 0
    assert kinds(table.with_timers(NOW, **TIMES).timers) == []  # no turn timer
    gone = table.disconnect("p1", "c1", NOW)  # never away at practice: only noted (quotas)
    assert gone is not None and not gone.seats[0].away and gone.seats[0].away_ms == NOW
    assert kinds(gone.with_timers(NOW, **TIMES).timers) == []  # no grace, no autopilot
    stored = replace(table, rev=1)  # as written: the game started at version 1
    if "look" in map(str, table.game.legal_actions(0)):  # Blind Nil offered: look first
        looked = stored.act("p1", 1, 1, "look")
        assert not isinstance(looked, int)
        stored = replace(looked, rev=2)
    assert stored.game is not None
    bid = next(str(a) for a in stored.game.legal_actions(0) if str(a)[4:].isdigit())
    moved = stored.act("p1", stored.rev, 2, bid)
    assert not isinstance(moved, int) and moved.practice is not None
    assert moved.practice.decisions in (1, 2) and moved.game is not None
    assert moved.game.to_act == 1
    timers = moved.with_timers(NOW, **TIMES).timers
    assert list(timers.values()) == [NOW + 2_000]  # relaxed: twice the bot pace
    assert table_extras(moved, snapshot=True) == {
        "undo": True, "undoable": True, "redo": False, "level": "standard", "pace": "relaxed"}
    assert table_extras(table, snapshot=False) == {"undo": True, "undoable": False,
                                                   "redo": False}
    state = PracticeState("challenge")
    assert state.to_list() == ["challenge", "standard", None, [], [], 0, 0]
    assert PracticeState.from_list(state.to_list()) == state and not state.offers_undo


def test_a_ranked_leaver_stays_on_the_autopilot_without_a_grace() -> None:
    players = [(f"p{i}", f"P{i}") for i in range(4)]
    table = create_ranked("R1", players, NOW, seed=3, dealer=0)
    assert table.status == "playing" and not any(s.bot for s in table.seats)
    left = table.leave("p1")
    assert left.left == ("p1",) and left.seats[1].is_person and left.seats[1].away
    assert left.replace_with_bot(1) == left  # already left: nothing more happens
    timers = left.with_timers(NOW, **TIMES).timers
    assert "grace" not in kinds(timers)
    again = decode_table(encode_table(left), 2)
    assert again == replace(left, rev=2)
