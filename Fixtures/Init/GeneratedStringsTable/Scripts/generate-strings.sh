#!/bin/sh
# Run by the build: writes App/Generated/LocalString.swift (not committed) with one static
# property per key of Strings.strings, the key lower-cased and every other character an
# underscore (common.button.share -> LocalString.common_button_share), and an Objective-C
# visible class with the same members.
set -eu
sed -n 's/^"\([^"]*\)" = .*/\1/p' App/Resources/en.lproj/Strings.strings | while read -r key; do
    name=$(printf '%s' "$key" | tr 'A-Z' 'a-z' | tr -c 'a-z0-9\n' '_')
    printf '    @objc static var %s: String { NSLocalizedString("%s", tableName: "Strings", comment: "") }\n' "$name" "$key"
done
