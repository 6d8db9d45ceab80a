"""``python -m server``: run one node of the room.

Settings come from the environment (``server.settings``). Without ``REDIS_URL`` a
private, real redis-server is started with AOF persistence and its data under
``./var/redis`` (``DATA_DIR``), and stopped on exit; with ``REDIS_URL`` that Redis is
used. Likewise without ``DATABASE_URL`` a private, real PostgreSQL is started with its
cluster under ``./var/pg`` (``PG_DATA_DIR``; ``server.ops.pg_process``) and stopped on
exit; with it, that server is used. Either way the archive's pending migrations are
applied before the node starts. Then ``ANALYSIS_WORKERS`` (1) analysis workers start as
children given those URLs, restarted if they die and stopped before Redis and PostgreSQL
(``server.analysis.supervisor``; 0 when the workers run elsewhere). The URL to open is
printed once the node listens.

With ``WORKERS=N`` (N > 1; ``scripts/run.sh`` sets the machine's cores) this process
runs no node itself: it starts N node processes on its port, sharing it through
``SO_REUSEPORT`` and the Redis and PostgreSQL above, restarts one that dies, and stops
them on SIGTERM or Ctrl-C before the servers they use (``server.ops.node_workers``).
"""

from __future__ import annotations

import gc
import os
import signal
import socket
import sys
from dataclasses import replace
from types import FrameType

from server.analysis.supervisor import WorkerSupervisor
from server.archive.db import migrate
from server.node import create_app
from server.ops import logs
from server.ops.drain import GracefulServer
from server.ops.http_guard import uvicorn_config
from server.ops.node_workers import NodeWorkers, shared_port
from server.ops.pg_process import PgProcess, PgProcessError
from server.ops.redis_process import RedisProcess, RedisProcessError

from .settings import Settings, SettingsError

GC_YOUNG = 5_000  # see _tune_gc (Python's default: 700)


def main() -> int:
    try:
        settings = Settings.from_env()
    except SettingsError as err:
        print(f"server: {err}", file=sys.stderr)
        return 2
    logs.setup(settings.log_format)
    redis_proc: RedisProcess | None = None
    if not settings.redis_url:
        try:
            redis_proc = RedisProcess(settings.data_dir, aof=True).start()
        except RedisProcessError as err:
            print(f"server: {err}", file=sys.stderr)
            return 1
        print(f"Private redis-server at {redis_proc.url}, data in {redis_proc.data_dir}",
              flush=True)
        settings = replace(settings, redis_url=redis_proc.url)
    pg_proc: PgProcess | None = None
    workers: WorkerSupervisor | None = None
    nodes: NodeWorkers | None = None
    # uvicorn re-raises SIGTERM/SIGINT after its graceful shutdown; these handlers turn
    # that into exceptions, so the private Redis below is still stopped.
    signal.signal(signal.SIGTERM, _exit_on_signal)
    try:
        if not settings.database_url:
            try:
                pg_proc = PgProcess(settings.pg_data_dir).start()
            except PgProcessError as err:
                print(f"server: {err}", file=sys.stderr)
                return 1
            print(f"Private PostgreSQL at {pg_proc.shown_url}, data in {pg_proc.data_dir}",
                  flush=True)
            settings = replace(settings, database_url=pg_proc.url)
        assert settings.database_url is not None and settings.redis_url is not None
        applied = migrate(settings.database_url)
        if applied:
            print(f"Archive schema: applied {', '.join(applied)}", flush=True)
        if settings.analysis_workers:
            workers = WorkerSupervisor(
                settings.analysis_workers, settings.redis_url, settings.database_url,
                name=f"{socket.gethostname()}:{settings.port}",
                log_format=settings.log_format).start()
        if settings.workers == 1:
            _run_node(settings)
        else:
            nodes = _start_nodes(settings)
            while True:  # until SIGTERM or Ctrl-C: the workers serve the room
                signal.pause()
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        if nodes is not None:  # before everything they use
            nodes.stop()
        if workers is not None:  # before the Redis and PostgreSQL they read
            workers.stop()
        if pg_proc is not None:
            pg_proc.stop()
        if redis_proc is not None:
            redis_proc.stop()
    return 0


def _run_node(settings: Settings) -> None:
    """Serve the room in this process until SIGTERM or Ctrl-C."""
    app = create_app(settings)
    _tune_gc()
    config = uvicorn_config(app, settings)
    sockets = [shared_port(settings.host, settings.port)] if settings.reuse_port else None
    # Stop taking connections, let in-flight messages finish, then close every
    # socket with 1012 (reconnect elsewhere): see server/ops/drain.py.
    GracefulServer(config, app.state.drain, settings.drain_s).run(sockets)


def _start_nodes(settings: Settings) -> NodeWorkers:
    """``settings.workers`` node processes on the port, which this process keeps bound
    (so ``PORT=0`` is one port for all of them)."""
    assert settings.redis_url is not None and settings.database_url is not None
    env = {**os.environ, "REDIS_URL": settings.redis_url,
           "DATABASE_URL": settings.database_url}
    # A worker drains (DRAIN_S), then uvicorn's own shutdown takes up to 5 s more.
    nodes = NodeWorkers(settings.workers, env, host=settings.host, port=settings.port,
                        grace_s=settings.drain_s + 10)
    print(f"Spades Room: {settings.workers} node workers on "
          f"http://{settings.host}:{nodes.port}/", flush=True)
    nodes.start()
    return nodes


def _tune_gc() -> None:
    """A loaded node paused in the cyclic garbage collector for up to 145-225 ms of CPU
    in a full collection (which walks every object, the imported modules' too) and
    5-30 ms in a middle one: the p99 of docs/benchmarks.md's 1,000-player run. What the
    node allocates per action is freed by reference counting, so start-up's objects are
    frozen out of every collection, and the youngest generation collects every
    ``GC_YOUNG`` allocations. The node's ``GcGovernor`` (server/ops/gc_governor.py)
    then takes the collector over, unless ``GC_TICK_S=0``: these thresholds are what
    CPython's own collector runs with then."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG, 10, 10)


def _exit_on_signal(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(0)


if __name__ == "__main__":
    sys.exit(main())
