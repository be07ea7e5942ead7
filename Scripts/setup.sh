#!/usr/bin/env bash
# Sets everything up from a fresh clone: installs libyaml and pkg-config if missing, builds
# Linza in release mode, and runs it on the bundled sample app (Fixtures/SampleApp), whose
# deliberate mistakes it reports.
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/install-dependencies.sh
echo "Building Linza (release)..."
swift build -c release --product linza

echo
echo "Running .build/release/linza on the sample app (Fixtures/SampleApp):"
echo
status=0
.build/release/linza || status=$?
echo
if [ "$status" -eq 1 ]; then
    echo "Linza exited with 1: the sample app has deliberate mistakes, and Linza found them."
    echo "Run it on your project: cd /path/to/YourApp && $(pwd)/.build/release/linza"
else
    echo "error: expected exit code 1 on the sample app, got $status." >&2
    exit 1
fi
