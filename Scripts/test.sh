#!/usr/bin/env bash
# The README's test command: installs what the tests need if missing (libyaml and pkg-config,
# the Python tools in .tools/python, Chromium; see Scripts/install-dependencies.sh), then runs
# the whole test suite. Arguments go to swift test: Scripts/test.sh --filter StatusCommandTests.
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/install-dependencies.sh
swift test "$@"
