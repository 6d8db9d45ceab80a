"""The room's settings, read once from the environment.

Every variable the README lists is here, with its default. Durations are seconds
(floats allowed). A bad value stops the server with a sentence naming the variable.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace

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
    fill_wait_s: float = 10.0  # casual: seconds before bots take the open seats
    bot_pace_s: float = 0.7  # seconds a bot (or the autopilot of an away seat) waits
    turn_time_s: float = 30.0  # seconds a person has before the autopilot plays
    reconnect_grace_s: float = 60.0  # seconds an away person keeps the seat
    timer_poll_s: float = 0.1  # how often a node claims due timers from Redis
    timer_lease_s: float = 5.0  # a claimed timer is retried after this if not done
    table_ttl_s: int = 86_400  # an idle table is forgotten after this
    max_bad_messages: int = 5  # bad frames a socket may send before it is closed (1008)
    casual_preset: str = "quick"  # the rules of casual tables (a RuleSet preset name)

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
            fill_wait_s=_seconds(env, "FILL_WAIT_S", base.fill_wait_s),
            bot_pace_s=_seconds(env, "BOT_PACE_S", base.bot_pace_s),
            turn_time_s=_seconds(env, "TURN_TIME_S", base.turn_time_s),
            reconnect_grace_s=_seconds(env, "RECONNECT_GRACE_S", base.reconnect_grace_s),
            timer_poll_s=_seconds(env, "TIMER_POLL_S", base.timer_poll_s),
            casual_preset=env.get("CASUAL_PRESET", base.casual_preset),
        )


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
