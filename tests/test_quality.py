"""The linters as tests: ``ruff check .`` everywhere, ``mypy --strict`` on ``shared/``,
and ``lint-imports`` (pyproject.toml's ``[tool.importlinter]``: the arrows between the
server's packages, ``shared`` and ``client``, and no import circle anywhere).

Each runs in a subprocess of this interpreter (the .venv one) from the repository
root, so it reads pyproject.toml; a failure shows the tool's own output.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=110
    )


def test_ruff_is_clean() -> None:
    result = _run("ruff", "check", "--no-cache", "--output-format=concise", ".")
    if result.returncode != 0:
        pytest.fail(f"ruff check . failed:\n{result.stdout}{result.stderr}", pytrace=False)


def test_shared_passes_mypy_strict() -> None:
    result = _run("mypy", "--strict", "shared")
    if result.returncode != 0:
        pytest.fail(f"mypy --strict shared failed:\n{result.stdout}{result.stderr}", pytrace=False)


def _lint_imports(cwd: Path) -> subprocess.CompletedProcess[str]:
    # The console script beside this interpreter (importlinter has no ``-m`` entry);
    # the checked packages are imported from ``cwd``, which comes first on the path.
    command = str(Path(sys.executable).with_name("lint-imports"))
    return subprocess.run([command, "--no-cache"], cwd=cwd, capture_output=True, text=True,
                          timeout=110, env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(cwd)})


def test_import_contracts_hold() -> None:
    result = _lint_imports(ROOT)
    if result.returncode != 0:
        pytest.fail(f"lint-imports failed:\n{result.stdout}{result.stderr}", pytrace=False)


def test_import_contracts_catch_an_upward_import(tmp_path: Path) -> None:
    """The contracts bite: a copy of the tree where the table model imports the web
    layer (an upward arrow, and a circle) fails them."""
    for part in ("server", "shared", "client"):
        shutil.copytree(ROOT / part, tmp_path / part,
                        ignore=shutil.ignore_patterns("__pycache__", "web"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    shutil.copytree(ROOT / "server" / "web", tmp_path / "server" / "web",
                    ignore=shutil.ignore_patterns("__pycache__"))
    model = tmp_path / "server" / "tables" / "model.py"
    model.write_text(model.read_text() + "\nfrom server.web import connection  # planted\n")
    result = _lint_imports(tmp_path)
    assert result.returncode != 0, result.stdout
    assert "server.tables.model -> server.web.connection" in result.stdout
    assert "tables never imports social or web BROKEN" in result.stdout


def test_every_dependency_is_pinned_in_the_constraints() -> None:
    """A fresh clone installs what the suite passed with: every package pyproject.toml
    asks for (the room's and the test extra's) has an exact pin in constraints.txt, and
    the virtualenv running this test holds those versions."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = [*project["dependencies"], *project["optional-dependencies"]["test"]]
    pins: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            pins[re.sub(r"[-_.]+", "-", name.strip().lower())] = version.strip()
    unpinned: list[str] = []
    differing: list[str] = []
    for requirement in wanted:
        name = re.sub(r"[-_.]+", "-", re.split(r"[\[<>=!~ ;]", requirement)[0].lower())
        if not pins.get(name):
            unpinned.append(name)
        elif metadata.version(name) != pins[name]:
            differing.append(f"{name} {metadata.version(name)} (pinned {pins[name]})")
    assert not unpinned, f"not pinned in constraints.txt: {unpinned}"
    assert not differing, f"installed versions differ from the pins: {differing}"
