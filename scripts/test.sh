#!/usr/bin/env bash
# Run every test: bash scripts/test.sh [pytest arguments]
#
# Sets up .venv (scripts/bootstrap.sh), installs the Debian packages the tests use
# (scripts/system-packages.txt) when it can (root, or CI=true with sudo), then runs
# pytest. With CI=true a package that cannot be installed fails the run, and the
# tests that need a missing program fail instead of skipping (tests/conftest.py).
# pytest's "no tests ran" (exit 5) is a failure here.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
cd "$ROOT"

is_ci() { [[ "${CI:-}" == "true" ]]; }

# Print the packages of scripts/system-packages.txt that dpkg does not have installed.
missing_system_packages() {
    local pkg
    sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$ROOT/scripts/system-packages.txt" | while read -r pkg _; do
        if [[ "$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null)" != "install ok installed" ]]; then
            echo "$pkg"
        fi
    done
}

install_system_packages() {
    if ! command -v dpkg-query >/dev/null || ! command -v apt-get >/dev/null; then
        echo "test.sh: not a Debian system; install chromium and nginx yourself" >&2
        is_ci && { echo "test.sh: CI=true needs them: failing" >&2; return 1; }
        return 0
    fi
    local missing
    missing="$(missing_system_packages | tr '\n' ' ')"
    [[ -z "${missing// /}" ]] && return 0

    local sudo=()
    if [[ "$(id -u)" != 0 ]]; then
        if is_ci && command -v sudo >/dev/null; then
            sudo=(sudo -n)
        else
            echo "test.sh: missing Debian packages: $missing(tests that need them will skip;" \
                 "install with: sudo apt-get install $missing)" >&2
            return 0
        fi
    fi

    echo "test.sh: installing Debian packages: $missing" >&2
    # Keep package scripts from starting services (nginx would take port 80): the
    # standard policy-rc.d "101 = action forbidden", only if none is in place.
    local policy=/usr/sbin/policy-rc.d added_policy=""
    if [[ ! -e "$policy" ]]; then
        printf '#!/bin/sh\nexit 101\n' | "${sudo[@]}" tee "$policy" >/dev/null
        "${sudo[@]}" chmod 755 "$policy"
        added_policy=1
    fi
    local log status=0
    log="$(mktemp)"
    # shellcheck disable=SC2086  # $missing is a list of package names
    if ! { "${sudo[@]}" apt-get update -qq \
           && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
                  --no-install-recommends $missing; } >"$log" 2>&1; then
        status=1
        tail -n 30 "$log" >&2
        echo "test.sh: apt-get could not install: $missing" >&2
    fi
    rm -f "$log"
    [[ -n "$added_policy" ]] && "${sudo[@]}" rm -f "$policy"
    if [[ "$status" != 0 ]] && is_ci; then
        echo "test.sh: CI=true and the packages the tests need are missing: failing" >&2
        return 1
    fi
    return 0
}

install_system_packages

# Where the browser tests find Chromium (they launch it with this executable path,
# never a Playwright-downloaded build, which cannot be fetched here).
if [[ -z "${PLAYWRIGHT_CHROMIUM:-}" ]] && command -v chromium >/dev/null; then
    PLAYWRIGHT_CHROMIUM="$(command -v chromium)"
    export PLAYWRIGHT_CHROMIUM
fi
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

# The whole suite runs on TEST_WORKERS pytest-xdist workers (default: two more than the
# cores), each file on one worker (--dist loadfile: a file's module fixtures are made
# once). Each worker has its own Redis, PostgreSQL and Chromium (the session fixtures
# pick free ports and private folders). Most tests wait on sockets, servers and the
# browser rather than compute, so workers beyond the cores fill those waits: on two
# cores four took the suite from 15.6 to 11.5 minutes quiet (15.6 in a later run of
# the same bot code on a slower day), and from 19.0 to 15.9
# with both cores kept busy (docs/benchmarks.md, "The test suite"). Arguments after
# the command run as given, in one process unless they ask for workers (-n).
args=("$@")
if [[ "$#" == 0 ]]; then
    workers="${TEST_WORKERS:-$(( $(nproc) + 2 ))}"
    args=(-n "$workers" --dist loadfile)
fi

status=0
"$VENV/bin/python" -m pytest "${args[@]}" || status=$?
if [[ "$status" == 5 ]]; then
    echo "test.sh: pytest collected no tests: that is a failure" >&2
    exit 1
fi
exit "$status"
