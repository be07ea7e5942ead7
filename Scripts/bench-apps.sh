#!/usr/bin/env bash
# Times one linza binary on one project: the median of 7 uncached runs (--no-cache) and of
# 7 cached runs after a priming run, in a fresh cache folder. Copy the project more than 2 s
# before (a file changed within 2 s of its scan is read again by content).
#     Scripts/bench-apps.sh .build/release/linza /path/to/App
set -euo pipefail
binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$2"
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
milliseconds() {
    local start
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    echo $((($(date +%s%N) - start) / 1000000))
}
cold=$(for _ in 1 2 3 4 5 6 7; do milliseconds "$binary" --no-cache; done | median)
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
"$binary" --cache-path "$cache" >/dev/null 2>&1 || true
cached=$(for _ in 1 2 3 4 5 6 7; do milliseconds "$binary" --cache-path "$cache"; done | median)
echo "cold ${cold} ms, cached ${cached} ms"
