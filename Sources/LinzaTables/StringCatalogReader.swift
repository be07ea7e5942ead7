import LinzaBase

/// Reads `.xcstrings` String Catalogs: one `LoadedTableFile` per language the catalog
/// holds, each entry with its string unit, plural and device variations, substitutions,
/// state, and the line of its key.
enum StringCatalogReader {
    /// `whenAsked`: the catalog's text (as `TableText`) when its entries are to be parsed
    /// only when a field is asked for (`CatalogKeyRecord`): the catalog is checked whole as
    /// always, problems and all, but each entry keeps only where its localization lies.
    static func read(
        _ file: TableFile, text: UnsafeBufferPointer<UInt8>, locate: (Int) -> Location, whenAsked: TableText? = nil
    ) -> [LoadedTableFile] {
        // The catalog is checked whole but built one entry at a time: a tree of all of it
        // takes several times its size, and catalogs of tens of megabytes exist.
        let skimmed: JSONParser.Skimmed
        do {
            skimmed = try JSONParser.skim(text)
        } catch let error as JSONSyntaxError {
            return [
                TableLoader.broken(
                    file,
                    TableProblem(
                        message: "invalid JSON: \(error.message)",
                        location: locate(error.offset), effect: .rejectsFile))
            ]
        } catch {
            return [
                TableLoader.broken(file, TableProblem(message: "\(error)", location: locate(0), effect: .rejectsFile))
            ]
        }
        // The last member of a name counts, as `JSONNode`'s subscript reads it.
        let top: [JSONParser.Member]
        if case .object(let members) = skimmed { top = members } else { top = [] }
        let sourceNode = top.last { $0.key == "sourceLanguage" }.flatMap {
            try? JSONParser.parseValue(text, at: $0.value, depth: 1)
        }
        let stringsObject = top.last { $0.key == "strings" }.flatMap { member in
            text[member.value.lowerBound] == ascii("{") ? member.value : nil
        }
        guard let sourceCode = sourceNode?.string, let sourceLanguage = LanguageCode.normalize(sourceCode),
            let stringsObject,
            let strings = try? JSONParser.members(of: text, objectAt: stringsObject.lowerBound, depth: 1)
        else {
            var start = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            while start < text.count,
                text[start] == 0x20 || text[start] == 0x09 || text[start] == 0x0A || text[start] == 0x0D
            {
                start += 1
            }
            return [
                TableLoader.broken(
                    file,
                    TableProblem(
                        message: "a String Catalog needs \"sourceLanguage\" and a \"strings\" object",
                        location: locate(start), effect: .rejectsFile))
            ]
        }

        // Each entry names its languages again: normalise each code once.
        var normalized: [String: String?] = [:]
        func normalize(_ code: String) -> String? {
            if let known = normalized[code] { return known }
            let result = LanguageCode.normalize(code)
            normalized[code] = result
            return result
        }
        var entries: [String: [TableEntry]] = [sourceLanguage: []]
        var duplicates = TableLoader.duplicates(strings.map { ($0.key, locate($0.keyOffset)) })
        var problems = TypeProblems()
        // Entries marked `shouldTranslate: false`, handled once every language is read.
        var untranslatable: [(key: String, keyOffset: Int)] = []
        for member in strings {
            let (key, keyOffset) = (member.key, member.keyOffset)
            // Checked when the file was skimmed: it builds.
            guard let value = try? JSONParser.parseValue(text, at: member.value, depth: 2) else { continue }
            if value["shouldTranslate"]?.bool == false { untranslatable.append((key, keyOffset)) }
            let keyLocation = locate(keyOffset)
            guard problems.expect(value, is: .object, "the entry", of: key) else { continue }
            if let node = value["localizations"] { problems.expect(node, is: .object, "\"localizations\"", of: key) }
            for field in ["extractionState", "comment"] {
                if let node = value[field] { problems.expect(node, is: .string, "\"\(field)\"", of: key) }
            }
            if let node = value["shouldTranslate"] { problems.expect(node, is: .bool, "\"shouldTranslate\"", of: key) }
            let localizations = value["localizations"]?.members ?? []
            duplicates += TableLoader.duplicates(
                localizations.map { (key + " (" + $0.key + ")", locate($0.keyOffset)) })
            let extractionState = value["extractionState"]?.string
            let record = whenAsked.map { CatalogKeyRecord(text: $0, key: key, extractionState: extractionState) }
            let ranges = record == nil ? [] : localizationRanges(text, entry: member.value)
            for (index, (code, codeOffset, localization)) in localizations.enumerated() {
                guard let language = normalize(code),
                    problems.expect(localization, is: .object, "the \(code) localization", of: key)
                else { continue }
                var entry = TableEntry(key: key, location: locate(codeOffset), format: .xcstrings)
                entry.extractionState = extractionState
                collect(localization, rule: nil, into: &entry, locate: locate, problems: &problems)
                if let record, index < ranges.count {
                    entry = TableEntry(
                        record, CatalogEntrySpan(localization: ranges[index], locationOffset: codeOffset))
                }
                entries[language, default: []].append(entry)
            }
            // The source language needs no explicit text: the key is its value.
            if !localizations.contains(where: { normalize($0.key) == sourceLanguage }) {
                var entry = TableEntry(
                    key: key, location: keyLocation,
                    texts: [EntryText(text: key, role: .value, location: keyLocation)], format: .xcstrings)
                entry.extractionState = extractionState
                if let record {
                    entry = TableEntry(record, CatalogEntrySpan(localization: nil, locationOffset: keyOffset))
                }
                entries[sourceLanguage]?.append(entry)
            }
        }
        // `shouldTranslate: false`: every language shows the source text. Which of those keys
        // each language has is found in one pass over its entries: a search of every language
        // per such key made a catalog of thousands of them take time that grows with their square.
        if !untranslatable.isEmpty {
            let marked = Set(untranslatable.map(\.key))
            var has: [String: Set<String>] = [:]
            var lastSource: [String: Int] = [:]
            for (language, list) in entries {
                var found = Set<String>()
                for (index, entry) in list.enumerated() {
                    let key = entry.key
                    guard marked.contains(key) else { continue }
                    found.insert(key)
                    if language == sourceLanguage { lastSource[key] = index }
                }
                has[language] = found
            }
            for (key, keyOffset) in untranslatable {
                if let index = lastSource[key] { entries[sourceLanguage]?[index].isTranslatable = false }
                let source = lastSource[key].flatMap { entries[sourceLanguage]?[$0] }
                for language in entries.keys where has[language]?.contains(key) != true {
                    entries[language]?.append(
                        source ?? TableEntry(key: key, location: locate(keyOffset), format: .xcstrings))
                    has[language, default: []].insert(key)
                    if language == sourceLanguage { lastSource[key] = (entries[language]?.count ?? 1) - 1 }
                }
            }
        }
        let end = locate(text.count)
        return entries.keys.sorted().map { language in
            var part = file
            part.language = language
            return LoadedTableFile(
                file: part, entries: entries[language] ?? [],
                problems: language == sourceLanguage
                    ? problems.found.map {
                        TableProblem(message: $0.message, location: locate($0.offset), effect: .losesEntry)
                    } : [], failure: nil,
                endLocation: end, duplicates: language == sourceLanguage ? duplicates : [])
        }
    }

    /// Where each member of the entry's `localizations` (the last member of that name, as
    /// the parsed entry reads it) has its value, in the order the parsed entry lists them.
    private static func localizationRanges(_ text: UnsafeBufferPointer<UInt8>, entry: Range<Int>) -> [Range<Int>] {
        // The entry was parsed from these bytes: skimming them again succeeds.
        guard text[entry.lowerBound] == ascii("{"),
            let members = try? JSONParser.members(of: text, objectAt: entry.lowerBound, depth: 2),
            let localizations = members.last(where: { $0.key == "localizations" }),
            text[localizations.value.lowerBound] == ascii("{"),
            let each = try? JSONParser.members(of: text, objectAt: localizations.value.lowerBound, depth: 3)
        else { return [] }
        return each.map(\.value)
    }

    /// Adds a localization's string unit (or string set), variations and substitutions to `entry`.
    static func collect(
        _ node: JSONNode, rule: String?, into entry: inout TableEntry,
        locate: (Int) -> Location, problems: inout TypeProblems, role: EntryText.Role = .value
    ) {
        let key = entry.key
        guard problems.expect(node, is: .object, "a localization", of: key) else { return }
        if let unit = node["stringUnit"], problems.expect(unit, is: .object, "\"stringUnit\"", of: key) {
            if let value = unit.members?.last(where: { $0.key == "value" }),
                problems.expect(value.value, is: .string, "\"value\"", of: key), let text = value.value.string
            {
                entry.texts.append(EntryText(text: text, role: role, location: locate(value.keyOffset)))
            }
            if let state = unit["state"], problems.expect(state, is: .string, "\"state\"", of: key) {
                entry.state = worse(entry.state, state.string)
            }
        }
        if let set = node["stringSet"], problems.expect(set, is: .object, "\"stringSet\"", of: key) {
            // An App Shortcut's phrases: the first is the text status counts and the rules
            // compare, as a string unit's value would be; the others are other ways to say it.
            if let values = set.members?.last(where: { $0.key == "values" }),
                problems.expect(values.value, is: .array, "\"values\"", of: key),
                let first = values.value.items?.first,
                problems.expect(first, is: .string, "a value of \"stringSet\"", of: key), let text = first.string
            {
                entry.texts.append(EntryText(text: text, role: role, location: locate(values.keyOffset)))
            }
            if let state = set["state"], problems.expect(state, is: .string, "\"state\"", of: key) {
                entry.state = worse(entry.state, state.string)
            }
        }
        if let variations = node["variations"], problems.expect(variations, is: .object, "\"variations\"", of: key) {
            if let plural = variations.members?.last(where: { $0.key == "plural" }),
                problems.expect(plural.value, is: .object, "\"plural\"", of: key), let forms = plural.value.members
            {
                var pluralRule = PluralRule(name: rule, categories: [:], location: locate(plural.keyOffset))
                for (category, categoryOffset, form) in forms {
                    pluralRule.categories[category] = locate(categoryOffset)
                    collect(
                        form, rule: rule, into: &entry, locate: locate, problems: &problems,
                        role: .plural(rule: rule, category: category))
                }
                entry.pluralRules.append(pluralRule)
            }
            if let devices = variations["device"], problems.expect(devices, is: .object, "\"device\"", of: key) {
                for (device, _, form) in devices.members ?? [] {
                    collect(form, rule: rule, into: &entry, locate: locate, problems: &problems, role: .device(device))
                }
            }
        }
        if let substitutions = node["substitutions"],
            problems.expect(substitutions, is: .object, "\"substitutions\"", of: key)
        {
            for (name, _, substitution) in substitutions.members ?? [] {
                collect(
                    substitution, rule: name, into: &entry, locate: locate, problems: &problems,
                    role: .plural(rule: name, category: "other"))
            }
        }
    }

    /// The state that needs attention more: anything not `translated` wins.
    private static func worse(_ current: String?, _ new: String?) -> String? {
        guard let new else { return current }
        guard let current, current != "translated" else { return new }
        return current
    }
}

/// Members of a String Catalog that have the wrong JSON type (`"value": ["x"]`, `"state": 7`,
/// `"de": null`): Xcode cannot read them, and Linza says so instead of passing them over.
struct TypeProblems {
    enum Kind: String {
        case object = "an object", string = "a string", bool = "true or false", array = "an array"
    }

    /// Each problem's message and the byte offset of the member.
    private(set) var found: [(message: String, offset: Int)] = []

    /// Whether `node` is of `kind`; records a problem when it is not.
    @discardableResult
    mutating func expect(_ node: JSONNode, is kind: Kind, _ what: String, of key: String) -> Bool {
        let matches: Bool
        switch (kind, node.content) {
        case (.object, .object), (.string, .string), (.bool, .bool), (.array, .array): matches = true
        default: matches = false
        }
        if !matches {
            found.append(
                ("\(what) of \(Messages.quoted(key)) is \(Self.describe(node)), not \(kind.rawValue)", node.offset))
        }
        return matches
    }

    private static func describe(_ node: JSONNode) -> String {
        switch node.content {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "true or false"
        case .null: "null"
        }
    }
}
