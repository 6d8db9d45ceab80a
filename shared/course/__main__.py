"""``python -m shared.course [ID ...]``: validate scenarios and print their problems."""

from __future__ import annotations

import sys

from .catalog import all_scenarios, scenario
from .validate import validate


def main(ids: list[str]) -> int:
    chosen = [scenario(i) for i in ids] if ids else all_scenarios()
    failed = 0
    for s in chosen:
        report = validate(s)
        print(f"{'ok ' if report.ok else 'BAD'} {s.id}: {report.moves_tried} learner moves "
              f"tried, {report.endings} ending(s)")
        for problem in report.problems:
            print(f"    - {problem}")
        failed += not report.ok
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
