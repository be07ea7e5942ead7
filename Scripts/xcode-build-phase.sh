#!/bin/sh
# Xcode "Run Script" build phase for Linza.
#
# Add a Run Script phase before "Compile Sources" whose script is
#     "${SRCROOT}/Scripts/xcode-build-phase.sh"
# (or a copy of this file). Findings appear in the issue navigator at the line that uses
# the key; an error fails the build.
#
# With ENABLE_USER_SCRIPT_SANDBOXING = YES the phase may read only what it declares: add
# the input file list `linza files --xcfilelist` writes (run it where the .xcodeproj is),
# this script as an input file, and the output file $(DERIVED_FILE_DIR)/linza.stamp.
# Linza then reads only those inputs and touches the stamp when the check passes, so
# Xcode skips the phase until an input changes.
set -u

# The prebuilt release binary wherever it was put (LINZA_PATH, PATH), else where Homebrew
# and Mint install it.
find_linza() {
    if [ -n "${LINZA_PATH:-}" ] && [ -x "${LINZA_PATH}" ]; then
        echo "${LINZA_PATH}"
        return
    fi
    if command -v linza >/dev/null 2>&1; then
        command -v linza
        return
    fi
    # Xcode's PATH has neither Homebrew prefix (Apple Silicon, then Intel) nor Mint's.
    for candidate in /opt/homebrew/bin/linza /usr/local/bin/linza "${HOME}/.mint/bin/linza"; do
        if [ -x "${candidate}" ]; then
            echo "${candidate}"
            return
        fi
    done
}

LINZA=$(find_linza)
if [ -z "${LINZA}" ]; then
    echo "warning: Linza is not installed, so localizations were not checked. Get the prebuilt binary: download linza-<version>-macos-universal.tar.gz from your team's Linza releases, put linza on PATH or set LINZA_PATH to it; or brew install linza from your team's tap; or run make install in a clone of Linza"
    exit 0
fi

cd "${SRCROOT:-.}" || exit 2

# The Xcode format whatever the configuration says: the issue navigator reads it.
set -- lint --quiet --reporter xcode
if [ "${ENABLE_USER_SCRIPT_SANDBOXING:-NO}" = "YES" ]; then
    set -- "$@" --use-script-input-file-lists
fi
# The scan cache inside the target's derived files: the user script sandbox lets a phase
# write there (the default cache folder, in ~/Library/Caches, it may not).
if [ -n "${DERIVED_FILE_DIR:-}" ]; then
    set -- "$@" --cache-path "${DERIVED_FILE_DIR}/linza-cache"
fi
if [ "${SCRIPT_OUTPUT_FILE_COUNT:-0}" -gt 0 ]; then
    set -- "$@" --stamp "${SCRIPT_OUTPUT_FILE_0}"
fi
exec "${LINZA}" "$@"
