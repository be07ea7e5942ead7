import LinzaBase

/// One translated text to set in a table (`EditableTable.translate`, what `import` asks):
/// which entry, which language, where in the entry, the text and its review state.
package struct TextTranslation: Sendable, Hashable {
    package var key: String
    /// The language whose text this is (a String Catalog holds every language; a file of
    /// one language ignores it).
    package var language: String
    /// Where in the entry the text lies, empty for the entry's own text (a `.strings`
    /// value, a catalog's `stringUnit`). In a String Catalog, pairs of a variation kind and
    /// its case (`plural`, `one`; `device`, `ipad`; `substitutions`, a name, then that
    /// substitution's `plural`, `few`), as Xcode's unit ids write them after `|==|`. In a
    /// `.stringsdict`, `NSStringLocalizedFormatKey` for the format, or a variable and a
    /// plural category (`count`, `one`).
    package var path: [String]
    package var value: String
    /// A String Catalog `stringSet`'s values (an App Shortcut's phrases), set instead of a
    /// string unit; nil for a text (`value`).
    package var values: [String]?
    /// A String Catalog unit's state (`translated`, `needs_review`, `new`); nil is
    /// `translated`. Other formats have no states.
    package var state: String?
    /// The note for translators a new `.strings` entry is written with, where the file
    /// writes notes.
    package var comment: String?
    /// For a key only code has (`import --include-missing`), the entry a String Catalog
    /// that lacks the key gains first, as Xcode's extraction adds it from the call; nil
    /// refuses a key the catalog lacks.
    package var extracted: NewStringsEntry?

    package init(
        key: String, language: String, path: [String] = [], value: String, state: String? = nil,
        comment: String? = nil, extracted: NewStringsEntry? = nil, values: [String]? = nil
    ) {
        self.values = values
        self.key = key
        self.language = language
        self.path = path
        self.value = value
        self.state = state
        self.comment = comment
        self.extracted = extracted
    }
}

/// What a table did with one `TextTranslation`.
package enum TranslationResult: Sendable, Equatable {
    /// The text is set (changed, or added with its entry or its plural form).
    case changed
    /// The file has this text already: nothing changes.
    case unchanged
    /// The file cannot take it, in a sentence (an entry without that variation, a new
    /// `.stringsdict` entry with no development entry to take its shape from).
    case refused(String)
}

/// What `EditableTable.translate` did: a result per translation, in the order given, and
/// what the file's touched entries read as afterwards (`EditableTable.values`' terms), for
/// verifying the written file.
package struct TranslationOutcome: Sendable {
    package var results: [TranslationResult] = []
    package var expected: [String: String?] = [:]
    /// The keys whose entries changed or were added.
    package var touched: Set<String> = []

    package init() {}
}

/// The path element of a `.stringsdict` entry's format, as Xcode's unit ids name it.
package let stringsdictFormatPath = "NSStringLocalizedFormatKey"

extension StringsDocument {
    /// Sets each key's value where the file has it (its last entry, the one the run time
    /// reads), in the quoting the value had; adds the keys it lacks where the file's order
    /// says, styled like the file. A `.strings` value has no variations: a path is refused.
    package mutating func translate(
        _ translations: [TextTranslation], like: (String) -> TableEntryPayload?,
        placing: (String) -> String?, edits: inout [TextEdit]
    ) -> TranslationOutcome {
        var outcome = TranslationOutcome()
        var lastIndex: [String: Int] = [:]
        for (index, entry) in entries.enumerated() { lastIndex[entry.key] = index }
        var adding: [NewStringsEntry] = []
        var seen: [String: String] = [:]
        for translation in translations {
            guard translation.path.isEmpty else {
                outcome.results.append(
                    .refused("a .strings entry has no variation \(translation.path.joined(separator: "."))"))
                continue
            }
            if let earlier = seen[translation.key] {
                outcome.results.append(
                    earlier == translation.value ? .unchanged : .refused("given twice with different texts"))
                continue
            }
            seen[translation.key] = translation.value
            guard let index = lastIndex[translation.key] else {
                adding.append(
                    NewStringsEntry(key: translation.key, value: translation.value, comment: translation.comment))
                outcome.results.append(.changed)
                outcome.touched.insert(translation.key)
                outcome.expected[translation.key] = .some(translation.value)
                continue
            }
            guard entries[index].value != translation.value else {
                outcome.results.append(.unchanged)
                continue
            }
            guard entries[index].value != nil else {
                outcome.results.append(.refused("the value is not a string (a property-list dictionary or array)"))
                continue
            }
            edits.append(valueReplacement(index, translation.value))
            outcome.results.append(.changed)
            outcome.touched.insert(translation.key)
            outcome.expected[translation.key] = .some(translation.value)
        }
        edits += insertions(adding, after: placing)
        return outcome
    }

    /// The edit that writes `value` as entry `index`'s value token: quoted as the old
    /// token was (`"…"` or `'…'`; an unquoted token becomes `"…"`), a `"key";` shorthand
    /// written out in full. Line breaks stay raw when the old value held one raw.
    private func valueReplacement(_ index: Int, _ value: String) -> TextEdit {
        let entry = entries[index]
        let keyEnd = keyEnd(from: entry.keyOffset)
        if isShorthand(from: keyEnd, to: entry.end) {
            return .insert(Array(" = ".utf8) + Style.quoted(value), at: keyEnd)
        }
        let start = entry.valueOffset
        let end = self.keyEnd(from: start)
        let first = text[start]
        var token = Self.token(value, like: first)
        if text[start..<end].contains(0x0A) {
            token = Self.rawLineBreaks(token)
        }
        return TextEdit(range: start..<end, replacement: token)
    }

    /// `token` with its `\n` escapes written as line breaks (a file whose values hold
    /// raw line breaks keeps doing so).
    private static func rawLineBreaks(_ token: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < token.count {
            if token[index] == UInt8(ascii: "\\"), index + 1 < token.count {
                if token[index + 1] == UInt8(ascii: "n") {
                    result.append(0x0A)
                } else {
                    result += [token[index], token[index + 1]]
                }
                index += 2
            } else {
                result.append(token[index])
                index += 1
            }
        }
        return result
    }
}
