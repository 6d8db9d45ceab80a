"""Write tests/file_weights.txt (each test file's seconds) from a JUnit XML report.

    bash scripts/test.sh -n 3 --dist loadfile --junitxml=/tmp/suite.xml
    .venv/bin/python scripts/test_file_weights.py /tmp/suite.xml

The suite hands the heaviest files to its workers first (tests/file_order.py); run this
after a full run when files were added or grew a lot. Only the order depends on it.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "tests" / "file_weights.txt"


def file_seconds(report: Path) -> dict[str, float]:
    seconds: dict[str, float] = defaultdict(float)
    for case in ET.parse(report).iter("testcase"):
        # classname is the dotted module path (plus a class): tests.browser.test_x[.Cls]
        parts = case.get("classname", "").split(".")
        while parts and not parts[-1].startswith("test_"):
            parts.pop()
        if parts:
            seconds["/".join(parts) + ".py"] += float(case.get("time", "0"))
    return seconds


def main() -> None:
    seconds = file_seconds(Path(sys.argv[1]))
    lines = ["# seconds per test file in one full run (scripts/test_file_weights.py)"]
    lines += [f"{s:8.1f} {name}" for name, s in sorted(seconds.items(), key=lambda kv: -kv[1])]
    OUT.write_text("\n".join(lines) + "\n")
    print(f"{len(seconds)} files, {sum(seconds.values()):.0f} s in all -> {OUT}")


if __name__ == "__main__":
    main()
