"""The tournament core's exceptions.

::

    TournamentError (ValueError)   root of everything the core raises on bad input
    ├── BadEntry                   the request itself is malformed (bad settings, a team
    │                              of the wrong size, a rating that is not a number)
    ├── NoSuchEvent                there is no event of that id
    ├── EventFull                  no place is left
    ├── EventOver                  the event has finished (or its end has passed)
    ├── EventStarted               the event is under way: no editing, no late entry to a bracket
    ├── NotEntered                 the player (or table, or match) is not in the event
    ├── AlreadyEntered             the player is already in
    ├── SameAddress                a rated event never seats two players of one address
    ├── NotFree                    a player (or match) is already at a table: "pair twice"
    ├── AlreadyRecorded            the game's result was counted once already
    └── TooManyEvents              a host has as many events on as one may

Every one carries ``reason``, a sentence a player can read, and ``code``, the short
name the wire uses. A call that raises leaves the event unchanged.
"""

from __future__ import annotations


class TournamentError(ValueError):
    """Root of the tournament core's errors; ``str(err)`` is a sentence for a person."""

    code = "tournament"

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class BadEntry(TournamentError):
    code = "bad_entry"


class NoSuchEvent(TournamentError):
    code = "no_event"


class EventFull(TournamentError):
    code = "event_full"


class EventOver(TournamentError):
    code = "event_over"


class EventStarted(TournamentError):
    code = "event_started"


class NotEntered(TournamentError):
    code = "not_entered"


class AlreadyEntered(TournamentError):
    code = "already_entered"


class SameAddress(TournamentError):
    code = "same_address"


class NotFree(TournamentError):
    code = "not_free"


class AlreadyRecorded(TournamentError):
    code = "already_recorded"


class TooManyEvents(TournamentError):
    code = "too_many_events"
