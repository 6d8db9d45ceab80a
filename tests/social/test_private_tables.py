"""Private tables: the host's rules, the seating model's host actions (pure), and the
invites in Redis (link token, code, guessing refused past the limit)."""

from __future__ import annotations

import re
from typing import Any

import pytest
import redis.asyncio as redis_async

from server.social.errors import InvalidRules, NoSuchInvite, NotHost, RateLimited, SeatError
from server.social.invites import CODE_ALPHABET, CODE_LIMITS, Invites, normalize_code
from server.tables.lobby import BOT_LEVELS, Lobby, Sitter, host_rules
from shared.bots.players import LEVELS
from shared.spades import RuleSet

from .conftest import ManualClock

HOST, ANN, BOB, CY = Sitter("h", "Host"), Sitter("a", "Ann"), Sitter("b", "Bob"), Sitter("c", "Cy")


def test_bot_levels_are_the_engine_s() -> None:
    assert BOT_LEVELS == LEVELS


@pytest.mark.parametrize(("preset", "options", "check"), [
    ("standard", None, {"target_score": 500}),
    ("standard", {"target_score": 300, "blind_nil": "off"},
     {"target_score": 300, "blind_nil": "off"}),
    ("quick", {"bag_penalty": False}, {"target_score": 250, "bag_penalty": False}),
    ("club", {"jokers": True}, {"jokers": True, "blind_nil": "opening_bidder"}),
])
def test_host_rules_build_over_a_preset(preset: str, options: dict[str, Any] | None,
                                        check: dict[str, Any]) -> None:
    rules = host_rules(preset, options)
    assert isinstance(rules, RuleSet)
    assert {k: getattr(rules, k) for k in check} == check


@pytest.mark.parametrize(("preset", "options", "says"), [
    ("nope", None, "Choose one of the rule sets"),
    (7, None, "Choose one of the rule sets"),
    ("standard", ["target_score"], "mapping"),
    ("standard", {"target_score": 20}, "target score must be between"),
    ("standard", {"target_score": "500"}, "whole number"),
    ("standard", {"bag_penalty": 1}, "true or false"),
    ("standard", {"fly": True}, "Unknown rule option"),
    ("standard", {1: 2}, "must be text"),
    ("standard", {"bidding": "mirror"}, "Blind Nil must be off"),
])
def test_bad_host_rules_are_refused_with_the_reason(preset: object, options: object,
                                                    says: str) -> None:
    with pytest.raises(InvalidRules, match=says):
        host_rules(preset, options)


def test_the_preset_may_come_from_the_rules_name() -> None:
    rules = host_rules(None, {"name": "quick", "target_score": 300})
    assert (rules.name, rules.target_score, rules.losing_score) == ("quick", 300, -200)
    named = host_rules(None, {"name": "Friday rules"})  # not a preset: over standard
    assert named.name == "Friday rules" and named.target_score == 500


def lobby(**kw: Any) -> Lobby:
    return Lobby.create(HOST, "standard", kw.pop("options", None), **kw)


def test_a_new_table_has_its_host_seated_and_valid_rules() -> None:
    table = lobby(seat=2, bot_level="easy")
    assert table.seat_of("h") == 2
    assert table.bot_seats == [0, 1, 3]
    assert RuleSet.from_dict(table.rules) == RuleSet.preset("standard")
    with pytest.raises(InvalidRules, match="bot level"):
        lobby(bot_level="genius")
    with pytest.raises(SeatError):
        lobby(seat=4)


def test_people_choose_seats_and_may_change_them_before_the_start() -> None:
    table = lobby().choose_seat(ANN, 2).choose_seat(BOB, 1)
    assert [s.pid if s else None for s in table.seats] == ["h", "b", "a", None]
    table = table.choose_seat(ANN, 3)  # moving oneself frees the old seat
    assert [s.pid if s else None for s in table.seats] == ["h", "b", None, "a"]
    with pytest.raises(SeatError, match="taken"):
        table.choose_seat(CY, 1)
    with pytest.raises(SeatError, match="0 to 3"):
        table.choose_seat(CY, -1)


def test_the_host_moves_players_swapping_seats() -> None:
    table = lobby().choose_seat(ANN, 1).choose_seat(BOB, 2)
    moved = table.move("h", 1, 2)
    assert [s.pid if s else None for s in moved.seats] == ["h", "b", "a", None]
    moved = moved.move("h", 0, 3)
    assert moved.seat_of("h") == 3 and moved.host == "h"
    with pytest.raises(NotHost, match="Only the host"):
        table.move("a", 1, 3)
    with pytest.raises(SeatError, match="empty"):
        table.move("h", 3, 1)


def test_the_host_removes_a_player_who_cannot_come_back() -> None:
    table = lobby(allow_spectators=True).choose_seat(ANN, 1)
    table = table.remove("h", 1)
    assert table.seat_of("a") is None and table.bot_seats == [1, 2, 3]
    with pytest.raises(SeatError, match="removed you"):
        table.choose_seat(ANN, 2)
    assert not table.may_watch("a") and not table.may_watch("zed")
    assert table.admit("zed").may_watch("zed")  # with the invite
    with pytest.raises(SeatError, match="removed you"):
        table.admit("a")
    with pytest.raises(SeatError, match="cannot remove themselves"):
        table.remove("h", 0)
    with pytest.raises(NotHost):
        table.choose_seat(BOB, 2).remove("b", 0)


def test_the_host_starts_at_any_time_with_bots_in_the_empty_seats() -> None:
    table = lobby().choose_seat(ANN, 2)
    with pytest.raises(NotHost):
        table.start("a")
    started = table.start("h")
    assert started.started and started.bot_seats == [1, 3]
    for change in (lambda t: t.choose_seat(BOB, 1), lambda t: t.move("h", 0, 1),
                   lambda t: t.remove("h", 2), lambda t: t.start("h")):
        with pytest.raises(SeatError, match="started"):
            change(started)


def test_the_host_role_passes_on_and_the_table_survives_the_host() -> None:
    table = lobby().choose_seat(ANN, 1).choose_seat(BOB, 3)
    after = table.leave("h")
    assert after is not None and after.host == "a" and after.seat_of("h") is None
    assert lobby().leave("h") is None  # nobody left before the start: drop the table
    started = table.start("h").leave("h")
    assert started is not None and started.host == "a"
    assert started.seat_of("h") == 0  # the seat stays; the room gives it to a bot
    alone = lobby().start("h").leave("h")
    assert alone is not None and alone.started  # a started table goes on with bots
    assert table.leave("b") == table.choose_seat(ANN, 1).leave("b")


def test_spectators_only_when_the_host_allows() -> None:
    table = lobby()
    assert not table.may_watch("x") and not table.admit("x").may_watch("x")
    allowed = table.set_spectators("h", True)
    assert not allowed.may_watch("x")  # the table's id alone admits nobody
    assert allowed.admit("x").may_watch("x")  # the invite does
    assert allowed.may_watch("h")  # and a seat held there
    assert allowed.choose_seat(ANN, 1).leave("a").may_watch("a")
    with pytest.raises(NotHost):
        table.set_spectators("a", True)


def test_the_seating_round_trips_through_its_stored_form() -> None:
    table = lobby(allow_spectators=True).choose_seat(ANN, 1).choose_seat(BOB, 2)
    table = table.remove("h", 2).start("h")
    assert Lobby.from_dict(table.to_dict()) == table


# -- invites --------------------------------------------------------------------------------


async def test_an_invite_has_a_long_token_and_a_short_code(invites: Invites) -> None:
    invite = await invites.create("T1")
    assert len(invite.token) == 32  # 24 bytes: 192 bits
    assert re.fullmatch(f"[{CODE_ALPHABET}]{{6}}", invite.code)
    assert not set("0O1IL") & set(CODE_ALPHABET)
    assert await invites.by_token(invite.token) == "T1"
    assert await invites.by_code(invite.code.lower(), "10.0.0.1") == "T1"
    spaced = f"{invite.code[:3]} {invite.code[3:]}"
    assert await invites.by_code(spaced, "10.0.0.1") == "T1"
    shown = await invites.of_table("T1")  # read back: the code, and no token (not kept)
    assert shown is not None and shown.code == invite.code and shown.token == ""
    assert shown.token_hash == invite.token_hash and shown.link_part == invite.code
    assert await invites.resolve(f"https://room.example/#/join/{shown.link_part}",
                                 "10.0.0.1") == "T1"


async def test_a_new_invite_replaces_the_old_one(invites: Invites) -> None:
    old = await invites.create("T1")
    new = await invites.create("T1")
    assert await invites.by_token(new.token) == "T1"
    with pytest.raises(NoSuchInvite):
        await invites.by_token(old.token)
    with pytest.raises(NoSuchInvite):
        await invites.by_code(old.code, "10.0.0.1")
    await invites.revoke(new)
    with pytest.raises(NoSuchInvite, match="expired"):
        await invites.by_token(new.token)


async def test_only_the_token_s_hash_is_stored(invites: Invites,
                                               redis: redis_async.Redis) -> None:
    invite = await invites.create("T1")
    names = [key async for key in redis.scan_iter("pi:*")]
    assert len(names) == 1 and invite.token.encode() not in names[0]
    # ... and no value of any key holds the token either (audit: t:{id}:invite did)
    async for key in redis.scan_iter("*"):
        kind = (await redis.type(key)).decode()
        value = await redis.get(key) if kind == "string" else b""
        assert invite.token.encode() not in value, key


@pytest.mark.parametrize(("typed", "code"), [
    ("ab3d7k", "AB3D7K"), ("AB3-D7K", "AB3D7K"), (" ab3 d7k ", "AB3D7K"),
    ("AB3D7", None), ("AB3D7KX", None), ("AB0D7K", None), ("ABID7K", None), ("x" * 50, None),
])
def test_codes_are_read_as_typed(typed: str, code: str | None) -> None:
    assert normalize_code(typed) == code


async def test_guessing_codes_is_refused_past_the_limit(invites: Invites,
                                                        clock: ManualClock) -> None:
    invite = await invites.create("T1")
    per_minute = CODE_LIMITS[0].attempts
    for i in range(per_minute):
        with pytest.raises(NoSuchInvite):
            await invites.by_code(f"ZZZZZ{CODE_ALPHABET[i]}", "10.9.9.9")
    with pytest.raises(RateLimited, match="codes tried"):
        await invites.by_code(invite.code, "10.9.9.9")  # even the right code, now
    assert await invites.by_code(invite.code, "10.8.8.8") == "T1"  # others are fine
    clock.advance(61)
    assert await invites.by_code(invite.code, "10.9.9.9") == "T1"
    # The hourly limit stops a patient guesser who keeps under the minute's.
    hourly = CODE_LIMITS[1].attempts
    hits, this_minute = per_minute + 1, 1
    while hits < hourly:
        if this_minute == per_minute:
            clock.advance(61)
            this_minute = 0
        with pytest.raises(NoSuchInvite):
            await invites.by_code("ZZZZZZ", "10.9.9.9")
        hits, this_minute = hits + 1, this_minute + 1
    clock.advance(61)
    with pytest.raises(RateLimited, match="codes tried"):
        await invites.by_code(invite.code, "10.9.9.9")


async def test_what_a_person_pastes_is_resolved(invites: Invites) -> None:
    invite = await invites.create("T1")
    for text in (invite.code, f" {invite.code.lower()} ", invite.token,
                 f"https://room.example/#/join/{invite.token}",
                 f"http://x/#/join/{invite.code}"):
        assert await invites.resolve(text, "10.0.0.1") == "T1"
    for text in ("", "x" * 400, "https://room.example/#/t/T1"):
        with pytest.raises(NoSuchInvite):
            await invites.resolve(text, "10.0.0.1")


@pytest.mark.parametrize("token", ["", "short", "x" * 33, "!" * 32, None])
async def test_malformed_links_are_refused(invites: Invites, token: str | None) -> None:
    with pytest.raises(NoSuchInvite, match="not valid"):
        await invites.by_token(token)  # type: ignore[arg-type]
