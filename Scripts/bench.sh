#!/usr/bin/env bash
# `make bench`: builds Linza and linza-bench in release mode, installs ripgrep (the yardstick)
# and GNU time (peak memory on Linux) if missing, generates the benchmark corpora (cached in
# .build/bench-corpora; the largest take a minute and ~0.4 GB), checks the scan cache against
# uncached runs over 6,000 random edits, measures, and rewrites the generated section of
# docs/BENCHMARKS.md. Arguments go to `linza-bench run`, e.g.
#     Scripts/bench.sh --sizes 100000:100 --runs 3
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/install-dependencies.sh --build-only

sudo=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then sudo="sudo"; fi
missing=()
command -v rg >/dev/null 2>&1 || missing+=(ripgrep)
if [ "$(uname -s)" = Linux ] && ! /usr/bin/time --version 2>&1 | grep -q GNU; then missing+=(time); fi
if [ "${#missing[@]}" -gt 0 ]; then
    echo "Installing ${missing[*]}..."
    if command -v apt-get >/dev/null 2>&1; then
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
    elif command -v brew >/dev/null 2>&1; then
        brew install ripgrep
    else
        echo "error: install ${missing[*]} with your package manager." >&2
        exit 1
    fi
fi

swift build -c release --product linza
swift build -c release --product linza-bench
# The scan cache must never give a stale result: longer than swift test runs it (docs/CACHE.md).
.build/release/linza-bench staleness --steps 3000 --seed 3
.build/release/linza-bench staleness --steps 3000 --seed 4 --coarse-clock
if [ "$(uname)" = Linux ]; then .build/release/linza-bench staleness --steps 3000 --seed 6 --watched; fi
.build/release/linza-bench run --write docs/BENCHMARKS.md "$@"
