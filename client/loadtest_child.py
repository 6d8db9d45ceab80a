"""``python -m client.loadtest_child``: one load generator process of ``--procs N``.

Started by ``loadtest_procs.run_split``, never by a person: it waits on its stdin for
its parent's ``connect`` and ``play`` (see that module), plays its share of the tables
and prints its ``LoadResult`` as one JSON line.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from . import loadtest
from .loadtest_procs import child_gate

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m client.loadtest_child")
    parser.add_argument("--url", action="append", required=True)
    parser.add_argument("--tables", type=int, required=True)
    parser.add_argument("--duration", type=float, required=True)
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--pace-ms", type=int, default=0)
    parser.add_argument("--pace-jitter", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    result = loadtest._run_loop(loadtest.run(
        args.url, tables=args.tables, duration=args.duration, pace_ms=args.pace_ms,
        pace_jitter=args.pace_jitter, warmup=args.warmup, seed=args.seed, gate=child_gate))
    print(json.dumps(result.__dict__), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
