# shellcheck shell=bash
# Set up the project's virtualenv: sourced by scripts/run.sh and scripts/test.sh.
#
# After it: ROOT is the repository root, VENV its .venv, and .venv holds the
# project installed in editable mode with its test extra, every package at the version
# constraints.txt pins (the set the suite last passed with). Idempotent and fast when
# nothing changed: pip runs only when .venv is new or pyproject.toml or constraints.txt
# changed since the last install (their hashes are kept in .venv/.bootstrap-stamp). Needs only a
# Python 3.11+ on PATH (python3, or $PYTHON); on a Debian machine whose Python lacks
# the venv module it installs python3-venv with apt-get when running as root.
#
# Meant to be sourced by a script running with `set -euo pipefail`: on failure it
# prints why and exits the script.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
BOOTSTRAP_EXTRAS="test"

bootstrap_die() {
    echo "bootstrap: $*" >&2
    exit 1
}

# True when "$1" is a Python interpreter of version 3.11 or newer.
bootstrap_python_ok() {
    "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' >/dev/null 2>&1
}

# Print the first Python 3.11+ found: $PYTHON if set, else python3, python3.13 ... python3.11.
bootstrap_find_python() {
    local candidate
    if [[ -n "${PYTHON:-}" ]]; then
        bootstrap_python_ok "$PYTHON" || bootstrap_die "PYTHON=$PYTHON is not a Python 3.11 or newer."
        echo "$PYTHON"
        return
    fi
    for candidate in python3 python3.14 python3.13 python3.12 python3.11; do
        if command -v "$candidate" >/dev/null && bootstrap_python_ok "$candidate"; then
            echo "$candidate"
            return
        fi
    done
    local found
    found="$(command -v python3 >/dev/null && python3 --version 2>&1 || echo "no python3 on PATH")"
    bootstrap_die "Spades Room needs Python 3.11 or newer ($found). Install one, or set PYTHON=/path/to/python3.11."
}

# Create $VENV with the given Python; on Debian, add the missing venv module if we can.
bootstrap_create_venv() {
    local python="$1" log
    log="$(mktemp)"
    if "$python" -m venv "$VENV" >"$log" 2>&1; then
        rm -f "$log"
        return
    fi
    rm -rf "$VENV"
    # Debian splits ensurepip out of python3 ("The virtual environment was not created
    # successfully because ensurepip is not available").
    if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
        local minor
        minor="$("$python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')"
        echo "bootstrap: $python cannot create a virtualenv; installing python$minor-venv with apt-get" >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "python$minor-venv" >/dev/null 2>&1 \
            || { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive \
                 apt-get install -y -qq "python$minor-venv" >/dev/null; } \
            || true
        if "$python" -m venv "$VENV" >"$log" 2>&1; then
            rm -f "$log"
            return
        fi
        rm -rf "$VENV"
    fi
    cat "$log" >&2
    rm -f "$log"
    bootstrap_die "could not create $VENV with $python (on Debian: apt-get install python3-venv)."
}

bootstrap() {
    [[ -f "$ROOT/pyproject.toml" ]] || bootstrap_die "no pyproject.toml in $ROOT: is this a Spades Room checkout?"
    mkdir -p "$ROOT/var"
    # Several people (and CI) may run the commands in one checkout at once: one pip at
    # a time. The lock is dropped before the caller execs, so a long test run holds nothing.
    exec 9>"$ROOT/var/.bootstrap.lock"
    flock 9

    if [[ -x "$VENV/bin/python" ]] && ! bootstrap_python_ok "$VENV/bin/python"; then
        bootstrap_die "$VENV uses $("$VENV/bin/python" --version 2>&1); Spades Room needs 3.11+. Remove .venv and run again."
    fi
    if [[ ! -x "$VENV/bin/python" ]]; then
        local python
        python="$(bootstrap_find_python)"
        echo "bootstrap: creating .venv with $("$python" --version 2>&1)" >&2
        rm -rf "$VENV"
        bootstrap_create_venv "$python"
    fi

    local stamp="$VENV/.bootstrap-stamp" want have=""
    want="$(cat "$ROOT/pyproject.toml" "$ROOT/constraints.txt" | sha256sum | cut -d' ' -f1) extras=$BOOTSTRAP_EXTRAS"
    [[ -f "$stamp" ]] && have="$(cat "$stamp")"
    if [[ "$want" != "$have" ]]; then
        echo "bootstrap: installing the project into .venv (pyproject.toml or constraints.txt changed, or new venv)" >&2
        "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
            -c "$ROOT/constraints.txt" --upgrade pip \
            || bootstrap_die "pip could not upgrade itself (is PyPI reachable?)"
        # The pins: a release made after the suite last passed cannot reach a fresh clone.
        (cd "$ROOT" && "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
            -c constraints.txt -e ".[$BOOTSTRAP_EXTRAS]") \
            || bootstrap_die "pip install -c constraints.txt -e '.[$BOOTSTRAP_EXTRAS]' failed (output above)"
        echo "$want" >"$stamp"
    fi

    flock -u 9
    exec 9>&-
}

bootstrap
