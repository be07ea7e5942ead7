import LinzaBase

/// `import`'s edits of a `.stringsdict` file: a form's `<string>` element rewritten in
/// place, a plural category the entry lacks added among its variable's forms, an entry the
/// file lacks added whole before the root's end, shaped like the development language's
/// entry. `NSStringFormatSpecTypeKey` and `NSStringFormatValueTypeKey` are not in XLIFF:
/// existing ones are kept, a new entry takes them from the development entry.
extension StringsdictDocument {
    package mutating func translate(
        _ translations: [TextTranslation], like: (String) -> TableEntryPayload?,
        placing: (String) -> String?, edits: inout [TextEdit]
    ) -> TranslationOutcome {
        var outcome = TranslationOutcome()
        guard let root = try? text.withUnsafeBufferPointer({ try PropertyListXMLParser.parse($0) }) else {
            outcome.results = translations.map { _ in .refused("the file cannot be read as a property list") }
            return outcome
        }
        var formats: [String: String?] = [:]
        for entry in entries { formats[entry.key] = .some(entry.format) }
        // New forms of one variable, by the offset they go in at, so that two added at one
        // place become one edit in CLDR order.
        var insertions: [Int: [(rank: Int, bytes: [UInt8])]] = [:]
        var newEntries: [String: [TextTranslation]] = [:]
        var newOrder: [String] = []
        var results: [Int: TranslationResult] = [:]
        var newIndices: [String: [Int]] = [:]
        for (index, translation) in translations.enumerated() {
            guard StringsdictDocument.canHold(translation.value) else {
                results[index] = .refused("the text holds a control character XML cannot hold")
                continue
            }
            guard let entry = root[translation.key], entry.pairs != nil else {
                if newEntries[translation.key] == nil { newOrder.append(translation.key) }
                newEntries[translation.key, default: []].append(translation)
                newIndices[translation.key, default: []].append(index)
                continue
            }
            results[index] = set(translation, in: entry, insertions: &insertions, edits: &edits)
            if results[index] == .changed {
                outcome.touched.insert(translation.key)
                if translation.path == [stringsdictFormatPath] {
                    formats[translation.key] = .some(translation.value)
                }
            }
        }
        for (offset, forms) in insertions {
            edits.append(.insert(forms.sorted { $0.rank < $1.rank }.flatMap(\.bytes), at: offset))
        }
        var blocks: [[UInt8]] = []
        for key in newOrder {
            let wanted = newEntries[key] ?? []
            switch newEntry(key, wanted, like: like(key)) {
            case .success(let made):
                blocks.append(made.block)
                formats[key] = .some(made.format)
                outcome.touched.insert(key)
                for index in newIndices[key] ?? [] { results[index] = .changed }
            case .failure(let refusal):
                for index in newIndices[key] ?? [] { results[index] = .refused(refusal.reason) }
            }
        }
        if !blocks.isEmpty {
            if let edit = insertion(of: blocks, indentation: indentation) {
                edits.append(edit)
            } else {
                for key in newOrder { outcome.touched.remove(key) }
                for index in newIndices.values.joined() {
                    results[index] = .refused("the root dictionary has no end tag to add entries before")
                }
            }
        }
        outcome.results = translations.indices.map { results[$0] ?? .unchanged }
        for key in outcome.touched { outcome.expected[key] = formats[key] ?? nil }
        return outcome
    }

    /// Sets one text of an existing entry: rewrites its `<string>` element, or adds a
    /// plural form the variable lacks (into `insertions`).
    private func set(
        _ translation: TextTranslation, in entry: PlistNode, insertions: inout [Int: [(rank: Int, bytes: [UInt8])]],
        edits: inout [TextEdit]
    ) -> TranslationResult {
        let path = translation.path
        if path == [stringsdictFormatPath] {
            guard let node = entry[stringsdictFormatPath], let old = node.string else {
                return .refused("the entry has no NSStringLocalizedFormatKey string")
            }
            if old == translation.value { return .unchanged }
            edits.append(TextEdit(range: node.offset..<node.end, replacement: Self.stringElement(translation.value)))
            return .changed
        }
        guard path.count == 2 else {
            return .refused("a .stringsdict entry has no text at \(path.joined(separator: "/"))")
        }
        guard let variable = entry[path[0]], let pairs = variable.pairs else {
            return .refused("the entry has no plural variable \(path[0])")
        }
        if let node = variable[path[1]] {
            guard let old = node.string else { return .refused("\(path[0])/\(path[1]) is not a string") }
            if old == translation.value { return .unchanged }
            edits.append(TextEdit(range: node.offset..<node.end, replacement: Self.stringElement(translation.value)))
            return .changed
        }
        guard let rank = PluralCategories.all.firstIndex(of: path[1]) else {
            return .refused("\(path[1]) is not a plural category")
        }
        // Before the first form that follows it in CLDR order, else after the last pair.
        let lineBreak = lineEnding
        if let next = pairs.first(where: { (PluralCategories.all.firstIndex(of: $0.key) ?? -1) > rank }) {
            let at = Self.ownLineStart(text, of: next.keyOffset) ?? next.keyOffset
            let indent = Array(text[at..<next.keyOffset])
            let form = indent + Self.keyElement(path[1]) + lineBreak + indent + Self.stringElement(translation.value)
            insertions[at, default: []].append((rank, at == next.keyOffset ? form : form + lineBreak))
        } else if let last = pairs.last {
            let start = Self.ownLineStart(text, of: last.keyOffset) ?? last.keyOffset
            let indent = Array(text[start..<last.keyOffset])
            let form =
                lineBreak + indent + Self.keyElement(path[1]) + lineBreak + indent
                + Self.stringElement(translation.value)
            insertions[last.value.end, default: []].append((rank, form))
        } else {
            return .refused("the plural variable \(path[0]) has no forms to place \(path[1]) among")
        }
        return .changed
    }

    /// A new entry for `key` holding `translations`, shaped like `development` (the
    /// development language's entry): its variables with their spec and value types, the
    /// forms given, and the development format unless one is given. Refused without a
    /// development entry to follow or without an `other` form for each variable.
    private func newEntry(_ key: String, _ translations: [TextTranslation], like development: TableEntryPayload?)
        -> Result<(block: [UInt8], format: String), TableRefusal>
    {
        func refusal(_ reason: String) -> Result<(block: [UInt8], format: String), TableRefusal> {
            .failure(TableRefusal(path: path, reason: reason))
        }
        guard case .plural(_, let lines, _) = development else {
            return refusal("the development language has no .stringsdict entry \(key) to take its shape from")
        }
        let wrapped = Array("<plist><dict>\n".utf8) + lines + Array("\n</dict></plist>".utf8)
        guard let parsed = try? wrapped.withUnsafeBufferPointer({ try PropertyListXMLParser.parse($0) }),
            let template = parsed[key], let templatePairs = template.pairs
        else { return refusal("the development entry \(key) cannot be read") }
        let given = Dictionary(translations.map { ($0.path, $0.value) }) { first, _ in first }
        guard let format = given[[stringsdictFormatPath]] ?? template[stringsdictFormatPath]?.string else {
            return refusal("the development entry \(key) has no NSStringLocalizedFormatKey")
        }
        // Each line indented as it stands in the file (a text over lines keeps its bytes):
        // `insertion(of:indentation:)` finds the file's own indentation at their start.
        let unit = indentation
        let lineBreak = lineEnding
        let (one, two, three) = (unit, unit + unit, unit + unit + unit)
        var block = one + Self.keyElement(key) + lineBreak + one + Array("<dict>".utf8) + lineBreak
        block += two + Self.keyElement(stringsdictFormatPath) + lineBreak + two + Self.stringElement(format) + lineBreak
        for pair in templatePairs where pair.value.pairs != nil {
            let forms = PluralCategories.all.compactMap { category in
                given[[pair.key, category]].map { (category, $0) }
            }
            guard forms.contains(where: { $0.0 == "other" }) else {
                return refusal("the new entry's variable \(pair.key) would have no \"other\" form")
            }
            block += two + Self.keyElement(pair.key) + lineBreak + two + Array("<dict>".utf8) + lineBreak
            for name in ["NSStringFormatSpecTypeKey", "NSStringFormatValueTypeKey"] {
                if let value = pair.value[name]?.string {
                    block += three + Self.keyElement(name) + lineBreak + three + Self.stringElement(value) + lineBreak
                }
            }
            for (category, value) in forms {
                block += three + Self.keyElement(category) + lineBreak + three + Self.stringElement(value) + lineBreak
            }
            block += two + Array("</dict>".utf8) + lineBreak
        }
        block += one + Array("</dict>".utf8) + lineBreak
        return .success((block, format))
    }

    /// `<key>name</key>` with the name escaped as XML text.
    static func keyElement(_ name: String) -> [UInt8] {
        Array("<key>\(plistEscaped(name))</key>".utf8)
    }

    /// `<string>text</string>`, escaped as Xcode escapes plist text (`&amp; &lt; &gt;`;
    /// line breaks and quotes raw).
    static func stringElement(_ text: String) -> [UInt8] {
        Array("<string>\(plistEscaped(text))</string>".utf8)
    }

    /// `text` as a property list's `<key>` or `<string>` holds it: only `&`, `<` and `>`
    /// escaped, as Xcode writes them.
    package static func plistEscaped(_ text: String) -> String {
        var result = ""
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
