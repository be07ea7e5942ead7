#!/usr/bin/env bash
# Prepares the folder of real Xcode exports and imports that XcodeExportSampleTests and
# XcodeImportSampleTests compare Linza's export and import with (LINZA_XCODE_EXPORTS=FOLDER
# swift test --filter 'XcodeExportSampleTests|XcodeImportSampleTests'). The samples are
# public files of other projects: they are copied at run time, never committed here.
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
# Real Xcode IMPORTS (XcodeImportSampleTests): Firefox Focus's weekly string imports, which a
# GitHub workflow ran with `xcodebuild -importLocalizations` (Xcode 15.0.1) and committed as is:
#   mozilla-mobile/focus-ios  2efd5ce1 (2024-03-03), 4a34fee6 (2023-11-19), f832e98d (2023-12-03):
#                             the project's text files at the commit's parent (before/) and at
#                             the commit (after/), under focus-imports/<commit>/.
#   mozilla-l10n/focusios-l10n at the last commit before each import ran (7ac3fd07, ac133905,
#                             25bc898b): <locale>/focus-ios.xliff, changed as Mozilla's import
#                             tool (mozilla-mobile/LocalizationTools ImportTask) changed it before
#                             giving it to xcodebuild: Pontoon's locale codes mapped to Xcode's
#                             in target-language, CFBundleName, CFBundleDisplayName and
#                             CFBundleShortVersionString units removed, the privacy-description
#                             units given their source as target when they have none, emptied
#                             <file>s removed (xliff/<xcode locale>.xliff).
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
# Imports: text files of a commit of focus-ios (the snapshot may lack its large binary files).
focus=$work/focus-ios.git
l10n=$work/focusios-l10n.git
if [[ -n "${LINZA_SAMPLE_MIRRORS:-}" && -d "$LINZA_SAMPLE_MIRRORS/mozilla-mobile+focus-ios/repo" ]]; then
    focus=$LINZA_SAMPLE_MIRRORS/mozilla-mobile+focus-ios/repo
    l10n=$LINZA_SAMPLE_MIRRORS/mozilla-l10n+focusios-l10n/repo
else
    git init --quiet --bare "$focus"
    git clone --quiet --bare https://github.com/mozilla-l10n/focusios-l10n.git "$l10n"
fi
text_files() { # commit folder destination: the project's tables, code and project files
    git --git-dir="$focus" ls-tree -r --name-only "$1" -- "$2" \
        | grep -E '\.(strings|stringsdict|xcstrings|swift|h|m|intentdefinition|pbxproj|plist)$' \
        | while read -r file; do
            local relative=${file#"$2"/}
            mkdir -p "$3/$(dirname "$relative")"
            git --git-dir="$focus" show "$1:$file" >"$3/$relative"
        done
}
rm -rf "$destination/focus-imports"
while read -r commit parent folder translations; do
    if [[ $focus == "$work/focus-ios.git" ]]; then
        git --git-dir="$focus" fetch --quiet --depth 1 https://github.com/mozilla-mobile/focus-ios.git "$commit" "$parent"
    fi
    sample=$destination/focus-imports/$commit
    text_files "$parent" "$folder" "$sample/before"
    text_files "$commit" "$folder" "$sample/after"
    mkdir -p "$sample/xliff"
    for locale in $(git --git-dir="$l10n" ls-tree --name-only "$translations"); do
        git --git-dir="$l10n" cat-file -e "$translations:$locale/focus-ios.xliff" 2>/dev/null || continue
        [[ $locale == en-US || $locale == templates ]] && continue
        git --git-dir="$l10n" show "$translations:$locale/focus-ios.xliff" \
            | python3 -c "$(cat <<'PYTHON'
import sys, xml.etree.ElementTree as tree
xliff = "urn:oasis:names:tc:xliff:document:1.2"
tree.register_namespace("", xliff)
codes = {"ga-IE": "ga", "nb-NO": "nb", "nn-NO": "nn", "sv-SE": "sv", "tl": "fil", "zgh": "tzm", "sat": "sat-Olck"}
removed = {"CFBundleName", "CFBundleDisplayName", "CFBundleShortVersionString"}
required = {"NSCameraUsageDescription", "NSLocationWhenInUseUsageDescription", "NSMicrophoneUsageDescription",
            "NSPhotoLibraryAddUsageDescription", "ShortcutItemTitleNewPrivateTab", "ShortcutItemTitleNewTab",
            "ShortcutItemTitleQRCode"}
locale, output = sys.argv[1], sys.argv[2]
root = tree.fromstring(sys.stdin.buffer.read())
for file in list(root.findall(f"{{{xliff}}}file")):
    if locale in codes:
        file.set("target-language", codes[locale])
    body = file.find(f"{{{xliff}}}body")
    for unit in list(body.findall(f"{{{xliff}}}trans-unit")):
        if unit.get("id") in removed:
            body.remove(unit)
        elif unit.get("id") in required and unit.find(f"{{{xliff}}}target") is None:
            target = tree.Element(f"{{{xliff}}}target")
            target.text = unit.find(f"{{{xliff}}}source").text
            unit.insert(1, target)
    if not body.findall(f"{{{xliff}}}trans-unit"):
        root.remove(file)
tree.ElementTree(root).write(output, encoding="UTF-8", xml_declaration=True)
PYTHON
)" "$locale" "$sample/xliff/$(case $locale in ga-IE) echo ga ;; nb-NO) echo nb ;; nn-NO) echo nn ;; sv-SE) echo sv ;;
                tl) echo fil ;; zgh) echo tzm ;; sat) echo sat-Olck ;; *) echo "$locale" ;; esac).xliff"
    done
done <<'SAMPLES'
2efd5ce1555e4a4dcc571a1aaa832816b2b7fd71 c8c1a6974b75c03cb127b82f99352d222c5f80d1 focus-ios 7ac3fd071913691e901dfea5841ed1eb3cf51e75
4a34fee6ad89efeb993478c9ce0ed9a074159a1f d404e4cde7e40ed17bee108539a616c9e958448c . ac1339051d30b71b0c24f9ca619fd4b5aa254f57
f832e98d801fd510c1b8f18cee3f0e7894b4acd5 d7777a22fcf550c49c58c5ff51d5dd7c539caeb1 focus-ios 25bc898bffb4512b0f7bf31bef6afcc7e196f437
SAMPLES

cat >"$destination/README.txt" <<TEXT
Real Xcode exports for Linza's XcodeExportSampleTests, prepared by Scripts/xcode-exports.sh on $(date -u +%Y-%m-%d).
xcode-12.4/da.xcloc      noah-nuebling/mf-xcloc-editor example-docs/da (original).xcloc
xcode-11.2.1/*.xcloc    noah-nuebling/mf-xcloc-editor example-docs/loca-studio-sample-documents/sample-xcloc
moz-l10n/*.xliff        mozilla/moz-l10n python/tests/formats/data
xcode-26.2/*.xcloc      cleveland-lewis/Itori Localizations at a6385dd99016b2b5440ecc6679a793c67f6fa6bb
focus-imports/<commit>  mozilla-mobile/focus-ios before and after that string import (Xcode 15.0.1),
                        with mozilla-l10n/focusios-l10n's XLIFF files it imported, as Mozilla's tool changed them
TEXT
echo "prepared $destination; run: LINZA_XCODE_EXPORTS=$destination swift test --filter 'XcodeExportSampleTests|XcodeImportSampleTests'"
