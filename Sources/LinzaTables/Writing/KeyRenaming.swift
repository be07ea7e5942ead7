import LinzaBase

// Renaming keys in place: only the key's own bytes change, so every comment, value, plural
// tree and neighbour keeps its bytes. `WritePlan.verify` re-reads the result.

extension StringsDocument {
    /// The edits that rename the entries whose keys `renames` maps (old → new). A key keeps
    /// its quoting: `"…"` and `'…'` stay quoted with the same mark, an unquoted key stays
    /// unquoted when the new key can be written so. A `"key";` shorthand (whose value is its
    /// key) is written out in full, so that its text does not change with the key.
    package func renamings(_ renames: [String: String]) -> [TextEdit] {
        entries.compactMap { entry -> TextEdit? in
            guard let new = renames[entry.key] else { return nil }
            let end = keyEnd(from: entry.keyOffset)
            var replacement = Self.token(new, like: text[entry.keyOffset])
            if isShorthand(from: end, to: entry.end) {
                replacement += Array(" = ".utf8) + Style.quoted(entry.value ?? entry.key)
            }
            return TextEdit(range: entry.keyOffset..<end, replacement: replacement)
        }
    }

    /// Whether what follows a key (at `start`, up to the entry's end) is its `;` rather than
    /// `=`: white space (line breaks and U+2028/U+2029 too) and comments are skipped.
    func isShorthand(from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = text[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C {
                index += 1
            } else if byte == 0xE2, index + 2 < end, text[index + 1] == 0x80,
                text[index + 2] == 0xA8 || text[index + 2] == 0xA9
            {
                index += 3
            } else if byte == UInt8(ascii: "/"), index + 1 < end, text[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < end, !(text[index] == UInt8(ascii: "*") && text[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index += 2
            } else if byte == UInt8(ascii: "/"), index + 1 < end, text[index + 1] == UInt8(ascii: "/") {
                while index < end, text[index] != 0x0A, text[index] != 0x0D,
                    !(text[index] == 0xE2 && index + 2 < end && text[index + 1] == 0x80
                        && (text[index + 2] == 0xA8 || text[index + 2] == 0xA9))
                {
                    index += 1
                }
            } else {
                return byte == UInt8(ascii: ";")
            }
        }
        return false
    }

    /// Just past the key token starting at `start`.
    func keyEnd(from start: Int) -> Int {
        let first = text[start]
        guard first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") else {
            var index = start
            while index < text.count, isUnquotedPropertyListByte(text[index]) { index += 1 }
            return index
        }
        var index = start + 1
        while index < text.count, text[index] != first { index += text[index] == UInt8(ascii: "\\") ? 2 : 1 }
        return min(index + 1, text.count)
    }

    /// `key` written as a key token in the style of one that starts with `first`.
    static func token(_ key: String, like first: UInt8) -> [UInt8] {
        if first == UInt8(ascii: "'") {
            // Inside single quotes a single quote needs an escape; `\"` still reads as `"`.
            let inner = Style.quoted(key).dropFirst().dropLast()
            return [first] + inner.flatMap { $0 == first ? [UInt8(ascii: "\\"), $0] : [$0] } + [first]
        }
        if first != UInt8(ascii: "\""), !key.isEmpty, key.utf8.allSatisfy(isUnquotedPropertyListByte) {
            return Array(key.utf8)
        }
        return Style.quoted(key)
    }
}

extension StringsdictDocument {
    /// Whether `key` can be written in XML 1.0, which has no way to hold most control
    /// characters (not even as a character reference).
    package static func canHold(_ key: String) -> Bool {
        key.unicodeScalars.allSatisfy { scalar in
            scalar == "\t" || scalar == "\n" || scalar == "\r"
                || (scalar.value >= 0x20 && !(0xFFFE...0xFFFF).contains(scalar.value))
        }
    }

    /// The edits that rename the top-level entries whose keys `renames` maps: the
    /// `<key>…</key>` element is rewritten, the plural tree (its variable names too) is kept.
    /// A new key must be one the file can hold (`canHold`).
    package func renamings(_ renames: [String: String]) -> [TextEdit] {
        entries.compactMap { entry -> TextEdit? in
            guard let new = renames[entry.key], let end = keyElementEnd(from: entry.keyOffset) else { return nil }
            return TextEdit(
                range: entry.keyOffset..<end, replacement: Array("<key>\(XMLEscaping.escape(new))</key>".utf8))
        }
    }

    /// Just past the `</key>` (or `/>`) that ends the key element starting at `start`;
    /// nil when it cannot be found (the file is then not edited there, and verifying the
    /// plan refuses it).
    private func keyElementEnd(from start: Int) -> Int? {
        func starts(with literal: String, at index: Int) -> Bool {
            let bytes = Array(literal.utf8)
            return index + bytes.count <= text.count && text[index..<index + bytes.count].elementsEqual(bytes)
        }
        func past(_ literal: String, from index: Int) -> Int? {
            var index = index
            while index < text.count {
                if starts(with: literal, at: index) { return index + literal.utf8.count }
                index += 1
            }
            return nil
        }
        // The start tag ends at its first `>` outside quotes, as the reader reads it (its
        // attributes are read past, so a quoted `>` in one does not end it).
        var index = start + 1
        var quote: UInt8?
        while true {
            guard index < text.count else { return nil }
            let byte = text[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            } else if byte == UInt8(ascii: "<") {
                return nil
            }
        }
        if text[index - 2] == UInt8(ascii: "/") { return index }
        while index < text.count {
            if starts(with: "<![CDATA[", at: index) {
                guard let end = past("]]>", from: index) else { return nil }
                index = end
            } else if starts(with: "<!--", at: index) {
                guard let end = past("-->", from: index) else { return nil }
                index = end
            } else if starts(with: "</", at: index) {
                return past(">", from: index)
            } else {
                index += 1
            }
        }
        return nil
    }
}

extension CatalogDocument {
    /// What renaming an entry did to its source-language text, besides moving the entry.
    package enum SourceText: Equatable, Sendable {
        /// The old key was the entry's text in the source language (it had no localization
        /// there): that text became its source-language string unit, so that no text changes.
        case kept(String)
        /// The new key is the entry's source-language text, which its source-language
        /// localization only repeated, exactly as `kept` writes it: that localization was
        /// dropped and the entry is its own text again, as it was before a rename kept it.
        case dropped(String)
    }

    /// Renames entry `old` to `new`, moved to its place in Xcode's order with every
    /// localization, variation, substitution, comment and state it has. An entry with no
    /// localization in the source language shows its key as that language's text; it gets
    /// the old key as a string unit, so that the rename changes no text (`kept`). Renamed
    /// back, that string unit is dropped again (`dropped`), so that renaming there and back
    /// gives the catalog's bytes again. Returns what was kept or dropped, if anything.
    @discardableResult
    package mutating func rename(_ old: String, to new: String) -> SourceText? {
        guard var entry = entry(old) else { return nil }
        // An entry not to translate shows its key in every language: nothing to keep or drop.
        let translatable = entry["shouldTranslate"] != .literal("false")
        var change: SourceText?
        if translatable, !hasLocalization(sourceLanguage, key: old) {
            entry.update("localizations") { $0.set(sourceLanguage, Self.keptText(old)) }
            change = .kept(old)
        } else if translatable, entry["localizations"]?[sourceLanguage] == Self.keptText(new) {
            // Only that exact unit: another state (a reviewer's `needs_review`, extraction's
            // `new`), a variation or a substitution says more than the key does, and stays.
            entry.update("localizations") { $0.remove(sourceLanguage) }
            if entry["localizations"]?.members?.isEmpty == true { entry.remove("localizations") }
            change = .dropped(new)
        }
        remove([old])
        restore(new, entry)
        return change
    }

    /// The source-language localization a rename writes to keep `text`: a `translated`
    /// string unit, since the text is the one the app has shipped.
    static func keptText(_ text: String) -> CatalogValue {
        unit(text, state: "translated")
    }
}

/// `values` (`EditableTable.values`) as they read after `renames` (old → new): each old
/// key's value under its new key, and in a String Catalog (`catalog`, whose values hold
/// `key` NUL `language` entries) each of its localizations too.
package func renamingValues(_ values: [String: String?], _ renames: [String: String], catalog: Bool = false) -> [String:
    String?]
{
    guard !renames.isEmpty else { return values }
    var result: [String: String?] = [:]
    var moved: [String: String?] = [:]
    for (key, value) in values {
        if let new = renames[key] {
            moved[new] = value
            continue
        }
        // Only in a catalog does a NUL separate a key from a language: a `.strings` key may hold one.
        let base = key.prefix { $0 != "\u{0}" }
        if catalog, base.endIndex != key.endIndex, let new = renames[String(base)] {
            moved[new + key[base.endIndex...]] = value
        } else {
            result[key] = value
        }
    }
    result.merge(moved) { _, renamed in renamed }
    return result
}
