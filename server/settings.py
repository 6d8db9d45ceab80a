"""The room's settings, read once from the environment.

Every variable the README lists is here, with its default. Durations are seconds
(floats allowed). A bad value stops the server with a sentence naming the variable.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace

from shared.daily import INSTANCES
from shared.spades import PRESETS
from shared.tournaments import DEFAULT_CALENDAR

__all__ = ["Settings", "SettingsError"]


class SettingsError(ValueError):
    """An environment variable holds a value the room cannot use."""


@dataclass(frozen=True, slots=True)
class Settings:
    """What a node needs to run; ``from_env()`` reads it, tests build it directly."""

    host: str = "127.0.0.1"
    port: int = 8000
    redis_url: str | None = None  # None: start a private redis-server under data_dir
    data_dir: str = "var/redis"
    database_url: str | None = None  # None: no archive (python -m server starts a private one)
    pg_data_dir: str = "var/pg"  # the private PostgreSQL's cluster (no DATABASE_URL)
    fill_wait_s: float = 10.0  # casual: seconds before bots take the open seats
    bot_pace_s: float = 0.7  # seconds a bot (or the autopilot of an away seat) waits
    turn_time_s: float = 30.0  # seconds a person has before the autopilot plays
    reconnect_grace_s: float = 60.0  # seconds a person with no open socket keeps the seat
    reconnect_window_s: float = 5.0  # seconds a closed socket has to come back before away
    between_hands_s: float = 8.0  # the longest wait for everyone's Continue (0: no pause)
    timer_poll_s: float = 0.1  # how often a node claims due timers from Redis
    timer_lease_s: float = 5.0  # a claimed timer is retried after this if not done
    table_ttl_s: int = 86_400  # an idle table is forgotten after this
    max_bad_messages: int = 5  # bad frames a socket may send before it is closed (1008)
    msg_rate_per_s: int = 20  # messages a socket may send per second on average (0: any)
    msg_burst: int = 60  # ... and at once; past that: err rate_limited, then 1008
    max_conns_per_address: int = 64  # open sockets per client address (0: no limit)
    ping_interval_s: float = 20.0  # the server pings every socket this often ...
    ping_timeout_s: float = 20.0  # ... and closes one that does not answer in time
    drain_s: float = 5.0  # on shutdown, how long in-flight messages get to finish
    log_format: str = "json"  # "json" (one object per line) or "text"
    casual_preset: str = "quick"  # the rules of casual tables (a RuleSet preset name)
    allowed_origins: tuple[str, ...] = ()  # pages of other origins that may use the room
    session_ttl_s: int = 30 * 86_400  # a signed-in session lasts this long
    match_every_s: float = 1.0  # how often each node runs the ranked matcher
    rating_sweep_s: float = 15.0  # how often each node rates ranked games left unrated
    tournament_tick_s: float = 1.0  # how often each node pairs and sweeps the tournaments
    tournament_calendar: str = DEFAULT_CALENDAR  # the scheduled events (docs/tournaments.md)
    gc_tick_s: float = 0.1  # the node collects garbage this often (0: CPython's own GC)
    # docs/security.md: what an operator sets in production
    forwarded_allow_ips: str = "127.0.0.1"  # proxies whose X-Forwarded-* are believed
    metrics_token: str = ""  # /metrics needs "Authorization: Bearer <this>" (""): loopback only
    request_timeout_s: float = 10.0  # a request's headers and body must arrive within this
    keep_alive_s: float = 5.0  # an idle HTTP keep-alive connection is closed after this
    practice_ttl_s: int = 3_600  # an idle practice table is forgotten after this
    practice_idle_s: float = 120.0  # a practice table nobody is connected at is idle after this
    tables_per_player: int = 3  # open private (and, apart, practice) tables per player
    tables_per_address: int = 20  # open private and practice tables per client address
    analyses_per_player: int = 12  # new analysis requests per player an hour (socket + HTTP)
    analyses_per_address: int = 30  # ... per client address (an IPv6 /64) an hour
    analysis_backlog: int = 2_000  # requests waiting for a worker; more are refused
    analysis_workers: int = 1  # workers python -m server runs as children (0: run them elsewhere)
    workers: int = 1  # node processes python -m server runs on its port (server.ops.node_workers)
    reuse_port: bool = False  # bind the port with SO_REUSEPORT, shared with other nodes
    presence_ttl_s: float = 10.0  # a killed node's accounts read offline within this
    quick_pools: tuple[str, ...] = ("quick", "standard", "jokers", "whiz")  # server.tables.pools
    daily_secret: str | None = None  # the daily deal's seeds' secret (None: kept in PostgreSQL)
    daily_par_every_s: float = 60.0  # how often a node looks whether today's par is known
    daily_instances: int = INSTANCES  # independent deals of each daily hand (the deal pool)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Settings from ``environ`` (default ``os.environ``); raises SettingsError."""
        env = os.environ if environ is None else environ
        base = cls()
        return replace(
            base,
            host=env.get("HOST", base.host),
            port=_int(env, "PORT", base.port, 0, 65535),
            redis_url=env.get("REDIS_URL") or None,
            data_dir=env.get("DATA_DIR", base.data_dir),
            database_url=env.get("DATABASE_URL") or None,
            pg_data_dir=env.get("PG_DATA_DIR", base.pg_data_dir),
            fill_wait_s=_seconds(env, "FILL_WAIT_S", base.fill_wait_s),
            bot_pace_s=_seconds(env, "BOT_PACE_S", base.bot_pace_s),
            turn_time_s=_seconds(env, "TURN_TIME_S", base.turn_time_s),
            reconnect_grace_s=_seconds(env, "RECONNECT_GRACE_S", base.reconnect_grace_s),
            reconnect_window_s=_seconds(env, "RECONNECT_WINDOW_S", base.reconnect_window_s),
            between_hands_s=_seconds(env, "BETWEEN_HANDS_S", base.between_hands_s),
            timer_poll_s=_seconds(env, "TIMER_POLL_S", base.timer_poll_s),
            msg_rate_per_s=_int(env, "MSG_RATE_PER_S", base.msg_rate_per_s, 0, 1_000_000),
            msg_burst=_int(env, "MSG_BURST", base.msg_burst, 1, 1_000_000),
            max_conns_per_address=_int(env, "MAX_CONNS_PER_ADDRESS",
                                       base.max_conns_per_address, 0, 10_000_000),
            ping_interval_s=_seconds(env, "PING_INTERVAL_S", base.ping_interval_s),
            ping_timeout_s=_seconds(env, "PING_TIMEOUT_S", base.ping_timeout_s),
            drain_s=_seconds(env, "DRAIN_S", base.drain_s),
            log_format=_choice(env, "LOG_FORMAT", base.log_format, ("json", "text")),
            casual_preset=_casual_preset(env.get("CASUAL_PRESET") or base.casual_preset),
            allowed_origins=tuple(o.strip() for o in env.get("ALLOWED_ORIGINS", "").split(",")
                                  if o.strip()),
            session_ttl_s=_int(env, "SESSION_TTL_S", base.session_ttl_s, 1, 400 * 86_400),
            match_every_s=_seconds(env, "MATCH_EVERY_S", base.match_every_s),
            rating_sweep_s=_seconds(env, "RATING_SWEEP_S", base.rating_sweep_s),
            tournament_tick_s=_seconds(env, "TOURNAMENT_TICK_S", base.tournament_tick_s),
            tournament_calendar=env.get("TOURNAMENT_CALENDAR", base.tournament_calendar),
            gc_tick_s=_seconds(env, "GC_TICK_S", base.gc_tick_s),
            forwarded_allow_ips=env.get("FORWARDED_ALLOW_IPS") or base.forwarded_allow_ips,
            metrics_token=env.get("METRICS_TOKEN", base.metrics_token),
            request_timeout_s=_seconds(env, "REQUEST_TIMEOUT_S", base.request_timeout_s),
            keep_alive_s=_seconds(env, "KEEP_ALIVE_S", base.keep_alive_s),
            practice_ttl_s=_int(env, "PRACTICE_TTL_S", base.practice_ttl_s, 60, 86_400),
            practice_idle_s=_seconds(env, "PRACTICE_IDLE_S", base.practice_idle_s),
            tables_per_player=_int(env, "TABLES_PER_PLAYER", base.tables_per_player, 1, 1000),
            tables_per_address=_int(env, "TABLES_PER_ADDRESS", base.tables_per_address, 1,
                                    1_000_000),
            analyses_per_player=_int(env, "ANALYSES_PER_PLAYER", base.analyses_per_player,
                                     1, 1_000_000),
            analyses_per_address=_int(env, "ANALYSES_PER_ADDRESS",
                                      base.analyses_per_address, 1, 1_000_000),
            analysis_backlog=_int(env, "ANALYSIS_BACKLOG", base.analysis_backlog, 1,
                                  10_000_000),
            analysis_workers=_int(env, "ANALYSIS_WORKERS", base.analysis_workers, 0, 64),
            workers=_int(env, "WORKERS", base.workers, 1, 256),
            reuse_port=_int(env, "REUSE_PORT", int(base.reuse_port), 0, 1) == 1,
            presence_ttl_s=_seconds(env, "PRESENCE_TTL_S", base.presence_ttl_s),
            quick_pools=_pools(env, base.quick_pools),
            daily_secret=_daily_secret(env.get("DAILY_SECRET")),
            daily_par_every_s=_seconds(env, "DAILY_PAR_EVERY_S", base.daily_par_every_s),
            daily_instances=_int(env, "DAILY_INSTANCES", base.daily_instances, 1, 64),
        )


def _casual_preset(name: str) -> str:
    """Quick play is always the four-player partnership game: a preset of another format
    (cutthroat, two-, three- or six-handed) is refused, as is an unknown one."""
    if name not in PRESETS:
        raise SettingsError(f"CASUAL_PRESET must be one of {', '.join(PRESETS)}, not {name!r}")
    rules = PRESETS[name]
    if rules.seats != 4 or rules.solo:
        raise SettingsError(f"CASUAL_PRESET must be a four-player partnership preset; {name!r} "
                            "is another format (quick play seats two teams of two)")
    return name


def _daily_secret(raw: str | None) -> str | None:
    if not raw:
        return None
    if len(raw.encode()) < 16:
        raise SettingsError("DAILY_SECRET must be at least 16 bytes long")
    return raw


def _seconds(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(f"{name} must be a number of seconds, not {raw!r}") from None
    if not 0 <= value <= 86_400:
        raise SettingsError(f"{name} must be between 0 and 86400 seconds, not {raw!r}")
    return value


def _pools(env: Mapping[str, str], default: tuple[str, ...]) -> tuple[str, ...]:
    """QUICK_POOLS: comma-separated pool names (server.tables.pools; the room checks
    them at start); empty: no pools."""
    raw = env.get("QUICK_POOLS")
    if raw is None:
        return default
    return tuple(p.strip() for p in raw.split(",") if p.strip())


def _choice(env: Mapping[str, str], name: str, default: str, choices: tuple[str, ...]) -> str:
    raw = env.get(name) or default
    if raw not in choices:
        raise SettingsError(f"{name} must be one of {', '.join(choices)}, not {raw!r}")
    return raw


def _int(env: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    raw = env.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise SettingsError(f"{name} must be a whole number, not {raw!r}") from None
    if not low <= value <= high:
        raise SettingsError(f"{name} must be between {low} and {high}, not {raw!r}")
    return value
