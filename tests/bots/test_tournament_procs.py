"""The tournament's worker processes end when its work is done, whatever signal
handlers the process that started it has installed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# A parent with its own SIGTERM handler, as a test runner that hosts uvicorn may keep:
# the pool's forked workers inherit it. Ending a pool by SIGTERM (what leaving a
# `with Pool()` block does) then waited forever on any worker still waiting for work
# (a race between the pool's shutdown and its workers: 8 workers and 10 pools made it
# hang in two runs of three before the fix).
WITH_A_SIGTERM_HANDLER = """
import signal
signal.signal(signal.SIGTERM, lambda *_: None)
from shared.bots.tournament import run_swap
from shared.spades import RuleSet
for _ in range(10):
    out = run_swap("easy", "easy", "lead", "easy", RuleSet.preset("standard"), 8, procs=8)
print(out["swap"], out["swap_diff_per_hand"])
"""


def test_eight_processes_finish_under_a_parent_that_handles_sigterm() -> None:
    child = subprocess.Popen([sys.executable, "-c", WITH_A_SIGTERM_HANDLER], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             start_new_session=True)
    try:
        out, err = child.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)  # the child and its stuck workers
        child.communicate()
        pytest.fail("the tournament's worker processes never ended")
    assert child.returncode == 0, err
    assert out.split() == ["easy@lead", "0.0"]
