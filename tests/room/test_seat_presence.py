"""A person's seat as pure table changes: time-outs are not absence, the grace runs only
without a socket, the pause between hands, and a private host's turn time."""

from __future__ import annotations

from dataclasses import replace

import pytest

from server.errors import BetweenHands, TimerStale
from server.social.errors import InvalidRules
from server.tables.actor import _bot_choice, autopilot_bid
from server.tables.blob import BlobPacker
from server.tables.lobby import Lobby, Sitter
from server.tables.model import Table, decode_table, encode_table
from server.tables.seating import create_private, start_private
from server.tables.views import snapshot
from shared.spades import RuleSet

T0 = 1_000_000
TIMES = {"fill_ms": 10_000, "pace_ms": 700, "turn_ms": 30_000, "grace_ms": 60_000,
         "between_ms": 8_000}


def written(table: Table) -> Table:
    return replace(table, rev=table.rev + 1)


def one_person_table() -> Table:
    """A casual table: p0 in seat 0 (South), bots in the others, the game on."""
    table = written(Table.new("tb", "casual", RuleSet.preset("quick"), T0))
    table, _ = table.sit("p0", "P0", "c0")
    return written(table.fill_with_bots(seed=11, dealer=3)).with_timers(T0, **TIMES)


def step(table: Table, *, timed_out: bool = False, now: int = T0) -> Table:
    """The seat to act acts (the person with their first legal action)."""
    assert table.game is not None and table.game.to_act is not None
    seat = table.game.to_act
    text = str(table.game.legal_actions()[0])
    if table.seats[seat].is_person and not timed_out and not table.seats[seat].away:
        out = table.act(table.seats[seat].pid or "", table.rev, table.rev, text)
        assert isinstance(out, Table)
    else:
        out = table.bot_act(seat, text, timed_out=timed_out)
    return written(out).with_timers(now, **TIMES)


def until_person(table: Table) -> Table:
    while table.game is not None and table.game.to_act != 0:
        table = step(table)
    return table


def test_one_time_out_is_not_absence_and_two_in_a_row_are() -> None:
    table = until_person(one_person_table())
    table = until_person(step(table, timed_out=True))  # the clock ran out once
    assert table.seats[0].timeouts == 1 and not table.seats[0].away
    assert any("|turn|0|" in m for m in table.timers)  # still the person's clock
    table = step(table, timed_out=True)  # and again, in a row: away now
    assert table.seats[0].away and table.seats[0].away_ms == 0
    # Connected and away: the autopilot plays at the bots' pace; no grace runs, so no
    # bot will ever take the seat of a person whose socket is open.
    assert not any("|grace|" in m for m in table.timers)
    table = until_person(table)
    assert any("|bot|0|" in m for m in table.timers)
    back = table.back("p0")
    assert back is not None and not back.seats[0].away and back.seats[0].timeouts == 0


def test_an_action_clears_the_count_of_time_outs() -> None:
    table = until_person(step(until_person(one_person_table()), timed_out=True))
    assert table.seats[0].timeouts == 1
    table = step(table)  # the person acts
    assert table.seats[0].timeouts == 0
    table = until_person(table)
    table = step(table, timed_out=True)
    assert table.seats[0].timeouts == 1 and not table.seats[0].away


def test_the_grace_runs_only_while_the_person_has_no_socket() -> None:
    table = until_person(one_person_table())
    assert table.disconnect("p0", "an-old-tab", T0) is None  # not their latest socket
    other_tab = table.reconnect("p0", "c9")
    assert other_tab is not None and other_tab.seats[0].conn == "c9"
    gone = table.disconnect("p0", "c0", T0 + 5)
    assert gone is not None and gone.seats[0].away and gone.seats[0].away_ms == T0 + 5
    gone = gone.with_timers(T0 + 5, **TIMES)
    assert gone.timers[f"tb|grace|0|{T0 + 5}"] == T0 + 5 + 60_000
    back, seat = gone.sit("p0", "P0", "c1")  # they came back: the grace is over
    back = back.with_timers(T0 + 10, **TIMES)
    assert seat == 0 and not back.seats[0].away and not any("|grace|" in m for m in back.timers)
    replaced = gone.replace_with_bot(0)
    assert replaced.may_reclaim("p0") and replaced.playing_seat_of("p0") is None
    assert replaced.seat_of("p0") == 0


def test_a_connected_away_person_whose_socket_then_closes_gets_the_grace() -> None:
    table = until_person(one_person_table())
    table = until_person(step(table, timed_out=True))
    table = step(table, timed_out=True)
    assert table.seats[0].away and not table.seats[0].away_ms
    gone = table.disconnect("p0", "c0", T0 + 50)
    assert gone is not None and gone.seats[0].away_ms == T0 + 50


def play_out_hand(table: Table) -> Table:
    assert table.game is not None
    hand = table.game.hand_no
    while table.game is not None and table.game.hand_no == hand:
        table = step(table)
    return table


def test_the_table_pauses_between_hands_until_every_person_present_continues() -> None:
    table = play_out_hand(one_person_table())
    assert table.paused and table.ready == ()
    assert table.timers == {f"tb|next|-|{table.gv}": T0 + 8_000}  # no clock, no bot
    assert table.turn_deadline() is None and table.pause_deadline() == T0 + 8_000
    seen = snapshot(table, 0, T0 + 1_000, None)
    assert seen.pause == 7 and seen.ready == [] and seen.tl is None
    assert table.game is not None and table.game.to_act is not None
    if table.game.to_act == 0:
        with pytest.raises(BetweenHands):
            table.act("p0", table.rev, 99, str(table.game.legal_actions()[0]))
    blob = encode_table(table)
    assert BlobPacker().pack(table) == blob
    assert decode_table(blob, table.rev) == replace(table, game=decode_table(blob, table.rev).game)
    done = table.press_continue("p0")
    assert done is not None and not done.paused
    assert done.press_continue("p0") is None  # nothing to wait for any more
    done = written(done).with_timers(T0 + 2_000, **TIMES)
    assert not any("|next|" in m for m in done.timers) and done.timers  # the hand goes on
    with pytest.raises(TimerStale):
        done.end_pause()
    assert not table.end_pause().paused


def test_the_pause_waits_for_people_present_only_and_can_be_turned_off() -> None:
    table = written(Table.new("tb", "casual", RuleSet.preset("quick"), T0))
    table, _ = table.sit("p0", "P0", "c0")
    table, _ = table.sit("p1", "P1", "c1")
    table = written(table.fill_with_bots(seed=5, dealer=3)).with_timers(T0, **TIMES)
    hand = table.game.hand_no if table.game else 0
    while table.game is not None and table.game.hand_no == hand:
        table = step(table)
    assert table.paused
    half = table.press_continue("p0")
    assert half is not None and half.paused and half.ready == (0,)
    gone = half.disconnect("p1", "c1", T0 + 1)  # the other person left: nobody to wait for
    assert gone is not None and not gone.paused
    off = table.with_timers(T0, **{**TIMES, "between_ms": 0})
    assert not off.paused and not any("|next|" in m for m in off.timers)


def test_a_private_host_chooses_the_turn_time_or_no_clock() -> None:
    host = Sitter("h", "Host")
    for turn, expected in ((15, 15_000), (60, 60_000), (None, 30_000)):
        table = create_private("pt", host, "c0", "standard", {}, "standard", False, 0, T0,
                               turn)
        table = written(start_private(written(table), "h", 3, 3)).with_timers(T0, **TIMES)
        table = until_person(table)
        assert table.turn_deadline() == T0 + expected, turn
    table = create_private("pt", host, "c0", "standard", {}, "standard", False, 0, T0, 0)
    table = until_person(written(start_private(written(table), "h", 3, 3)).with_timers(
        T0, **TIMES))
    assert table.turn_deadline() is None and table.timers == {}  # no clock among friends
    gone = table.disconnect("h", "c0", T0 + 1)
    assert gone is not None
    gone = gone.with_timers(T0 + 1, **TIMES)  # only a disconnect brings the autopilot
    assert any("|bot|0|" in m for m in gone.timers) and any("|grace|" in m for m in gone.timers)
    with pytest.raises(InvalidRules, match="turn time"):
        Lobby.create(host, "standard", {}, turn_s=45)


def test_the_autopilot_never_bids_nil_for_a_person() -> None:
    legal = ["bid nil", "bid 1", "bid 2", "bid 13", "bid blind nil"]
    assert autopilot_bid("bid nil", legal) == "bid 1"
    assert autopilot_bid("bid blind nil", ["bid blind nil", "look"]) == "look"
    assert autopilot_bid("bid 4", legal) == "bid 4" and autopilot_bid("play AS", []) == "play AS"
    # The autopilot of a person's seat, whatever the hand, never takes the Nil gamble.
    for seed in range(60):
        table = written(Table.new("tb", "casual", RuleSet.preset("quick"), T0))
        table, _ = table.sit("p0", "P0", "c0")
        table = until_person(written(table.fill_with_bots(seed=seed, dealer=3)))
        assert table.game is not None and table.game.phase == "bidding"
        assert _bot_choice(table, 0) not in ("bid nil", "bid blind nil")


def test_a_closed_socket_is_not_away_until_the_reconnect_window_ends() -> None:
    times = {**TIMES, "window_ms": 5_000}
    table = until_person(one_person_table())
    gv = table.gv
    gone = table.disconnect("p0", "c0", T0 + 5, window_ms=5_000)
    assert gone is not None and not gone.seats[0].away and gone.seats[0].is_present
    gone = gone.with_timers(T0 + 5, **times)
    # The person's turn waits (their clock runs on); the window and the grace run.
    assert gone.timers == {f"tb|turn|0|{gv}": table.timers[f"tb|turn|0|{gv}"],
                           f"tb|away|0|{T0 + 5}": T0 + 5 + 5_000,
                           f"tb|grace|0|{T0 + 5}": T0 + 5 + 60_000}
    back, _ = gone.sit("p0", "P0", "c1")  # a reload within the window: nothing to end
    back = back.with_timers(T0 + 10, **times)
    assert list(back.timers) == [f"tb|turn|0|{gv}"] and not back.seats[0].away
    away = gone.window_over(0).with_timers(T0 + 5_005, **times)  # nobody came back
    assert away.seats[0].away and set(away.timers) == {f"tb|bot|0|{gv}",
                                                       f"tb|grace|0|{T0 + 5}"}
    with pytest.raises(TimerStale):
        away.window_over(0)


def test_the_window_holds_the_pause_until_it_ends() -> None:
    table = play_out_hand(one_person_table())
    assert table.paused
    gone = table.disconnect("p0", "c0", T0 + 1, window_ms=5_000)
    assert gone is not None and gone.paused  # a reload: their Continue is still waited for
    assert not gone.window_over(0).paused


def test_a_practice_table_has_no_window() -> None:
    practice = replace(one_person_table(), kind="practice")
    gone = practice.disconnect("p0", "c0", T0 + 1, window_ms=5_000)
    assert gone is not None and not gone.seats[0].away
    assert not any("|away|" in m or "|grace|" in m
                   for m in gone.with_timers(T0 + 1, **TIMES, window_ms=5_000).timers)
