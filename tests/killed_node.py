"""A node that owns a private server, killed with SIGKILL: the server must end too."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _alive(pid: int) -> bool:
    """True while ``pid`` runs; a zombie (exited, not yet reaped) counts as gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def kill_node_and_wait_for_its_server(script: str, data_dir: Path, what: str) -> None:
    """Run ``script`` (Python source given ``data_dir`` as argv[1]; it starts a server
    there, prints the server's pid and sleeps), SIGKILL it, and fail unless the server
    (``what``) ends within a bound generous enough for a loaded machine."""
    node = subprocess.Popen([sys.executable, "-c", script, str(data_dir)],
                            stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert node.stdout is not None
        pid = int(node.stdout.readline())
        assert _alive(pid)
    finally:
        node.kill()
        node.wait()
        if node.stdout is not None:
            node.stdout.close()
    deadline = time.monotonic() + 120  # only that it ends, not how fast
    while _alive(pid):
        assert time.monotonic() < deadline, f"{what} {pid} outlived its killed node"
        time.sleep(0.05)
