#!/usr/bin/env bash
# Runs a packaged linza the way a user without Swift gets it: in a root folder that holds
# only the binary, the C libraries ldd names and the sample app (chroot; needs root and
# permission to mount /proc), so neither the toolchain nor libyaml can be reached. Without
# those it runs the binary with an empty environment instead, which proves less, and says so.
#
#   Scripts/check-standalone.sh path/to/linza
set -euo pipefail
binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
repository=$(cd "$(dirname "$0")/.." && pwd)
expected="${repository}/Fixtures/Expected/sample-lint.txt"

# The weaker check, where a chroot cannot be made.
empty_environment_check() {
    echo "check-standalone: $1, so no chroot: running with an empty environment only" >&2
    cd "${repository}/Fixtures/SampleApp"
    status=0; output=$(env -i "${binary}" --quiet) || status=$?
    [ "${status}" -eq 1 ] || { echo "check-standalone: exit ${status}, expected 1" >&2; exit 1; }
    [ "${output}" = "$(sed "s#\$ROOT#${PWD}#g" "${expected}")" ] || { echo "check-standalone: unexpected findings" >&2; exit 1; }
    echo "check-standalone: $("${binary}" version) ran with an empty environment"
    exit 0
}
[ "$(id -u)" -eq 0 ] || empty_environment_check "not root"

root=$(mktemp -d)
trap 'umount "${root}/proc" 2>/dev/null; rm -rf "${root}"' EXIT
mkdir -p "${root}/bin" "${root}/app" "${root}/proc"
cp "${binary}" "${root}/bin/linza"
# The C library family, at the paths the binary's loader looks for.
for library in $(ldd "${binary}" | grep -o '/[^ ]*'); do
    mkdir -p "${root}$(dirname "${library}")"
    cp -L "${library}" "${root}${library}"
done
cp -R "${repository}/Fixtures/SampleApp/." "${root}/app"
[ ! -e "${root}/opt" ] && [ -z "$(find "${root}" -name 'libyaml*' -o -name 'libswift*' -o -name 'libstdc++*')" ] \
    || { echo "check-standalone: the root holds a toolchain or libyaml" >&2; exit 1; }

# Swift's static runtime reads the command line from /proc/self/cmdline: without /proc the
# arguments are lost (every system Linza runs on has it; a bare chroot does not).
mount -t proc proc "${root}/proc" 2>/dev/null || empty_environment_check "cannot mount /proc"
status=0
output=$(cd / && env -i "$(command -v chroot)" "${root}" /bin/linza lint --quiet --config /app/.linza.yml) || status=$?
[ "${status}" -eq 1 ] || { echo "check-standalone: exit ${status} in the empty root, expected 1" >&2; echo "${output}" >&2; exit 1; }
if [ "${output}" != "$(sed 's#\$ROOT#/app#g' "${expected}")" ]; then
    echo "check-standalone: the findings in the empty root differ from Fixtures/Expected/sample-lint.txt" >&2
    diff <(echo "${output}") <(sed 's#\$ROOT#/app#g' "${expected}") >&2 || true
    exit 1
fi
echo "check-standalone: $(chroot "${root}" /bin/linza version) found the sample app's findings in a root with no toolchain and no libyaml"
