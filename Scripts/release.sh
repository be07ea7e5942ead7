#!/usr/bin/env bash
# Assembles a release from the standalone binaries Scripts/dist.sh (Linux) and
# Scripts/dist-macos.sh (Mac) left in dist/, whichever are there:
#
#   dist/linza-<version>.artifactbundle.zip (+ .sha256)  the binaries as a SwiftPM artifact
#                                   bundle, info.json listing each variant's target triples
#   dist/LinzaPlugins/              the binary plugin package: LinzaPlugin using that bundle,
#                                   so a package depending on it builds nothing of Linza
#   dist/Formula/linza.rb           the Homebrew formula for a tap, building the release tag
#
#   Scripts/release.sh                   a local release: the plugin package holds the bundle
#                                        and the formula builds this clone's HEAD (what CI checks)
#   Scripts/release.sh --repository URL  for publishing (docs/RELEASING.md): URL is where Linza
#                                        is hosted (https://github.com/OWNER/linza); the package
#                                        downloads the bundle from the release <version> there,
#                                        and the formula builds the tag <version>
set -euo pipefail
cd "$(dirname "$0")/.."

repository=""
if [ "${1:-}" = --repository ]; then
    repository="${2:?--repository needs the URL Linza is hosted at}"
    repository="${repository%/}"
    repository="${repository%.git}"
fi
version=$(Scripts/version.sh)
commit=$(git rev-parse HEAD)

# The SwiftPM target triples each platform's binary serves.
triples_of() {
    case "$1" in
    linux-x86_64) echo '"x86_64-unknown-linux-gnu"' ;;
    linux-aarch64) echo '"aarch64-unknown-linux-gnu"' ;;
    macos-universal) echo '"arm64-apple-macosx", "x86_64-apple-macosx"' ;;
    *) echo "release.sh: no target triples known for ${1}" >&2; exit 1 ;;
    esac
}

bundle=dist/linza.artifactbundle
rm -rf "${bundle}" dist/LinzaPlugins dist/Formula
mkdir -p "${bundle}"
variants=""
for folder in dist/linza-"${version}"-*/; do
    folder="${folder%/}"
    [ -x "${folder}/linza" ] || continue
    platform="${folder#dist/linza-"${version}"-}"
    mkdir -p "${bundle}/${platform}/bin"
    cp "${folder}/linza" "${bundle}/${platform}/bin/linza"
    variants="${variants:+${variants},
}        { \"path\": \"${platform}/bin/linza\", \"supportedTriples\": [$(triples_of "${platform}")] }"
done
[ -n "${variants}" ] || { echo "release.sh: no binary in dist/linza-${version}-*/; run Scripts/dist.sh first" >&2; exit 1; }
cat >"${bundle}/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "linza": {
      "version": "${version}",
      "type": "executable",
      "variants": [
${variants}
      ]
    }
  }
}
JSON
zip_name="linza-${version}.artifactbundle.zip"
rm -f "dist/${zip_name}"
(cd dist && zip -q -r -X "${zip_name}" linza.artifactbundle)
# SwiftPM's checksum of a binary target is the archive's SHA-256 (swift package compute-checksum).
if command -v sha256sum >/dev/null; then sha256=sha256sum; else sha256="shasum -a 256"; fi
checksum=$(${sha256} "dist/${zip_name}" | cut -d' ' -f1)
echo "${checksum}  ${zip_name}" >"dist/${zip_name}.sha256"

# The plugin package: the same plugin source as the one that builds Linza.
mkdir -p dist/LinzaPlugins/Plugins/LinzaPlugin
cp Plugins/LinzaPlugin/LinzaPlugin.swift dist/LinzaPlugins/Plugins/LinzaPlugin/
if [ -n "${repository}" ]; then
    binary_target=".binaryTarget(
            name: \"linza\",
            url: \"${repository}/releases/download/${version}/${zip_name}\",
            checksum: \"${checksum}\"
        )"
else
    cp "dist/${zip_name}" dist/LinzaPlugins/
    binary_target=".binaryTarget(name: \"linza\", path: \"${zip_name}\")"
fi
cat >dist/LinzaPlugins/Package.swift <<SWIFT
// swift-tools-version: 6.1
// Linza ${version}'s build tool plugin with a prebuilt linza: a package that depends on this
// one builds nothing of Linza. Written by Linza's Scripts/release.sh.
import PackageDescription

let package = Package(
    name: "LinzaPlugins",
    products: [.plugin(name: "LinzaPlugin", targets: ["LinzaPlugin"])],
    targets: [
        ${binary_target},
        .plugin(name: "LinzaPlugin", capability: .buildTool(), dependencies: ["linza"]),
    ]
)
SWIFT

# The formula builds from source (Homebrew's way): a tag and the commit it must point at.
if [ -n "${repository}" ]; then
    source_url="${repository}.git"
    source_ref="tag: \"${version}\", revision: \"${commit}\""
    version_line=""
else
    source_url="file://${PWD}"
    source_ref="using: :git, revision: \"${commit}\""
    # Without a tag Homebrew cannot tell the version from the URL.
    version_line="
  version \"${version}\""
fi
mkdir -p dist/Formula
cat >dist/Formula/linza.rb <<RUBY
# Linza ${version}, for a Homebrew tap. Written by Linza's Scripts/release.sh.
class Linza < Formula
  desc "Localization linter for Swift and Objective-C projects, no Xcode needed"
  homepage "${repository:-${source_url}}"
  url "${source_url}", ${source_ref}${version_line}

  depends_on "pkgconf" => :build
  depends_on "libyaml"
  uses_from_macos "swift" => :build

  on_macos do
    depends_on xcode: ["16.3", :build] # Swift 6.1
  end

  def install
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "linza"
    bin.install ".build/release/linza"
  end

  test do
    (testpath/"en.lproj/Localizable.strings").write "\"greeting\" = \"Hello\";\n"
    (testpath/"de.lproj/Localizable.strings").write "\"farewell\" = \"Tschüss\";\n"
    (testpath/"App.swift").write "let text = NSLocalizedString(\"greeting\", comment: \"\")\n"
    assert_match "'greeting' is missing in de", shell_output("#{bin}/linza lint --quiet", 1)
    assert_match version.to_s, shell_output("#{bin}/linza --version")
  end
end
RUBY

echo "dist/${zip_name} (checksum ${checksum}; $(echo "${variants}" | wc -l) variant(s)), dist/LinzaPlugins/, dist/Formula/linza.rb"
