"""Debian's nginx running deploy/nginx.conf on loopback ports, for tests.

``running_nginx(ci, tmp, upstreams, proxy_bind=None)`` starts it (the upstream
addresses and the listen port rewritten by ``loopback_nginx_conf``) and yields its
port once it listens; ``proxy_bind`` makes nginx talk to the room from that local
address (127.0.0.3: a proxy that is not the room's own loopback, as in compose).
Readiness is nginx's own socket, not a request through it, so the rooms may run in
the caller's event loop.
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

from client.local_room import find_nginx
from server.ops.redis_process import free_port
from tests.conftest import CI
from tests.deploy.test_deploy_files import loopback_nginx_conf

__all__ = ["running_nginx"]


@contextlib.contextmanager
def running_nginx(ci: CI, tmp: Path, upstreams: list[int],
                  proxy_bind: str | None = None) -> Iterator[int]:
    nginx = find_nginx()
    if nginx is None:
        ci.require("nginx")
    port = free_port()
    conf = loopback_nginx_conf(tmp, port, upstreams)
    if proxy_bind is not None:
        text = conf.read_text().replace("proxy_pass http://room;",
                                        f"proxy_pass http://room;\n            "
                                        f"proxy_bind {proxy_bind};")
        conf.write_text(text)
    log_path = tmp / "nginx.log"
    with log_path.open("wb") as log:
        proc = subprocess.Popen([nginx, "-c", str(conf), "-e", "stderr", "-g", "daemon off;"],
                                stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 20
        while True:
            assert proc.poll() is None, log_path.read_text()
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
                break
            assert time.monotonic() < deadline, "nginx did not listen"
            time.sleep(0.05)
        yield port
    finally:
        proc.terminate()
        proc.wait(10)
