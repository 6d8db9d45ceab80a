"""The linters as tests: ``ruff check .`` everywhere, ``mypy --strict`` on ``shared/``.

Each runs in a subprocess of this interpreter (the .venv one) from the repository
root, so it reads pyproject.toml; a failure shows the tool's own output.
"""

from __future__ import annotations

import subprocess
import sys
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
