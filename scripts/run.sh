#!/usr/bin/env bash
# Run the room: bash scripts/run.sh [arguments for python -m server]
#
# Sets up .venv (scripts/bootstrap.sh), then runs the server from the repository
# root, so its default data (the private Redis under ./var/redis, PostgreSQL under
# ./var/pg) lives in the checkout; the room's analysis worker runs as its child
# (ANALYSIS_WORKERS). WORKERS node processes share the port (default: one per core;
# WORKERS=1 runs the node in the server process itself). Settings come from the
# environment (see README.md).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
cd "$ROOT"

if [[ ! -f "$ROOT/server/__main__.py" ]]; then
    echo "run.sh: the room is not written yet (server/__main__.py does not exist)." >&2
    echo "run.sh: the virtualenv is ready; 'bash scripts/test.sh' runs what exists." >&2
    exit 1
fi
export WORKERS="${WORKERS:-$(nproc 2>/dev/null || echo 1)}"
exec "$VENV/bin/python" -m server "$@"
