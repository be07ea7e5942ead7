#!/usr/bin/env bash
# Prepares the folder of real Xcode exports that XcodeExportSampleTests compares Linza's export
# with (LINZA_XCODE_EXPORTS=FOLDER swift test --filter XcodeExportSampleTests). The samples
# are public files of other projects: they are copied at run time, never committed here.
#     Scripts/xcode-exports.sh FOLDER
# Sources (each repository's default branch; set LINZA_SAMPLE_MIRRORS to a folder holding
# <owner>+<name>/repo bare clones to read them from there instead of the network):
#   noah-nuebling/mf-xcloc-editor  example-docs/da (original).xcloc        Xcode 12.4 (12D4e): a
#                                  real export with its Source Contents (the development .strings),
#                                  its XLIFF re-serialised on one line by NSXMLDocument.
#                                  example-docs/loca-studio-sample-documents/sample-xcloc/*.xcloc
#                                  Xcode 11.2.1 (11B500): 17 languages, .strings + .stringsdict;
#                                  some files were edited by Loca Studio afterwards.
#   mozilla/moz-l10n               python/tests/formats/data/xcode.xliff    Xcode 15.2 (trimmed fixture)
#                                  python/tests/formats/data/xcstrings.xliff Xcode 26.1.1 (trimmed fixture)
#   cleveland-lewis/Itori @a6385dd Localizations/{en,zh-Hans,zh-Hant}.xcloc Xcode 26.2 (17C52): a real
#                                  export of two String Catalogs, committed as Xcode wrote it (a later
#                                  commit edited it by search and replace, and another removed it),
#                                  with the catalogs it was exported from in Source Contents.
set -euo pipefail
destination=${1:?usage: Scripts/xcode-exports.sh FOLDER}
mkdir -p "$destination"
destination=$(cd "$destination" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

checkout() { # owner/name → a work tree of its default branch in $work/<owner>+<name>
    local name=${1/\//+}
    mkdir -p "$work/$name"
    if [[ -n "${LINZA_SAMPLE_MIRRORS:-}" && -d "$LINZA_SAMPLE_MIRRORS/$name/repo" ]]; then
        git --git-dir="$LINZA_SAMPLE_MIRRORS/$name/repo" archive HEAD | tar -x -C "$work/$name"
    else
        git clone --quiet --depth 1 "https://github.com/$1.git" "$work/$name"
    fi
    echo "$work/$name"
}

checkout_at() { # owner/name commit folder → that folder of that commit in $work/<owner>+<name>
    local name=${1/\//+}
    mkdir -p "$work/$name"
    if [[ -n "${LINZA_SAMPLE_MIRRORS:-}" && -d "$LINZA_SAMPLE_MIRRORS/$name/repo" ]]; then
        git --git-dir="$LINZA_SAMPLE_MIRRORS/$name/repo" archive "$2" "$3" | tar -x -C "$work/$name"
    else
        git -C "$work/$name" init --quiet
        git -C "$work/$name" fetch --quiet --depth 1 "https://github.com/$1.git" "$2"
        git -C "$work/$name" checkout --quiet FETCH_HEAD -- "$3"
    fi
    echo "$work/$name"
}

editor=$(checkout noah-nuebling/mf-xcloc-editor)
rm -rf "$destination/xcode-12.4" "$destination/xcode-11.2.1" "$destination/moz-l10n"
mkdir -p "$destination/xcode-12.4" "$destination/xcode-11.2.1" "$destination/moz-l10n"
cp -R "$editor/mf-xcloc-editor/example-docs/da (original).xcloc" "$destination/xcode-12.4/da.xcloc"
cp -R "$editor/mf-xcloc-editor/example-docs/loca-studio-sample-documents/sample-xcloc/." "$destination/xcode-11.2.1/"
moz=$(checkout mozilla/moz-l10n)
cp "$moz/python/tests/formats/data/xcode.xliff" "$moz/python/tests/formats/data/xcstrings.xliff" "$destination/moz-l10n/"
itori=$(checkout_at cleveland-lewis/Itori a6385dd99016b2b5440ecc6679a793c67f6fa6bb Localizations)
rm -rf "$destination/xcode-26.2"
mkdir -p "$destination/xcode-26.2"
for language in en zh-Hans zh-Hant; do
    cp -R "$itori/Localizations/$language.xcloc" "$destination/xcode-26.2/"
done
cat >"$destination/README.txt" <<TEXT
Real Xcode exports for Linza's XcodeExportSampleTests, prepared by Scripts/xcode-exports.sh on $(date -u +%Y-%m-%d).
xcode-12.4/da.xcloc      noah-nuebling/mf-xcloc-editor example-docs/da (original).xcloc
xcode-11.2.1/*.xcloc    noah-nuebling/mf-xcloc-editor example-docs/loca-studio-sample-documents/sample-xcloc
moz-l10n/*.xliff        mozilla/moz-l10n python/tests/formats/data
xcode-26.2/*.xcloc      cleveland-lewis/Itori Localizations at a6385dd99016b2b5440ecc6679a793c67f6fa6bb
TEXT
echo "prepared $destination; run: LINZA_XCODE_EXPORTS=$destination swift test --filter XcodeExportSampleTests"
