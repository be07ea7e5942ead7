#!/usr/bin/env bash
# Installs the system packages Linza builds against: libyaml (through pkg-config).
# Does nothing when they are already there. Debian/Ubuntu use apt-get, macOS uses Homebrew.
set -euo pipefail

if ! command -v swift >/dev/null 2>&1; then
    echo "error: Swift is not installed. Install a Swift 6 toolchain (https://www.swift.org/install) and run this again." >&2
    exit 1
fi

if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists yaml-0.1; then
    exit 0
fi

case "$(uname -s)" in
Linux)
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "error: install libyaml's development files and pkg-config with your package manager." >&2
        exit 1
    fi
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    echo "Installing libyaml-dev and pkg-config with apt-get..."
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libyaml-dev pkg-config >/dev/null
    ;;
Darwin)
    if ! command -v brew >/dev/null 2>&1; then
        echo "error: Homebrew is needed to install libyaml (https://brew.sh), or install libyaml and pkg-config yourself." >&2
        exit 1
    fi
    echo "Installing libyaml and pkg-config with Homebrew..."
    brew install libyaml pkg-config
    ;;
*)
    echo "error: unsupported system $(uname -s); install libyaml and pkg-config yourself." >&2
    exit 1
    ;;
esac

pkg-config --exists yaml-0.1 || { echo "error: libyaml is still not visible to pkg-config." >&2; exit 1; }
