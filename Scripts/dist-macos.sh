#!/usr/bin/env bash
# Builds the macOS release binary: one universal file (arm64 and x86_64) with libyaml linked
# statically, so it needs nothing from Homebrew at run time (the Swift runtime is part of
# macOS 13 and later). Writes dist/linza-<version>-macos-universal.tar.gz and its .sha256,
# which Scripts/release.sh then adds to the artifact bundle.
#
# Runs on a Mac with Xcode 16.3 (Swift 6.1) or later and Homebrew. NOT RUN BY LINZA'S CI,
# which has only Linux: see docs/RELEASING.md.
#
# Homebrew installs libyaml for the Mac's own architecture only, so libyaml is compiled here
# for both, from the source archive Homebrew's libyaml formula downloads (brew fetch), with
# the deployment target Linza supports.
set -euo pipefail
cd "$(dirname "$0")/.."

[ "$(uname -s)" = Darwin ] || { echo "dist-macos.sh runs on a Mac; on Linux use Scripts/dist.sh" >&2; exit 2; }
version=$(Scripts/version.sh)
commit=$(git rev-parse --short=12 HEAD)
[ -z "$(git status --porcelain --untracked-files=no)" ] || commit="${commit}-dirty"
name="linza-${version}-macos-universal"
deployment_target=13.0 # Package.swift: .macOS(.v13)
work="${PWD}/.build/dist-macos"
rm -rf "${work}"
mkdir -p "${work}/libyaml" "${work}/static-libs" "${work}/pkgconfig"

# libyaml, universal and static.
brew fetch --build-from-source libyaml >/dev/null
tar -xzf "$(brew --cache --build-from-source libyaml)" -C "${work}/libyaml" --strip-components 1
yaml_version=$(brew info --json=v2 libyaml | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["formulae"][0]["versions"]["stable"])')
IFS=. read -r major minor patch <<<"${yaml_version}"
(
    cd "${work}/libyaml"
    # libyaml's build system would write these into config.h.
    xcrun clang -c -O2 -arch arm64 -arch x86_64 -mmacosx-version-min="${deployment_target}" -Iinclude \
        -DYAML_VERSION_MAJOR="${major}" -DYAML_VERSION_MINOR="${minor}" -DYAML_VERSION_PATCH="${patch}" \
        -DYAML_VERSION_STRING="\"${yaml_version}\"" src/*.c
    xcrun libtool -static -o "${work}/static-libs/libyaml.a" ./*.o
)
# SwiftPM reads yaml-0.1.pc itself; this one names only the static library.
cat >"${work}/pkgconfig/yaml-0.1.pc" <<PC
Name: LibYAML
Description: libyaml, linked statically
Version: ${yaml_version}
Cflags: -I${work}/libyaml/include
Libs: -L${work}/static-libs -lyaml
PC
export PKG_CONFIG_PATH="${work}/pkgconfig"

# The commit goes into BuildInfo.swift for this build only.
info=Sources/linza/BuildInfo.swift
cp "${info}" "${work}/BuildInfo.swift.orig"
trap 'cp "${work}/BuildInfo.swift.orig" "${info}"' EXIT
sed -i '' "s/static let commit: String? = nil/static let commit: String? = \"${commit}\"/" "${info}"

swift build -c release --product linza --arch arm64 --arch x86_64
binary="$(swift build -c release --product linza --arch arm64 --arch x86_64 --show-bin-path)/linza"

# Both architectures, and nothing loaded from Homebrew or a toolchain.
for arch in arm64 x86_64; do
    lipo "${binary}" -verify_arch "${arch}" || { echo "dist-macos.sh: no ${arch} slice" >&2; exit 1; }
done
unexpected=$(otool -L "${binary}" | tail -n +2 | awk '{print $1}' | grep -Ev '^(/usr/lib/|/System/Library/)' || true)
[ -z "${unexpected}" ] || { echo "dist-macos.sh: the binary still needs: ${unexpected}" >&2; exit 1; }

mkdir -p dist "dist/${name}"
cp "${binary}" "dist/${name}/linza"
strip -x "dist/${name}/linza"
# Stripping invalidates the linker's ad-hoc signature, which arm64 Macs require.
codesign --force --sign - "dist/${name}/linza"
cp README.md CHANGELOG.md "dist/${name}/"
tar -C dist -czf "dist/${name}.tar.gz" "${name}"
(cd dist && shasum -a 256 "${name}.tar.gz" >"${name}.tar.gz.sha256")
echo "dist/${name}.tar.gz ($(du -h "dist/${name}.tar.gz" | cut -f1)), $("dist/${name}/linza" --version)"
