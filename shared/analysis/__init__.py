"""The analysis of a finished game's decisions, from what the deciding seat could see.

    >>> from shared.analysis import analyse
    >>> result = analyse(game.to_dict(), seat=0)
    >>> for mark in result.marks:
    ...     print(mark.label, mark.action, mark.better, mark.reason)

Challenge's search judges every bid and card of one seat against the legal
alternatives on deals consistent with that seat's view (:mod:`judge`), marks the
decisions that cost ``THRESHOLD`` expected points or more with a readable reason
(:mod:`reasons`), labels as bad luck those that were right but lost to the hidden
cards, and gives each mistake a practice position (:mod:`review`). Pure: no clock, no
I/O; the same record gives the same analysis on every machine.
"""

from __future__ import annotations

from .review import BAD_LUCK, MISTAKE, THRESHOLD, Analysis, Mark, analyse, practice_position

__all__ = ["BAD_LUCK", "MISTAKE", "THRESHOLD", "Analysis", "Mark", "analyse",
           "practice_position"]
