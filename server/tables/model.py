"""A table as stored in Redis, and every change to it, as pure functions.

A ``Table`` is a value: seats, status, the engine's ``Game``, recent action ids and the
timers the table wants. Each change below takes a table (and the time, seeds, the
version it will get) and returns a new one, or raises a ``RoomError`` saying why not.
No I/O here: ``table_service`` reads, calls one of these, and writes with a
compare-and-set on the version; on a conflict it simply calls it again on fresh state.

A table has as many seats as its rules (``RuleSet.seats``: 2, 3, 4 or 6, clockwise);
quick play and ranked play are always four in partnerships. Kinds: ``casual`` (quick
play, bot fill), ``private`` (a host's table: ``lobby`` holds
the seating and host; see ``seating``), ``ranked`` (four accounts, no bots: a
leaver is played by the autopilot and listed in ``left``), ``practice`` (one person and
bots in the other seats; ``practice`` holds the level, pace and the Undo/Redo state; see
``practice``).

Seat states::

    open            pid None, bot False          quick play may take it
    person          pid P,    bot False          away True: the autopilot plays P's turns;
                                                 away_ms set: P's last socket closed then
    bot             pid None, bot True           filled after the fill wait
    replaced        pid P,    bot True           P left or stayed away past the grace;
                                                 P may take it back (``sit``)

A person is ``away`` (the autopilot plays their turns at the bots' pace) after two
turns in a row ran out (``timeouts``) or once the reconnect window after their last
socket closed (``away_ms``) has passed with no socket of theirs back (the ``away``
timer, ``RECONNECT_WINDOW_S``): a reload finds its turn waiting, while a turn clock,
where the table has one, runs on as for anyone present. ``away_ms`` also starts the
reconnect grace. Time running out is not absence: a connected person is never given
the grace, so a bot never takes the seat of someone who is still there.

Between hands (``paused``) the table waits: no bot and no turn clock run until every
person present has pressed Continue (``ready``) or the between-hands limit is over, so
that the hand result can be read without the next hand's clock running behind it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import msgpack

from server.errors import (
    ALREADY_ACTED,
    BOT_FINISHED,
    MOVED_ON,
    NO_OPEN_SEAT,
    NO_RANKED_REMATCH,
    NO_SEAT_FOR_YOU,
    NO_SEAT_HERE,
    NOT_STARTED,
    REMATCH_AT_END,
    WAIT_CONTINUE,
    BetweenHands,
    GameNotOn,
    NotAllowed,
    NotSeated,
    StaleVersion,
    TableFull,
    TimerStale,
)
from shared.display_names import distinct_names
from shared.spades import Action, Game, RuleSet
from shared.spades.reasons import GAME_OVER

from .lobby import Lobby

__all__ = ["BOT_NAMES", "CASUAL", "PRACTICE", "PRIVATE", "RANKED", "PracticeState", "Seat",
           "Table", "decode_table", "encode_table"]

# One name per seat of the largest table (six): a seat a person leaves always finds one free.
BOT_NAMES = ("Ada (bot)", "Bix (bot)", "Cole (bot)", "Dot (bot)", "Eli (bot)", "Fay (bot)")
RECENT_ACTS = 16  # action ids remembered per table for dedupe
# A screen-reader player's own turn time, as a factor of the table's (casual and private
# tables; untimed play stays one choice away, WCAG 2.2.1).
MORE_TIME_FACTOR = 10
MORE_TIME_KINDS = ("casual", "private")
AWAY_AFTER_TIMEOUTS = 2  # a person's turns in a row that run out before they count as away
CASUAL, PRIVATE, RANKED, PRACTICE = "casual", "private", "ranked", "practice"
# A practice table's pace, as a factor of the room's bot pace (BOT_PACE_S).
PACE_FACTORS = {"relaxed": 2.0, "standard": 1.0, "fast": 0.35}


@dataclass(frozen=True, slots=True)
class Seat:
    pid: str | None = None  # the person who holds (or may reclaim) the seat
    name: str | None = None
    bot: bool = False  # a bot plays the seat now
    away: bool = False  # the person is away: the autopilot plays their turns
    conn: str = ""  # the person's latest connection; a stale disconnect is ignored
    away_ms: int = 0  # when the person's last socket closed (names the grace timer); 0: open
    timeouts: int = 0  # the person's turns in a row that ran out (two: away)
    guest: bool = False  # the person plays as a guest, not as a signed-in account
    more_time: bool = False  # a screen-reader player's: their turn clock is longer

    @property
    def is_open(self) -> bool:
        return self.pid is None and not self.bot

    @property
    def is_person(self) -> bool:
        """A person plays this seat (present or away), not a bot."""
        return self.pid is not None and not self.bot

    @property
    def is_replaced(self) -> bool:
        """A bot plays the seat of a person who left (they may take it back)."""
        return self.pid is not None and self.bot

    @property
    def is_present(self) -> bool:
        """A person who is here: seated, not away (their Continue is waited for)."""
        return self.pid is not None and not self.bot and not self.away

    def to_list(self) -> list[Any]:
        """The seat as the table blob stores it (``Seat(*list)`` reads it back)."""
        return [self.pid, self.name, self.bot, self.away, self.conn, self.away_ms,
                self.timeouts, self.guest, self.more_time]


@dataclass(frozen=True, slots=True)
class PracticeState:
    """What a practice table adds: the bots' ``level`` and ``pace``; ``base``, the
    moves of the opening position (a lesson's), which Undo never takes back; ``redo``,
    the person's decisions taken back, the next to replay last; ``decisions``, how many
    of the person's decisions the current game's log holds (after ``base``);
    ``keep_until_ms``: Redis keeps the table at least until then (a daily hand's table
    lives until its day closes), however long it stays idle."""

    level: str = "easy"
    pace: str = "standard"
    scenario: str | None = None
    base: tuple[tuple[int, str], ...] = ()
    redo: tuple[tuple[int, str], ...] = ()
    decisions: int = 0
    keep_until_ms: int = 0
    salt: str = ""  # mixed into the bots' sampling: a daily table's, per player

    @property
    def offers_undo(self) -> bool:
        """Hint, Undo and Redo are offered (not at Challenge)."""
        return self.level != "challenge"

    def to_list(self) -> list[Any]:
        out = [self.level, self.pace, self.scenario, [list(m) for m in self.base],
               [list(m) for m in self.redo], self.decisions, self.keep_until_ms]
        return [*out, self.salt] if self.salt else out  # the salt only where there is one

    @classmethod
    def from_list(cls, data: list[Any]) -> PracticeState:
        # Blobs written before ``keep_until_ms`` have six fields, before the salt seven.
        level, pace, scenario, base, redo, decisions, *rest = data
        keep_until_ms = int(rest[0]) if rest else 0
        salt = str(rest[1]) if len(rest) > 1 else ""
        return cls(level, pace, scenario, tuple((s, a) for s, a in base),
                   tuple((s, a) for s, a in redo), decisions, keep_until_ms, salt)


@dataclass(frozen=True, slots=True)
class Table:
    """One table. ``rev`` is the Redis version (not stored in the blob); ``gv`` the
    version of the last game action, which a client's ``act`` must have seen."""

    id: str
    kind: str
    rules: dict[str, Any]
    status: str  # "filling" | "playing" | "over"
    seats: tuple[Seat, ...]
    created_ms: int
    game: Game | None = None
    rev: int = 0
    gv: int = 0
    acts: tuple[tuple[str, int, int | None, int], ...] = ()  # (pid, v seen, msg id, rev)
    timers: dict[str, int] = field(default_factory=dict)  # timer member -> due ms
    rematch: tuple[bool | None, ...] = (None, None, None, None)
    game_no: int = 0  # games played here so far (a rematch starts the next); names its log
    bot_level: str = "standard"  # the level of this table's bots (the autopilot: standard)
    lobby: Lobby | None = None  # private tables: seating and host (mirrored into seats)
    practice: PracticeState | None = None  # practice tables
    left: tuple[str, ...] = ()  # ranked: pids who left this game (scored as losing)
    paused: bool = False  # between hands: waiting for Continue (see the module's doc)
    ready: tuple[int, ...] = ()  # while paused: the seats whose person pressed Continue
    ratings: tuple[int, ...] = ()  # ranked: each seat's shown rating when the game began
    event: str = ""  # the tournament event this table plays a game of ("" none)
    rated: bool = True  # ranked tables: whether the game moves ratings (a casual event's not)

    # -- reading -------------------------------------------------------------------------

    @property
    def bot_salt(self) -> str:
        """The salt of this table's bots' sampling (empty but at a daily table)."""
        return self.practice.salt if self.practice is not None else ""

    def shown_names(self) -> list[str | None]:
        """Each seat's name as people see it in the seats, the chat, the lobby lists
        and the game's record: a name an earlier seat has is numbered ("Bo (2)"), so
        two guests who typed the same name can be told apart (``distinct_names``)."""
        return distinct_names([s.name for s in self.seats])

    def seat_of(self, pid: str) -> int | None:
        """The seat ``pid`` holds or may take back (a bot may play it now)."""
        for index, seat in enumerate(self.seats):
            if seat.pid == pid:
                return index
        return None

    def playing_seat_of(self, pid: str) -> int | None:
        """The seat ``pid`` plays now (None: none, or a bot took it)."""
        index = self.seat_of(pid)
        return index if index is not None and not self.seats[index].bot else None

    def may_reclaim(self, pid: str) -> bool:
        """Whether ``pid``'s seat is a bot's now and ``pid`` may take it back (the
        game is on; ranked seats are never given to bots)."""
        index = self.seat_of(pid)
        return index is not None and self.seats[index].is_replaced and self.status != "over"

    @property
    def has_person(self) -> bool:
        return any(seat.is_person for seat in self.seats)

    @property
    def people(self) -> list[str]:
        """The players who hold a seat here (present, away, or replaced by a bot)."""
        return [seat.pid for seat in self.seats if seat.pid is not None]

    @property
    def open_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.is_open]

    # -- changes -------------------------------------------------------------------------

    @classmethod
    def new(cls, table_id: str, kind: str, rules: RuleSet, now_ms: int, *,
            bot_level: str = "standard", lobby: Lobby | None = None,
            practice: PracticeState | None = None) -> Table:
        return cls(id=table_id, kind=kind, rules=rules.to_dict(), status="filling",
                   seats=(Seat(),) * rules.seats, created_ms=now_ms, bot_level=bot_level,
                   lobby=lobby, practice=practice, rematch=(None,) * rules.seats)

    def sit(self, pid: str, name: str, conn: str, guest: bool = False) -> tuple[Table, int]:
        """Seat ``pid`` (``guest``: playing without an account): back in its own seat
        (reclaiming it from a bot while the game is on), else in the first open seat.
        Raises TableFull."""
        own = self.seat_of(pid)
        if own is not None:
            seat = self.seats[own]
            if seat.bot and self.status == "over":
                raise TableFull(BOT_FINISHED())
            return self._with_seat(own, Seat(pid=pid, name=name, conn=conn, guest=guest)), own
        if self.kind != CASUAL:  # other tables seat people by invite, match or creation
            raise TableFull(NO_SEAT_FOR_YOU())
        if self.status != "filling" or not self.open_seats:
            raise TableFull(NO_OPEN_SEAT())
        index = self.open_seats[0]
        table = self._with_seat(index, Seat(pid=pid, name=name, conn=conn, guest=guest))
        return table, index

    def start_if_full(self, seed: int, dealer: int) -> Table:
        """Start the game once no seat is open (the last person sat down)."""
        if self.kind == CASUAL and self.status == "filling" and not self.open_seats:
            return self._start(seed, dealer)
        return self

    def fill_with_bots(self, seed: int, dealer: int) -> Table:
        """The fill wait is over: bots take the open seats and the game starts."""
        if self.status != "filling":
            raise TimerStale("the table is not filling")
        names = iter(n for n in BOT_NAMES if n not in {s.name for s in self.seats})
        seats = tuple(Seat(name=next(names), bot=True) if s.is_open else s for s in self.seats)
        return replace(self, seats=seats)._start(seed, dealer)

    def _start(self, seed: int, dealer: int) -> Table:
        return self.start_game(Game.new(RuleSet.from_dict(self.rules), seed=seed,
                                        dealer=dealer))

    def start_game(self, game: Game, base: tuple[tuple[int, str], ...] = ()) -> Table:
        """Play ``game`` (new, or opening from a position whose moves are ``base``)."""
        game_no = self.game_no + 1 if self.game is not None else self.game_no
        practice = self.practice
        if practice is not None:
            practice = replace(practice, base=base, redo=(), decisions=0,
                               scenario=practice.scenario if base else None)
        return replace(self, status="playing", game=game, gv=self.rev + 1,
                       rematch=(None,) * len(self.seats), game_no=game_no, left=(),
                       practice=practice)

    def act(self, pid: str, v: int, msg_id: int | None, text: str) -> Table | int:
        """A person's game action having seen version ``v``.

        Returns the new table, or the version it was applied at when this exact message
        (same ``v`` and id) was applied before (a resend). Raises NotSeated,
        StaleVersion, GameNotOn or the engine's SpadesError (nothing changes).
        """
        index = self.seat_of(pid)
        if index is None or self.seats[index].bot:
            raise NotSeated(NO_SEAT_HERE())
        for seen_pid, seen_v, seen_id, applied in self.acts:
            if seen_pid == pid and seen_v == v:
                if msg_id is not None and seen_id == msg_id:
                    return applied
                raise StaleVersion(ALREADY_ACTED())
        if v < self.gv or v > self.rev:
            raise StaleVersion(MOVED_ON(now=self.rev, yours=v))
        game = self._playing_game()
        if self.paused:
            raise BetweenHands(WAIT_CONTINUE())
        game = game.apply(index, text)
        rev = self.rev + 1
        seats = self.seats
        if seats[index].away or seats[index].timeouts:
            seats = _set(seats, index, replace(seats[index], away=False, away_ms=0,
                                               timeouts=0))
        acts = (*self.acts, (pid, v, msg_id, rev))[-RECENT_ACTS:]
        practice = self.practice
        if practice is not None:  # a new decision: Redo goes on only if it is the same
            redo = practice.redo
            redo = redo[:-1] if redo and redo[-1] == (index, str(Action.parse(text))) else ()
            practice = replace(practice, redo=redo, decisions=practice.decisions + 1)
        return self._after_game_action(replace(self, game=game, seats=seats, acts=acts,
                                               practice=practice))

    def bot_act(self, index: int, text: str, *, timed_out: bool) -> Table:
        """A bot's action for seat ``index`` (a bot's seat, or the autopilot of a person
        who is away); ``timed_out``: a present person's turn ran out, counted towards
        away (two in a row)."""
        game = self._playing_game().apply(index, text)
        table = replace(self, game=game)
        seat = table.seats[index]
        if timed_out and seat.is_person and not seat.away:
            timeouts = seat.timeouts + 1
            table = table._with_seat(index, replace(seat, timeouts=timeouts,
                                                    away=timeouts >= AWAY_AFTER_TIMEOUTS))
        return self._after_game_action(table)

    def _after_game_action(self, table: Table) -> Table:
        """``table`` after a game action on ``self``: its status, its game version, and
        the pause between hands when the action ended a hand and a person is here."""
        assert table.game is not None
        status = "over" if table.game.over else "playing"
        old = self.game
        paused = (status == "playing" and old is not None
                  and table.game.hand_no != old.hand_no and self.kind != PRACTICE
                  and any(s.is_present for s in table.seats))
        return replace(table, gv=self.rev + 1, status=status, paused=paused, ready=())

    def press_continue(self, pid: str) -> Table | None:
        """The person has read the hand result; the next hand starts once every person
        present has. None: there is nothing to wait for."""
        index = self.seat_of(pid)
        if index is None or self.seats[index].bot:
            raise NotSeated(NO_SEAT_HERE())
        if not self.paused or index in self.ready:
            return None
        return replace(self, ready=(*self.ready, index))._settle_pause()

    def ask_more_time(self, pid: str, on: bool) -> Table | None:
        """The person's own turn clock runs ``MORE_TIME_FACTOR`` times longer (``on``) or
        as everyone's. Only casual and private tables allow it; a turn already running
        keeps its due time (the next one gets the new length). None: nothing changes."""
        index = self.seat_of(pid)
        if index is None or self.seats[index].bot:
            raise NotSeated("You have no seat at this table.")
        if self.kind not in MORE_TIME_KINDS:
            raise NotAllowed("More turn time is offered at casual and private tables only.")
        if self.seats[index].more_time == on:
            return None
        return self._with_seat(index, replace(self.seats[index], more_time=on))

    def end_pause(self) -> Table:
        """The between-hands limit is over: the next hand goes on."""
        if not self.paused:
            raise TimerStale("the table is not between hands")
        return replace(self, paused=False, ready=())

    def _settle_pause(self) -> Table:
        """The pause ends once no person present is still reading."""
        if self.paused and all(i in self.ready for i, s in enumerate(self.seats)
                               if s.is_present):
            return replace(self, paused=False, ready=())
        return self

    def _playing_game(self) -> Game:
        if self.status != "playing" or self.game is None:
            raise GameNotOn(NOT_STARTED() if self.status == "filling" else GAME_OVER())
        return self.game

    def disconnect(self, pid: str, conn: str, now_ms: int, window_ms: int = 0
                   ) -> Table | None:
        """The person's last socket closed: the reconnect grace starts, unless a newer
        connection of theirs is already back. None: nothing to change.

        ``window_ms`` > 0: the seat is not away yet: the reconnect window's timer
        (``with_timers``) makes it away unless a socket of theirs sits down again
        first, so a reload finds its turn waiting. 0: away at once.

        A practice table waits for its one person (no autopilot, no grace): only
        ``away_ms`` records when they went, so that the table counts as idle for the
        quotas (``practice_left_ms``)."""
        index = self.seat_of(pid)
        if index is None:
            return None
        seat = self.seats[index]
        if seat.bot or seat.away_ms or seat.conn != conn:
            return None
        gone = replace(seat, away_ms=max(1, now_ms))
        if self.kind == PRACTICE or window_ms > 0:
            return self._with_seat(index, gone)
        return self._with_seat(index, replace(gone, away=True))._settle_pause()

    def window_over(self, index: int) -> Table:
        """The reconnect window of seat ``index`` passed with no socket of its person
        back: away now (the autopilot plays their turns; the grace runs on)."""
        seat = self.seats[index]
        if not seat.is_person or not seat.away_ms or seat.away:
            raise TimerStale("the person is back or already away")
        return self._with_seat(index, replace(seat, away=True))._settle_pause()

    def practice_left_ms(self) -> int | None:
        """When the person of a practice table closed their last socket there (ms),
        or None: another kind of table, or the person is connected."""
        if self.kind != PRACTICE:
            return None
        person = next((s for s in self.seats if s.is_person), None)
        return person.away_ms if person is not None and person.away_ms else None

    def reconnect(self, pid: str, conn: str) -> Table | None:
        """Another open socket of the person is now their connection (the one that was
        closed was not the last). None: nothing to change."""
        index = self.seat_of(pid)
        if index is None or self.seats[index].bot or self.seats[index].conn == conn:
            return None
        return self._with_seat(index, replace(self.seats[index], conn=conn))

    def back(self, pid: str) -> Table | None:
        """The person says they are here: the autopilot stops. None: not away."""
        index = self.seat_of(pid)
        if index is None or self.seats[index].bot:
            raise NotSeated(NO_SEAT_HERE())
        seat = self.seats[index]
        if not seat.away and not seat.timeouts:
            return None
        return self._with_seat(index, replace(seat, away=False, away_ms=0, timeouts=0))

    def replace_with_bot(self, index: int) -> Table:
        """The person left or stayed away past the grace: a bot plays, the person may
        still reclaim the seat (``pid`` is kept). At a ranked table no bot comes: the
        autopilot plays the seat to the end and the person is scored as losing."""
        seat = self.seats[index]
        if self.status == "filling":
            table = self._with_seat(index, Seat())  # nothing to hold yet: free the seat
            if table.lobby is not None and seat.pid is not None:
                table = table._lobby_without(seat.pid)
            return table
        if self.kind == RANKED:
            if seat.pid is None or seat.pid in self.left:
                return self
            away = replace(seat, away=True, away_ms=seat.away_ms or 1)
            return replace(self._with_seat(index, away),
                           left=(*self.left, seat.pid))._settle_pause()
        name = next(n for n in BOT_NAMES if n not in {s.name for s in self.seats})
        table = self._with_seat(index, Seat(pid=seat.pid, name=name, bot=True))
        if table.lobby is not None and seat.pid is not None:
            table = table._lobby_without(seat.pid)
        return table._settle_pause()

    def _lobby_without(self, pid: str) -> Table:
        """A private table's lobby after ``pid`` left: before the start the seat
        empties; a leaving host hands the role to the first person seated."""
        assert self.lobby is not None
        lobby = self.lobby.leave(pid)
        if lobby is None:  # nobody is left: the host keeps the role and may come back
            seats = list(self.lobby.seats)
            index = self.lobby.seat_of(pid)
            if index is not None and not self.lobby.started:
                seats[index] = None
            lobby = replace(self.lobby, seats=tuple(seats))
        return replace(self, lobby=lobby)

    def leave(self, pid: str) -> Table:
        index = self.seat_of(pid)
        if index is None or self.seats[index].bot:
            raise NotSeated(NO_SEAT_HERE())
        return self.replace_with_bot(index)

    def rename(self, pid: str, name: str) -> Table | None:
        index = self.seat_of(pid)
        if index is None or self.seats[index].bot or self.seats[index].name == name:
            return None
        return self._with_seat(index, replace(self.seats[index], name=name))

    def vote_rematch(self, pid: str, yes: bool, seed: int, dealer: int) -> Table:
        """A person's rematch vote after a game; when every person said yes, the same
        seats play a new game (bots always agree)."""
        index = self.seat_of(pid)
        if index is None or self.seats[index].bot:
            raise NotSeated(NO_SEAT_HERE())
        if self.status != "over":
            raise GameNotOn(REMATCH_AT_END())
        if self.kind == RANKED:
            raise GameNotOn(NO_RANKED_REMATCH())
        votes = list(self.rematch)
        votes[index] = yes
        table = replace(self, rematch=tuple(votes))
        people = [i for i, s in enumerate(self.seats) if s.is_person]
        if all(votes[i] for i in people):
            return table._start(seed, dealer)
        return table

    def _with_seat(self, index: int, seat: Seat) -> Table:
        return replace(self, seats=_set(self.seats, index, seat))

    # -- timers ----------------------------------------------------------------------------

    def with_timers(self, now_ms: int, fill_ms: int, pace_ms: int, turn_ms: int,
                    grace_ms: int, between_ms: int = 0, window_ms: int = 0) -> Table:
        """The table with the timers its state needs, keeping the due time of any it
        already had. A member names what it is for and the state it belongs to, so a
        timer whose table moved on is no longer in ``timers`` and is dropped.
        ``turn_ms`` is the room's turn time (a private table's host may choose another,
        or none: ``Lobby.turn_s``); ``between_ms`` the between-hands limit (0: the
        room does not pause between hands); ``window_ms`` the reconnect window (a
        gone person's seat is away when it ends: see ``disconnect``)."""
        if self.paused and between_ms <= 0:
            return replace(self, paused=False, ready=()).with_timers(
                now_ms, fill_ms, pace_ms, turn_ms, grace_ms, between_ms, window_ms)
        wanted: dict[str, int] = {}
        if self.status == "filling" and self.kind == CASUAL:
            wanted[f"{self.id}|fill|-|0"] = self.created_ms + fill_ms
        if self.practice is not None:  # nobody waits for the one person practising
            pace_ms = int(pace_ms * PACE_FACTORS.get(self.practice.pace, 1.0))
            turn_ms = -1
        if self.lobby is not None and self.lobby.turn_s is not None:
            turn_ms = self.lobby.turn_s * 1000 if self.lobby.turn_s > 0 else -1
        game = self.game
        if self.paused:
            wanted[f"{self.id}|next|-|{self.gv}"] = now_ms + between_ms
        elif self.status == "playing" and game is not None and game.to_act is not None:
            seat = self.seats[game.to_act]
            if (self.has_person and not seat.is_person) or seat.away:
                wanted[f"{self.id}|bot|{game.to_act}|{self.gv}"] = now_ms + pace_ms
            elif seat.is_person and turn_ms >= 0:
                factor = MORE_TIME_FACTOR if seat.more_time and self.kind in MORE_TIME_KINDS else 1
                wanted[f"{self.id}|turn|{game.to_act}|{self.gv}"] = now_ms + turn_ms * factor
        if self.status == "playing" and self.kind != PRACTICE:  # practice waits: no grace
            for index, seat in enumerate(self.seats):
                if seat.is_person and seat.away_ms and seat.pid not in self.left:
                    wanted[f"{self.id}|grace|{index}|{seat.away_ms}"] = seat.away_ms + grace_ms
                    if not seat.away:  # in the reconnect window: away when it ends
                        wanted[f"{self.id}|away|{index}|{seat.away_ms}"] = (
                            seat.away_ms + window_ms)
        timers = {member: self.timers.get(member, due) for member, due in wanted.items()}
        return replace(self, timers=timers)

    def turn_deadline(self) -> int | None:
        """When the person to act runs out of time (ms), if a person is to act."""
        for member, due in self.timers.items():
            if member.split("|")[1] == "turn":
                return due
        return None

    def fill_deadline(self) -> int | None:
        return self.timers.get(f"{self.id}|fill|-|0")

    def pause_deadline(self) -> int | None:
        """When the between-hands pause ends at the latest (ms), while paused."""
        return self.timers.get(f"{self.id}|next|-|{self.gv}") if self.paused else None


def _set(seats: tuple[Seat, ...], index: int, seat: Seat) -> tuple[Seat, ...]:
    return (*seats[:index], seat, *seats[index + 1 :])


def parse_timer(member: str) -> tuple[str, str, int, str]:
    """``table|kind|seat|marker`` -> (table id, kind, seat or -1, marker)."""
    table_id, kind, seat, marker = member.split("|")
    return table_id, kind, -1 if seat == "-" else int(seat), marker


# -- storage ------------------------------------------------------------------------------


def encode_table(table: Table) -> bytes:
    """The blob Redis holds (everything but ``rev``, which Redis keeps beside it, and the
    game's actions, which are in the game's log: see ``keys.game_log``)."""
    data = {
        "id": table.id, "kind": table.kind, "rules": table.rules, "status": table.status,
        "seats": [s.to_list() for s in table.seats],
        "created": table.created_ms, "gv": table.gv,
        "game": table.game.to_dict(events=False) if table.game is not None else None,
        "acts": [list(a) for a in table.acts], "timers": table.timers,
        "rematch": list(table.rematch), "game_no": table.game_no,
    }
    # Fields of the other kinds of table, only when set (a casual blob stays as small).
    if table.bot_level != "standard":
        data["bl"] = table.bot_level
    if table.lobby is not None:  # its rules are the table's: not stored twice
        data["lobby"] = {**table.lobby.to_dict(), "rules": None}
    if table.practice is not None:
        data["pr"] = table.practice.to_list()
    if table.left:
        data["left"] = list(table.left)
    if table.paused:
        data["pz"] = list(table.ready)
    if table.ratings:
        data["rt"] = list(table.ratings)
    if table.event:
        data["ev"] = table.event
    if not table.rated:
        data["ur"] = True
    packed: bytes = msgpack.packb(data)
    return packed


def decode_table(blob: bytes, rev: int) -> Table:
    """The table from its blob; raises ValueError on damaged data."""
    try:
        data = msgpack.unpackb(blob)
        game = data["game"]
        lobby, practice = data.get("lobby"), data.get("pr")
        return Table(
            id=data["id"], kind=data["kind"], rules=data["rules"], status=data["status"],
            seats=tuple(Seat(*s) for s in data["seats"]), created_ms=data["created"],
            game=Game.from_dict(game) if game is not None else None, rev=rev,
            gv=data["gv"], acts=tuple(tuple(a) for a in data["acts"]),
            timers=data["timers"], rematch=tuple(data["rematch"]), game_no=data["game_no"],
            bot_level=data.get("bl", "standard"),
            lobby=Lobby.from_dict({**lobby, "rules": lobby["rules"] or data["rules"]})
            if lobby is not None else None,
            practice=PracticeState.from_list(practice) if practice is not None else None,
            left=tuple(data.get("left", ())),
            paused="pz" in data, ready=tuple(data.get("pz", ())),
            ratings=tuple(data.get("rt", ())),
            event=data.get("ev", ""), rated="ur" not in data,
        )
    except (KeyError, TypeError, ValueError, msgpack.UnpackException) as err:
        raise ValueError(f"table blob is damaged: {type(err).__name__}: {err}") from None
