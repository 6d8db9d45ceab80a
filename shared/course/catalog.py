"""The course: the lessons in teaching order, and the practice positions.

Each scenario is plain data in ``lessons_play.py``, ``lessons_score.py`` and
``practice.py``; this module reads them once (``Scenario.from_dict``) and looks them up.
"""

from __future__ import annotations

from functools import cache

from . import lessons_play, lessons_score, practice
from .scenario import Scenario, ScenarioError

_DATA = (*lessons_play.LESSONS, *lessons_score.LESSONS, *practice.POSITIONS)

LESSON_IDS: tuple[str, ...] = tuple(
    str(d["id"]) for d in _DATA if d.get("kind", "lesson") == "lesson")
PRACTICE_IDS: tuple[str, ...] = tuple(
    str(d["id"]) for d in _DATA if d.get("kind", "lesson") == "practice")


@cache
def _loaded() -> dict[str, Scenario]:
    out: dict[str, Scenario] = {}
    for data in _DATA:
        found = Scenario.from_dict(data)
        if found.id in out:
            raise ScenarioError(f"Two scenarios have the id {found.id!r}.")
        out[found.id] = found
    return out


def scenario(scenario_id: str) -> Scenario:
    """The scenario with this id; ``KeyError`` (with a sentence) when there is none."""
    try:
        return _loaded()[scenario_id]
    except KeyError:
        raise KeyError(f"There is no lesson or position {scenario_id!r}.") from None


def all_scenarios() -> list[Scenario]:
    """Every scenario: the lessons in order, then the practice positions."""
    return list(_loaded().values())
