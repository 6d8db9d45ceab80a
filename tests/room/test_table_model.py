"""The table's pure changes: seats, dedupe, versions, timers, storage round trip."""

from __future__ import annotations

from dataclasses import replace

import pytest

from server.errors import GameNotOn, NotAllowed, NotSeated, StaleVersion, TableFull, TimerStale
from server.tables.model import Table, decode_table, encode_table, parse_timer
from shared.spades import NotYourTurn, RuleSet

T0 = 1_000_000
TIMES = {"fill_ms": 10_000, "pace_ms": 700, "turn_ms": 30_000, "grace_ms": 60_000}


def written(table: Table) -> Table:
    """What a successful write does to the version."""
    return replace(table, rev=table.rev + 1)


def full_table() -> Table:
    table = written(Table.new("tb", "casual", RuleSet.preset("quick"), T0))
    for i in range(4):
        table, seat = table.sit(f"p{i}", f"P{i}", f"c{i}")
        assert seat == i
        table = written(table.start_if_full(seed=7, dealer=3))
    return table


def test_four_people_fill_a_table_and_the_game_starts() -> None:
    table = full_table()
    assert table.status == "playing" and table.game is not None and table.gv == table.rev
    with pytest.raises(TableFull):
        table.sit("p9", "Late", "c9")
    again, seat = table.sit("p2", "P2 again", "c22")  # a reconnect takes its own seat
    assert seat == 2 and again.seats[2].conn == "c22" and again.seats[2].name == "P2 again"


def test_an_action_is_applied_once_per_id_and_version() -> None:
    table = full_table()
    assert table.game is not None
    seat = table.game.to_act
    assert seat is not None
    text = str(table.game.legal_actions()[0])
    after = table.act(f"p{seat}", table.rev, 5, text)
    assert isinstance(after, Table)
    after = written(after)
    assert after.gv == after.rev
    assert after.act(f"p{seat}", table.rev, 5, text) == after.rev  # the resend: done already
    with pytest.raises(StaleVersion):
        after.act(f"p{seat}", table.rev, 6, text)  # another click from the same version
    with pytest.raises(StaleVersion):
        after.act(f"p{seat}", after.rev + 3, 7, text)
    other = (seat + 1) % 4
    with pytest.raises(NotYourTurn):
        after.act(f"p{(other + 1) % 4}", after.rev, 8, "bid 3")
    with pytest.raises(NotSeated):
        after.act("stranger", after.rev, 9, "bid 3")


def test_no_action_before_the_game_starts() -> None:
    table = written(Table.new("tb", "casual", RuleSet.preset("quick"), T0))
    table, _ = table.sit("p0", "P0", "c0")
    with pytest.raises(GameNotOn):
        table.act("p0", table.rev, 1, "bid 3")


def test_timers_follow_the_state() -> None:
    table = written(Table.new("tb", "casual", RuleSet.preset("quick"), T0))
    table, _ = table.sit("p0", "P0", "c0")
    table = table.with_timers(T0, **TIMES)
    assert table.timers == {"tb|fill|-|0": T0 + 10_000}
    assert parse_timer("tb|fill|-|0") == ("tb", "fill", -1, "0")
    filled = written(table.fill_with_bots(seed=1, dealer=3)).with_timers(T0 + 10_000, **TIMES)
    assert filled.game is not None and filled.game.to_act == 0  # East deals, South bids
    assert filled.timers == {f"tb|turn|0|{filled.gv}": T0 + 40_000}
    assert filled.turn_deadline() == T0 + 40_000
    with pytest.raises(TimerStale):
        filled.fill_with_bots(seed=1, dealer=3)
    away = filled.disconnect("p0", "c0", T0 + 11_000)
    assert away is not None
    away = away.with_timers(T0 + 11_000, **TIMES)
    assert away.timers == {f"tb|bot|0|{filled.gv}": T0 + 11_700,
                           "tb|grace|0|1011000": T0 + 71_000}
    gone = away.replace_with_bot(0).with_timers(T0 + 71_000, **TIMES)
    assert gone.seats[0].bot and gone.seats[0].pid == "p0"
    assert gone.timers == {}  # nobody left to play for: the table waits
    back, seat = gone.sit("p0", "P0", "c1")
    assert seat == 0 and not back.seats[0].bot
    back = back.with_timers(T0 + 80_000, **TIMES)
    assert list(back.timers) == [f"tb|turn|0|{filled.gv}"]


def test_more_time_gives_a_screen_reader_player_ten_turns_of_time() -> None:
    table = written(Table.new("tb", "casual", RuleSet.preset("quick"), T0))
    table, _ = table.sit("p0", "P0", "c0")
    slow = table.ask_more_time("p0", True)
    assert slow is not None and slow.seats[0].more_time
    assert slow.ask_more_time("p0", True) is None  # already on: nothing to write
    filled = written(slow.fill_with_bots(seed=1, dealer=3)).with_timers(T0, **TIMES)
    assert filled.turn_deadline() == T0 + 10 * 30_000
    assert decode_table(encode_table(filled), filled.rev).seats[0].more_time
    off = filled.ask_more_time("p0", False)
    assert off is not None and not off.seats[0].more_time
    with pytest.raises(NotSeated):
        filled.ask_more_time("stranger", True)
    with pytest.raises(NotAllowed, match="casual and private"):
        replace(filled, kind="ranked").ask_more_time("p0", True)


def test_a_table_survives_storage() -> None:
    table = full_table().with_timers(T0, **TIMES)
    assert table.game is not None
    table = replace(table, game=table.game.apply(table.game.to_act or 0, "bid 3"))
    loaded = decode_table(encode_table(table), table.rev)
    assert encode_table(loaded) == encode_table(table)
    assert loaded.game is not None and loaded.game.n_events == 1
    assert loaded.game.to_dict(events=False) == table.game.to_dict(events=False)
    assert replace(loaded, game=None) == replace(table, game=None)
    with pytest.raises(ValueError, match="damaged"):
        decode_table(b"\x81\xa1x\x01", 3)
