"""The room's calendar of events, from one setting (``TOURNAMENT_CALENDAR``).

The setting is entries separated by ``;``, each ``PERIOD:KIND:PRESET:N``:

- ``PERIOD`` is ``hourly`` (on the hour) or ``daily@HH:MM`` (UTC);
- ``KIND`` is ``arena`` (``N`` its minutes) or ``knockout`` (``N`` its size);

for instance ``hourly:arena:quick:30;daily@18:00:knockout:standard:16`` (the default):
an hourly Quick Arena of 30 minutes and a daily Standard Knock-out of 16. A bad entry
raises ``BadEntry`` naming it. ``due(now, ahead_ms)`` lists the next start of each entry
that falls within ``ahead_ms`` with a *slot* key unique to that start, so the nodes
create each event once whichever ticks first.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import BadEntry
from .settings import ArenaSettings, KnockoutSettings

__all__ = ["DEFAULT_CALENDAR", "Calendar", "Scheduled"]

DEFAULT_CALENDAR = "hourly:arena:quick:30;daily@18:00:knockout:standard:16"
HOUR_MS = 3_600_000
DAY_MS = 24 * HOUR_MS


@dataclass(frozen=True, slots=True)
class Scheduled:
    """One event to create: ``slot`` names its entry and start, once."""

    slot: str
    settings: ArenaSettings | KnockoutSettings


@dataclass(frozen=True, slots=True)
class _Entry:
    text: str
    period_ms: int
    offset_ms: int  # the start's place in its period
    kind: str
    preset: str
    number: int

    def settings(self, starts_ms: int) -> ArenaSettings | KnockoutSettings:
        every = "Hourly" if self.period_ms == HOUR_MS else "Daily"
        title = self.preset.replace("_", " ").title()
        if self.kind == "arena":
            return ArenaSettings(f"{every} {title} Arena", preset=self.preset,
                                 starts_ms=starts_ms, minutes=self.number)
        return KnockoutSettings(f"{every} {title} Knock-out", preset=self.preset,
                                starts_ms=starts_ms, size=self.number)


class Calendar:
    """The parsed setting (an empty text: no scheduled events)."""

    def __init__(self, text: str = DEFAULT_CALENDAR) -> None:
        self.entries = [_parse(part.strip()) for part in text.split(";") if part.strip()]

    def due(self, now: int, ahead_ms: int) -> list[Scheduled]:
        """The next start of each entry, when it is within ``ahead_ms`` of ``now``."""
        out = []
        for entry in self.entries:
            start = (now - entry.offset_ms) // entry.period_ms * entry.period_ms \
                + entry.offset_ms
            if start < now:
                start += entry.period_ms
            if start - now <= ahead_ms:
                out.append(Scheduled(f"{entry.text}@{start}", entry.settings(start)))
        return out


def _parse(text: str) -> _Entry:
    parts = text.split(":")
    period = parts[0]
    if period.startswith("daily@") and len(parts) == 5:
        hour, minute, kind, preset, number = parts[0][6:], parts[1], *parts[2:]
        if not (hour.isdigit() and minute.isdigit() and int(hour) < 24 and int(minute) < 60):
            raise BadEntry(f"The calendar's {text!r}: a daily time is HH:MM (UTC).")
        period_ms, offset_ms = DAY_MS, (int(hour) * 60 + int(minute)) * 60_000
    elif period == "hourly" and len(parts) == 4:
        period_ms, offset_ms = HOUR_MS, 0
        kind, preset, number = parts[1:]
    else:
        raise BadEntry(f"The calendar's {text!r} is not PERIOD:KIND:PRESET:N (PERIOD "
                       "hourly or daily@HH:MM).")
    if kind not in ("arena", "knockout") or not number.isdigit():
        raise BadEntry(f"The calendar's {text!r}: the kind is arena or knockout, then a "
                       "preset and a number (an Arena's minutes, a Knock-out's size).")
    entry = _Entry(text, period_ms, offset_ms, kind, preset, int(number))
    entry.settings(0)  # the settings themselves are checked (BadEntry)
    return entry
