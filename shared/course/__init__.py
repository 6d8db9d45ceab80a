"""Learn to play: lessons and practice positions set up in the engine, and the rules page.

Pure code (standard library and ``shared.spades`` only)::

    >>> from shared.course import Lesson, scenario, validate
    >>> lesson = Lesson(scenario("teams"))
    >>> lesson.move(lesson.start, "play 2C").kind          # legal, but not the task
    'miss'
    >>> validate(scenario("teams")).ok
    True

- ``scenario.py``: the format (``Scenario.from_dict``) and ``build_position``.
- ``runner.py``: ``Lesson``: play a scenario statelessly (``replay(moves)``, ``move``).
- ``replies.py``: the other seats' scripted replies and the plain player.
- ``validate.py``: ``validate(scenario)``, every check a scenario must pass.
- ``catalog.py``: the lessons in order and the practice positions.
- ``score_text.py``: the six score lines in words.
- ``rules_page.py``: ``rules_document(rules)``, the rules page for any ``RuleSet``.
- ``notes.py``: the FAQ and strategy notes, each with a position to open.
- ``authoring.py``: a helper that invents a legal history for a late position.
"""

from .catalog import LESSON_IDS, PRACTICE_IDS, all_scenarios, scenario
from .rules_page import rules_document
from .runner import BadMoves, Frame, Lesson, MoveResult, Position
from .scenario import Scenario, ScenarioError, build_position
from .score_text import explain_team
from .validate import Report, validate

__all__ = [
    "LESSON_IDS",
    "PRACTICE_IDS",
    "BadMoves",
    "Frame",
    "Lesson",
    "MoveResult",
    "Position",
    "Report",
    "Scenario",
    "ScenarioError",
    "all_scenarios",
    "build_position",
    "explain_team",
    "rules_document",
    "scenario",
    "validate",
]
