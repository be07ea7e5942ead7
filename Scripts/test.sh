#!/usr/bin/env bash
# The README's test command: installs what the tests need if missing (libyaml and pkg-config,
# the Python tools in .tools/python, Chromium; see Scripts/install-dependencies.sh), then runs
# the whole test suite. Arguments go to swift test: Scripts/test.sh --filter StatusCommandTests.
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/install-dependencies.sh
# The tree keeps the checked-in style (.swift-format; `swift format -i -r Sources Tests
# Package.swift Plugins` applies it).
swift format lint --strict -r Sources Tests Package.swift Plugins
# The tree builds without a compiler warning, tests included: a new one fails the run.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build --build-tests 2>&1 | tee "$log"
if grep -E '^/.*: warning: ' "$log" >/dev/null; then
    echo "error: the build printed compiler warnings (above); fix them" >&2
    exit 1
fi
swift test --skip-build "$@"
