#!/bin/sh
# Build phase: turns every key of en.lproj/Localizable.strings into a static property of
# LocalString (common.button.share -> LocalString.common_button_share). The generated file
# goes to DERIVED_FILE_DIR and is not committed.
set -eu
out="${DERIVED_FILE_DIR:-.}/LocalString.swift"
{
  echo 'import Foundation'
  echo 'enum LocalString {'
  sed -n 's/^"\([^"]*\)" = .*/\1/p' Resources/en.lproj/Localizable.strings | while read -r key; do
    name=$(printf '%s' "$key" | tr 'A-Z' 'a-z' | tr -c 'a-z0-9\n' '_')
    echo "    static var $name: String { NSLocalizedString(\"$key\", comment: \"\") }"
  done
  echo '}'
} > "$out"
