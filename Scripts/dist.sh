#!/usr/bin/env bash
# Builds a Linux release binary that stands alone: the Swift runtime, libstdc++, libgcc and
# libyaml linked statically, so it runs without a Swift toolchain or libyaml installed (ldd
# lists only the C library family). Writes dist/linza-<version>-linux-<arch>.tar.gz and its
# .sha256. The binary's --version carries the commit it was built from.
#
#   Scripts/dist.sh            build and package
#   Scripts/dist.sh --check    also run the packaged binary in an empty root (chroot, needs
#                              root) or, without root, with an empty environment
set -euo pipefail
cd "$(dirname "$0")/.."

[ "$(uname -s)" = Linux ] || { echo "dist.sh builds the Linux binary; see Scripts/dist-macos.sh on a Mac" >&2; exit 2; }
version=$(Scripts/version.sh)
commit=$(git rev-parse --short=12 HEAD)
[ -z "$(git status --porcelain --untracked-files=no)" ] || commit="${commit}-dirty"
arch=$(uname -m)
name="linza-${version}-linux-${arch}"

# The module map links "yaml" and Swift's static runtime links "stdc++"; a folder holding only
# their static archives, searched first, makes the linker take those (the path must be
# absolute: the linker does not run in this folder).
static="${PWD}/.build/dist/static-libs"
mkdir -p "${static}" .build/dist/pkgconfig
cp "$(pkg-config --variable=libdir yaml-0.1)/libyaml.a" "${static}/"
cp "$(clang -print-file-name=libstdc++.a)" "${static}/"
# SwiftPM reads yaml-0.1.pc itself, system library folder included; this one names only ours.
cat >.build/dist/pkgconfig/yaml-0.1.pc <<PC
Name: LibYAML
Description: libyaml, linked statically
Version: $(pkg-config --modversion yaml-0.1)
Cflags: $(pkg-config --cflags yaml-0.1)
Libs: -L${static} -lyaml
PC
export PKG_CONFIG_PATH="${PWD}/.build/dist/pkgconfig${PKG_CONFIG_PATH:+:${PKG_CONFIG_PATH}}"

# The commit goes into BuildInfo.swift for this build only.
info=Sources/linza/BuildInfo.swift
cp "${info}" .build/dist/BuildInfo.swift.orig
trap 'cp .build/dist/BuildInfo.swift.orig "${info}"' EXIT
sed -i "s/static let commit: String? = nil/static let commit: String? = \"${commit}\"/" "${info}"

swift build -c release --product linza --static-swift-stdlib \
    -Xlinker -L"${static}" \
    -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
binary="$(swift build -c release --show-bin-path)/linza"

# Only the C library family may be left to the system.
unexpected=$(ldd "${binary}" | awk '{print $1}' | sed 's#.*/##' \
    | grep -Ev '^(linux-vdso|libc|libm|libdl|libpthread|librt|ld-linux-[a-z0-9-]*)[.]so' || true)
[ -z "${unexpected}" ] || { echo "dist.sh: the binary still needs: ${unexpected}" >&2; exit 1; }

mkdir -p dist "dist/${name}"
cp "${binary}" "dist/${name}/linza"
strip "dist/${name}/linza"
cp README.md CHANGELOG.md "dist/${name}/"
tar -C dist -czf "dist/${name}.tar.gz" "${name}"
(cd dist && sha256sum "${name}.tar.gz" > "${name}.tar.gz.sha256")
echo "dist/${name}.tar.gz ($(du -h "dist/${name}.tar.gz" | cut -f1)), $("dist/${name}/linza" --version)"

if [ "${1:-}" = --check ]; then
    Scripts/check-standalone.sh "dist/${name}/linza"
fi
