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
#   teeeeeegz/focusedwork-translations @a4c7dd3  {de,en,en-AU,en-GB,es,ru}.xcloc  Xcode 13.1 (13A1030d):
#                                  FocusedWork's export of .strings + .stringsdict tables (ru:
#                                  zero/one/few/many/other), and the app's own <lang>.lproj tables
#                                  at the repository's root, which the targets come from; the
#                                  script puts them beside the development tables in
#                                  xcode-13.1-focusedwork/project (en.xcloc's Source Contents).
#   JiZPaper/Kitsune-Translations  Localizations/xcloc/*.xcloc, String Catalogs only (plural and
#                                  AppShortcuts units): Xcode 16.4 (16F6) @1946ec9, 26.0.1 (17A400)
#                                  @9901b3d, 26.2 (17C52) @dc40e15, 26.3 (17C529) @2d5163c.
#   ElytraApp/Localisations @b8be7f4  Localizations/*.xcloc  Xcode 15.0 (15A240d): .strings,
#                                  .stringsdict and String Catalogs in one export (also
#                                  storyboards, xibs and intent definitions, which Linza does not read).
#   Pockity/Localisations          Localizations/*.xcloc, .strings + .stringsdict: Xcode 14.2 (14C18)
#                                  @0a96c3d, 14.3 (14E222b) @8a11102, 14.3.1 (14E300c) @10a5f56,
#                                  15.0 beta (15A5229m) @feb8f0f.
# Real Xcode IMPORTS (XcodeImportSampleTests): Firefox Focus's weekly string imports, which a
# GitHub workflow ran with `xcodebuild -importLocalizations` (Xcode 15.0.1) and committed as is:
#   mozilla-mobile/focus-ios  2efd5ce1 (2024-03-03), 4a34fee6 (2023-11-19), f832e98d (2023-12-03),
#                             and e8fe77b3 (2022-10-16, Xcode 13.0, run on a developer's Mac):
#                             the project's text files at the commit's parent (before/) and at
#                             the commit (after/), under focus-imports/<commit>/.
#   mozilla-l10n/focusios-l10n at the last commit before each import ran (7ac3fd07, ac133905,
#                             25bc898b, 292213c0): <locale>/focus-ios.xliff, changed as Mozilla's import
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
# Exports committed by the projects themselves, one folder per Xcode: each commit's .xcloc bundles.
bundles_at() { # owner/name commit folder destination → that commit's <folder>/*.xcloc in destination
    local name=${1/\//+} tree
    tree=$(mktemp -d "$work/tree.XXXXXX")
    if [[ -n "${LINZA_SAMPLE_MIRRORS:-}" && -d "$LINZA_SAMPLE_MIRRORS/$name/repo" ]]; then
        git --git-dir="$LINZA_SAMPLE_MIRRORS/$name/repo" archive "$2" "$3" | tar -x -C "$tree"
    else
        git -C "$tree" init --quiet
        git -C "$tree" fetch --quiet --depth 1 "https://github.com/$1.git" "$2"
        git -C "$tree" checkout --quiet FETCH_HEAD -- "$3"
    fi
    rm -rf "$4"
    mkdir -p "$4"
    cp -R "$tree/$3/"*.xcloc "$4/"
    echo "$tree"
}
focused=$(bundles_at teeeeeegz/focusedwork-translations a4c7dd30f1c7aeae21bf1341fff3746da662b527 . \
    "$destination/xcode-13.1-focusedwork")
mkdir -p "$destination/xcode-13.1-focusedwork/project"
cp -R "$destination/xcode-13.1-focusedwork/en.xcloc/Source Contents/." "$destination/xcode-13.1-focusedwork/project/"
for language in de en-AU en-GB es ru; do
    mkdir -p "$destination/xcode-13.1-focusedwork/project/FocusedWork/App/$language.lproj"
    cp "$focused/$language.lproj/Localizable.strings" "$focused/$language.lproj/Localizable.stringsdict" \
        "$destination/xcode-13.1-focusedwork/project/FocusedWork/App/$language.lproj/"
done
while read -r folder repository commit bundles; do
    tree=$(bundles_at "$repository" "$commit" "$bundles" "$destination/$folder")
    # Tables Xcode exported from outside the project (`original="../../DZ/…"`), where the
    # repository keeps them: beside the bundles.
    if [[ -d "$tree/$bundles/DZ" ]]; then cp -R "$tree/$bundles/DZ" "$destination/$folder/"; fi
done <<'EXPORTS'
xcode-16.4-kitsune JiZPaper/Kitsune-Translations 1946ec9a1c322ee40f416fbe826d5f06368246b3 Localizations/xcloc
xcode-26.0.1-kitsune JiZPaper/Kitsune-Translations 9901b3d6311991336900145b8d8cf9c2006467d3 Localizations/xcloc
xcode-26.2-kitsune JiZPaper/Kitsune-Translations dc40e150cea6b80ddea04c662554e4d1989ba5e0 Localizations/xcloc
xcode-26.3-kitsune JiZPaper/Kitsune-Translations 2d5163c123d15a0ef22e6059f5a0abfc3cc190ab Localizations/xcloc
xcode-15.0-elytra ElytraApp/Localisations b8be7f4a70479c69686c67e82566b8fa8934a95f Localizations
xcode-14.2-pockity Pockity/Localisations 0a96c3d656e689a14d4f3f3aa4babb4d2203655b Localizations
xcode-14.3-pockity Pockity/Localisations 8a11102538f98d76de822bedd513d901e6429613 Localizations
xcode-14.3.1-pockity Pockity/Localisations 10a5f56933566e2589faf6d62fefe961d93fe203 Localizations
xcode-15.0b-pockity Pockity/Localisations feb8f0fc8c2c22faf5ea10c9f47cd85c8ca1ef12 Localizations
EXPORTS
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
e8fe77b31ff7db0aff835eece93dfdcc0ca03a16 75e7d798162cfff73f3ff4f63729d937c2acd62b . 292213c06f749e2811ef400959bb5f2279fc3475
SAMPLES

cat >"$destination/README.txt" <<TEXT
Real Xcode exports for Linza's XcodeExportSampleTests, prepared by Scripts/xcode-exports.sh on $(date -u +%Y-%m-%d).
xcode-12.4/da.xcloc      noah-nuebling/mf-xcloc-editor example-docs/da (original).xcloc
xcode-11.2.1/*.xcloc    noah-nuebling/mf-xcloc-editor example-docs/loca-studio-sample-documents/sample-xcloc
moz-l10n/*.xliff        mozilla/moz-l10n python/tests/formats/data
xcode-26.2/*.xcloc      cleveland-lewis/Itori Localizations at a6385dd99016b2b5440ecc6679a793c67f6fa6bb
xcode-13.1-focusedwork  teeeeeegz/focusedwork-translations at a4c7dd30 (project/: en.xcloc's Source Contents + the root <lang>.lproj tables)
xcode-*-kitsune         JiZPaper/Kitsune-Translations Localizations/xcloc (16.4 1946ec9a, 26.0.1 9901b3d6, 26.2 dc40e150, 26.3 2d5163c1)
xcode-15.0-elytra       ElytraApp/Localisations Localizations at b8be7f4a
xcode-*-pockity         Pockity/Localisations Localizations (14.2 0a96c3d6, 14.3 8a111025, 14.3.1 10a5f569, 15.0b feb8f0fc)
focus-imports/<commit>  mozilla-mobile/focus-ios before and after that string import (Xcode 15.0.1),
                        with mozilla-l10n/focusios-l10n's XLIFF files it imported, as Mozilla's tool changed them
TEXT
echo "prepared $destination; run: LINZA_XCODE_EXPORTS=$destination swift test --filter 'XcodeExportSampleTests|XcodeImportSampleTests'"
