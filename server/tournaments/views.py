"""What the pages are sent of an event (plain JSON-able dicts, pure).

``summary`` is a line of the lobby's list; ``detail`` the event page: the summary,
then an Arena's standings or a Knock-out's bracket (and its singles asking for a
partner), the tables playing (for Watch links), and once finished the podium and each
game's archive id (an event's table plays one game: its number 0).
"""

from __future__ import annotations

from typing import Any

from server.archive.intake import game_id
from shared.tournaments import Arena, Knockout

from .store import Event

__all__ = ["detail", "entered", "names", "phase_of", "summary"]


def phase_of(event: Event, now: int) -> str:
    """"next", "running", "ending" (an Arena's last games) or "finished"."""
    if isinstance(event, Arena):
        return event.phase(now)
    if event.is_finished:
        return "finished"
    return "running" if event.is_started else "next"


def summary(event: Event, now: int) -> dict[str, Any]:
    s = event.settings
    line: dict[str, Any] = {"id": event.id, "kind": event.kind, "name": s.name,
                            "preset": s.preset, "rated": s.rated, "private": s.private,
                            "starts": s.starts_ms,
                            "phase": phase_of(event, now)}
    if isinstance(event, Arena):
        arena = event.settings
        line.update(ends=arena.ends_ms, minutes=arena.minutes, capacity=arena.capacity,
                    players=len(event.players))
    else:
        line.update(size=event.settings.size, best_of=event.settings.best_of,
                    players=len(event.entered))
    return line


def detail(event: Event, now: int) -> dict[str, Any]:
    out = summary(event, now)
    if isinstance(event, Arena):
        out["standings"] = [{"rank": s.rank, "pid": s.pid, "name": s.name,
                             "points": s.points, "games": s.games, "wins": s.wins,
                             "fire": s.on_fire, "status": s.status, "sheet": list(s.sheet)}
                            for s in event.standings()]
        out["playing"] = [{"table": table_id, "players": [event.players[p].entrant.name
                                                          for p in pids]}
                          for table_id, pids in event.tables.items()]
        out["podium"] = [{"rank": s.rank, "name": s.name, "points": s.points}
                         for s in event.podium(now)]
        out["games"] = ([game_id(t, 0) for t in sorted(event.recorded)]
                        if event.is_finished(now) else [])
        return out
    return {**out, **_bracket(event)}


def names(event: Event) -> dict[str, str]:
    """Every player entered in the event, by pid: an Arena's players (paused or left
    too), a Knock-out's entries, sides and withdrawn (the event's chat is theirs)."""
    if isinstance(event, Arena):
        return {pid: p.entrant.name for pid, p in event.players.items()}
    people = [*event.entered, *event.withdrawn,
              *(m for side in event.sides.values() for m in side.members)]
    return {m.pid: m.name for m in people}


def entered(event: Event, pid: str) -> bool:
    return pid in names(event)


def _bracket(event: Knockout) -> dict[str, Any]:
    def side(seed: int | None) -> dict[str, Any] | None:
        if seed is None or seed not in event.sides:
            return None
        found = event.sides[seed]
        return {"seed": seed, "name": found.name, "rating": round(found.rating, 1)}

    matches = [{"key": m.key, "round": m.round, "a": side(m.a), "b": side(m.b),
                "wins": list(m.wins), "games": list(m.games), "playing": m.playing,
                "winner": m.winner} for m in event.matches.values()]
    names = {m.pid: m.name for m in event.entered}
    return {"entries": [[m.name for m in entry] for entry in event.entries],
            "entrants": [[m.pid for m in entry] for entry in event.entries],
            "asking": [{"name": names[pid], "partner": partner}
                       for pid, (_, partner) in event.asks.items() if pid in names],
            "rounds": event.rounds, "matches": matches,
            "playing": [{"table": m["playing"], "match": m["key"],
                         "players": [m["a"]["name"], m["b"]["name"]]}
                        for m in matches if m["playing"] and m["a"] and m["b"]],
            "podium": [[side.name for side in place] for place in event.podium()],
            "games": [game_id(g, 0) for m in matches for g in m["games"]]
            if event.is_finished else []}
