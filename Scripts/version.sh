#!/bin/sh
# Prints Linza's version, LinzaVersion.current: the one place it is written.
sed -n 's/.*static let current = "\(.*\)"$/\1/p' "$(dirname "$0")/../Sources/LinzaReporting/Reporter.swift"
