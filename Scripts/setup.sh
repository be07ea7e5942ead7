#!/usr/bin/env bash
# Sets Linza up from a fresh clone for someone who wants to run it: installs libyaml and
# pkg-config if missing (Scripts/install-dependencies.sh --build-only), builds Linza in release
# mode, and runs it on the bundled sample app (Fixtures/SampleApp), whose deliberate mistakes it
# reports. The test tools are not installed here: Scripts/test.sh installs them and runs the tests.
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/install-dependencies.sh --build-only
echo "Building Linza (release)..."
swift build -c release --product linza

echo
echo "Running .build/release/linza on the sample app (Fixtures/SampleApp):"
echo
status=0
.build/release/linza || status=$?
echo
if [ "$status" -ne 1 ]; then
    echo "error: expected exit code 1 on the sample app, got $status." >&2
    exit 1
fi
linza="$(pwd)/.build/release/linza"
echo "Linza exited with 1: the sample app has deliberate mistakes, and Linza found them."
echo "It is built at ${linza} (make install puts it on PATH; README.md goes on from here)."
echo
echo "Next, in your project: write its .linza.yml (init prints what it inferred and why), then check it:"
echo "  cd /path/to/YourApp"
echo "  ${linza} init"
echo "  ${linza}"
