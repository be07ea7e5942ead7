#!/bin/sh
# Prepares the real Xcode "Migrate to String Catalog" commits that XcodeMigrationTests compare
# `linza migrate` against (LINZA_XCODE_MIGRATIONS=<folder> swift test --filter XcodeMigrationTests).
# The files are the projects' own and are not committed here: this script takes them from git
# mirrors (MIRRORS, default /work/.mirror, laid out owner+name/repo) or clones them from GitHub.
#
#   Scripts/prepare-xcode-migrations.sh OUT
#
# For each commit it writes OUT/<case>/before/<folder> (the table folder at the commit's parent),
# OUT/<case>/after.xcstrings (the catalog the commit added) and OUT/<case>/case.txt (the
# project, commit, folder, catalog path and development language). docs/MIGRATION.md says what
# matched and every remaining difference.
set -eu
out=${1:?usage: $0 OUT}
mirrors=${MIRRORS:-/work/.mirror}
mkdir -p "$out"

# case | owner/name | commit | table folder (before) | catalog path (after) | development language
cases='
whisky|Whisky-App/Whisky|5e9e2884|Whisky|Whisky/Localizable.xcstrings|en
xcodes|XcodesOrg/XcodesApp|ad749c1|Xcodes/Resources|Xcodes/Resources/Localizable.xcstrings|en
icecubes|Dimillian/IceCubesApp|aa7c1b87|IceCubesApp/Resources/Localization|IceCubesApp/Resources/Localization/Localizable.xcstrings|en
'

echo "$cases" | while IFS='|' read -r name repo commit folder catalog language; do
    [ -n "$name" ] || continue
    git_dir="$mirrors/$(echo "$repo" | tr / +)/repo"
    if [ ! -d "$git_dir" ]; then
        git_dir="$out/.git-$name"
        [ -d "$git_dir" ] || git clone --bare --filter=blob:none "https://github.com/$repo.git" "$git_dir"
    fi
    rm -rf "${out:?}/$name"
    mkdir -p "$out/$name/before"
    # Only the tables: other files of the folder (binaries) may be absent from a partial mirror.
    git --git-dir="$git_dir" ls-tree -r --name-only "$commit^" -- "$folder" |
        grep -E '\.lproj/[^/]+\.(strings|stringsdict)$' |
        while read -r path; do
            mkdir -p "$out/$name/before/$(dirname "$path")"
            git --git-dir="$git_dir" show "$commit^:$path" >"$out/$name/before/$path"
        done
    git --git-dir="$git_dir" show "$commit:$catalog" >"$out/$name/after.xcstrings"
    printf 'repository=%s\ncommit=%s\nfolder=%s\ncatalog=%s\nlanguage=%s\n' \
        "$repo" "$(git --git-dir="$git_dir" rev-parse "$commit")" "$folder" "$catalog" "$language" >"$out/$name/case.txt"
    echo "$name: $(find "$out/$name/before" -type f | wc -l) tables, $(wc -c <"$out/$name/after.xcstrings") bytes of catalog"
done
