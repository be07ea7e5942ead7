#!/bin/sh
# The integrations that need a full Swift build of their own, too slow for `swift test`
# (a few minutes): `make install`/`uninstall`, the SwiftPM build tool plugin on
# Fixtures/PluginPackage, and the pre-commit framework's `language: swift` hook.
#
# With --release, also what Scripts/dist.sh and Scripts/release.sh left in dist/: the
# artifact bundle's info.json, the binary plugin package built into
# Fixtures/BinaryPluginConsumer, the Homebrew formula (RuboCop, then installed and tested
# by Scripts/check-formula.rb), and the GitHub Action and GitLab example run step by step
# against that release (Scripts/check-ci-examples.py).
#
# CI runs this after the test suite. Needs Scripts/install-dependencies.sh to have run
# (with --release-tools for --release).
set -eu
release=false
[ "${1:-}" != --release ] || release=true

repository=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "${work}"' EXIT
failures=0

step() { printf '\n== %s\n' "$1"; }
fail() { echo "FAILED: $1"; failures=$((failures + 1)); }

step "make install and uninstall"
make -C "${repository}" --no-print-directory install PREFIX="${work}/prefix" >"${work}/install.log" 2>&1 \
    || { cat "${work}/install.log"; fail "make install"; }
version=$("${work}/prefix/bin/linza" --version 2>&1) || fail "installed linza --version"
echo "installed linza ${version}"
make -C "${repository}" --no-print-directory uninstall PREFIX="${work}/prefix" >/dev/null || fail "make uninstall"
[ ! -e "${work}/prefix/bin/linza" ] || fail "make uninstall left bin/linza"

step "SwiftPM build tool plugin"
# The fixture depends on ../linza; the link gives this checkout that name.
ln -s "${repository}" "${work}/linza"
cp -R "${repository}/Fixtures/PluginPackage" "${work}/DeliveryTracker"
cd "${work}/DeliveryTracker"
swift build >"${work}/plugin.log" 2>&1 || { cat "${work}/plugin.log"; fail "the plugin failed a clean package"; }
grep -q "Linza: checking localizations of DeliveryTracker" "${work}/plugin.log" \
    || { cat "${work}/plugin.log"; fail "the plugin did not run"; }
# Nothing changed: the stamp is current, so the check does not run again. (The second
# build still relinks the plugin's linza once, which reruns it; the third must be idle.)
swift build >"${work}/plugin.log" 2>&1 || fail "the second build of a clean package"
swift build >"${work}/plugin.log" 2>&1 || fail "the third build of a clean package"
if grep -q "Linza: checking" "${work}/plugin.log"; then fail "the plugin reran with nothing changed"; fi
# A key only English has: the build fails at the line that uses it.
printf '\nlet courierCall = NSLocalizedString("delivery.call_courier", bundle: .module, comment: "")\n' \
    >>Sources/DeliveryTracker/DeliveryStatus.swift
printf '"delivery.call_courier" = "Call the courier";\n' >>Sources/DeliveryTracker/Resources/en.lproj/Localizable.strings
if swift build >"${work}/plugin.log" 2>&1; then
    fail "the build passed with a key missing in pl"
fi
grep -q "DeliveryStatus.swift:23:37: error: 'delivery.call_courier' is missing in pl" "${work}/plugin.log" \
    || { cat "${work}/plugin.log"; fail "the plugin did not report the missing key"; }
printf '"delivery.call_courier" = "Zadzwoń do kuriera";\n' >>Sources/DeliveryTracker/Resources/pl.lproj/Localizable.strings
swift build >"${work}/plugin.log" 2>&1 || { cat "${work}/plugin.log"; fail "the build failed once the key was translated"; }

step "pre-commit framework, language: swift"
mkdir "${work}/app"
cp -R "${repository}/Fixtures/CleanApp/." "${work}/app"
cd "${work}/app"
export PRE_COMMIT_HOME="${work}/pre-commit-cache"
git init --quiet && git add --all
git -c user.name=Linza -c user.email=tests@linza.invalid commit --quiet --no-verify --message Initial
"${repository}/.tools/python/bin/pre-commit" try-repo "${repository}" linza --all-files --color never \
    >"${work}/pre-commit.log" 2>&1 || { cat "${work}/pre-commit.log"; fail "pre-commit hook linza"; }
grep -q "^Linza\.*Passed" "${work}/pre-commit.log" || { cat "${work}/pre-commit.log"; fail "hook did not pass"; }

if [ "${release}" = false ]; then
    printf '\nThe release checks need --release (after Scripts/dist.sh and Scripts/release.sh)\n'
else
    version=$("${repository}/Scripts/version.sh")
    python="${repository}/.tools/python/bin/python"

    step "no test hooks in the release binary"
    # The writers' test hooks (LINZA_TEST_*) are compiled into debug builds only.
    for binary in "${repository}"/dist/linza-"${version}"-linux-*/linza; do
        [ -f "${binary}" ] || fail "no release binary at ${binary}"
        if grep -a -q "LINZA_TEST_" "${binary}"; then fail "${binary} holds a test hook"; fi
    done

    step "artifact bundle"
    "${python}" "${repository}/Scripts/check-artifactbundle.py" "${repository}/dist/linza.artifactbundle" "${version}" \
        || fail "the artifact bundle"

    step "binary plugin package (prebuilt linza)"
    cp -R "${repository}/dist/LinzaPlugins" "${work}/LinzaPlugins"
    cp -R "${repository}/Fixtures/BinaryPluginConsumer" "${work}/CourierChat"
    cd "${work}/CourierChat"
    swift build >"${work}/binary-plugin.log" 2>&1 \
        || { cat "${work}/binary-plugin.log"; fail "the binary plugin failed a clean package"; }
    grep -q "Linza: checking localizations of CourierChat" "${work}/binary-plugin.log" \
        || { cat "${work}/binary-plugin.log"; fail "the binary plugin did not run"; }
    # Nothing of Linza was fetched or compiled: the plugin's only dependency is the bundle.
    if [ -e .build/checkouts/swift-argument-parser ] || grep -q "Compiling Linza\|Compiling ArgumentParser" "${work}/binary-plugin.log"; then
        cat "${work}/binary-plugin.log"; fail "building the consumer built Linza"
    fi
    printf '\nlet outsideReply = NSLocalizedString("chat.reply.outside", bundle: .module, comment: "")\n' \
        >>Sources/CourierChat/QuickReply.swift
    printf '"chat.reply.outside" = "I am waiting outside";\n' >>Sources/CourierChat/Resources/en.lproj/Localizable.strings
    if swift build >"${work}/binary-plugin.log" 2>&1; then
        fail "the build passed with a key missing in de"
    fi
    grep -q "QuickReply.swift:22:38: error: 'chat.reply.outside' is missing in de" "${work}/binary-plugin.log" \
        || { cat "${work}/binary-plugin.log"; fail "the binary plugin did not report the missing key"; }

    step "Homebrew formula"
    cd "${repository}"
    rubocop --config Scripts/rubocop.yml dist/Formula/linza.rb Scripts/check-formula.rb || fail "RuboCop on the formula"
    ruby Scripts/check-formula.rb dist/Formula/linza.rb "${work}/formula" || fail "the formula's install and test"

    step "GitHub Action and CI examples"
    # Laid out like a download site: BASE/VERSION/ASSET.
    mkdir -p "${work}/releases/${version}"
    cp "${repository}"/dist/linza-"${version}"-linux-*.tar.gz* "${work}/releases/${version}/"
    mkdir "${work}/ci"
    "${python}" "${repository}/Scripts/check-ci-examples.py" \
        "${repository}" "${work}/ci" "${work}/releases" "${version}" || fail "the action and CI examples"
fi

if [ "${failures}" -ne 0 ]; then
    printf '\n%s integration check(s) failed\n' "${failures}"
    exit 1
fi
printf '\nAll integration checks passed\n'
