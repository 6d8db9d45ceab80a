"""The duplicate tournament between this tree's bots and another tree's (before/after).

    git archive <old commit> shared | tar -x -C /tmp/old
    python scripts/bots_versus.py --old-tree /tmp/old --a challenge --b old-standard \\
        --deals 300 --procs 1 --json

Levels named ``old-<level>`` are played by the other tree's ``shared/bots`` (loaded as
the package ``shared.bots_old`` beside this tree's engine, so both must agree on the
engine's views); the others by this tree's. Every other option is the tournament's
(``python -m shared.bots.tournament --help``). With the same seeds both versions play
the same deals, so one run compares a level before and after a change against the
same opponent.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from shared.bots import players, tournament


def _load_old(tree: Path) -> Any:
    root = tree / "shared" / "bots"
    spec = importlib.util.spec_from_file_location(
        "shared.bots_old", root / "__init__.py", submodule_search_locations=[str(root)])
    if spec is None or spec.loader is None:
        raise SystemExit(f"No shared/bots package under {tree}.")
    module = importlib.util.module_from_spec(spec)
    sys.modules["shared.bots_old"] = module
    spec.loader.exec_module(module)
    return importlib.import_module("shared.bots_old.players")


def main(argv: list[str]) -> int:
    if "--old-tree" not in argv:
        raise SystemExit("usage: bots_versus.py --old-tree DIR [tournament options]")
    i = argv.index("--old-tree")
    old = _load_old(Path(argv[i + 1]))
    rest = argv[:i] + argv[i + 2:]

    def decide(level: str, k: Any) -> Any:
        if level.startswith("old-"):
            return old.decide(level[4:], k)
        return players.decide(level, k)

    tournament.decide = decide  # type: ignore[assignment]
    tournament.ALL_LEVELS = (*players.ALL_LEVELS,  # type: ignore[misc]
                             *(f"old-{lv}" for lv in players.ALL_LEVELS))
    return tournament.main(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
