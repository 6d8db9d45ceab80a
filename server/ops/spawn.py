"""Start a private server process (redis-server, postgres) that dies with its node.

A node killed with SIGKILL runs no cleanup, so the kernel must end what it started:
the child is exec'd through ``setpriv --pdeathsig SIG``, and Linux sends it ``SIG``
when the *thread* that forked it ends. Every such child is therefore forked by one
thread that lives as long as the process. Without ``setpriv`` (not Linux, no
util-linux) the child is started plainly, and the next start on the same data dir
stops it instead (each server's own ``_stop_stale_server``).
"""

from __future__ import annotations

import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from typing import Any

__all__ = ["spawn_bound"]

_SPAWNER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="server-spawner")


def spawn_bound(args: list[str], death_signal: str, **popen: Any) -> subprocess.Popen[bytes]:
    """``subprocess.Popen(args, **popen)``, the child sent ``death_signal`` (a name such
    as ``"TERM"``, the signal the server shuts down cleanly on) when this process dies."""
    setpriv = shutil.which("setpriv")
    if setpriv is not None:
        args = [setpriv, "--pdeathsig", death_signal, "--", *args]
    proc: subprocess.Popen[bytes] = _SPAWNER.submit(subprocess.Popen, args, **popen).result()
    return proc
