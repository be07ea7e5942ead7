import LinzaBase

/// A `LoadedTableFile` as bytes and back, for the cache (the development parts of a String
/// Catalog, which every run needs and whose JSON is the costliest table to read). Every
/// field is kept, so a decoded file is equal to the one encoded; every value read back is
/// checked against what a reader can produce, and anything else is a decoding error. A
/// file that could not be read (`failure`) is never encoded.
extension LoadedTableFile {
    package func encoded(to writer: inout BinaryWriter) {
        writer.write(file.path)
        writer.writeOptional(file.language)
        writer.write(file.name)
        writer.write(file.format.rawValue)
        writer.write(file.displayName)
        writer.write(entries.count)
        for entry in entries {
            let fields = entry.fields
            writer.write(fields.key)
            writer.write(fields.location)
            writer.write(fields.texts.count)
            for text in fields.texts {
                writer.write(text.text)
                Self.write(text.role, to: &writer)
                writer.write(text.location)
            }
            writer.write(fields.pluralRules.count)
            for rule in fields.pluralRules {
                writer.writeOptional(rule.name)
                writer.write(rule.location)
                writer.write(rule.categories.count)
                for (category, location) in rule.categories.sorted(by: { $0.key < $1.key }) {
                    writer.write(category)
                    writer.write(location)
                }
            }
            writer.writeOptional(fields.state)
            writer.writeOptional(fields.extractionState)
            writer.write(fields.isUsable)
            writer.write(fields.format.rawValue)
            writer.write(fields.isTranslatable)
        }
        writer.write(problems.count)
        for problem in problems {
            writer.write(problem.message)
            writer.write(problem.location)
            writer.write(Self.effects.firstIndex(of: problem.effect)!)
        }
        writer.write(endLocation)
        writer.write(duplicates.count)
        for duplicate in duplicates {
            writer.write(duplicate.key)
            writer.write(duplicate.location)
            writer.write(duplicate.firstLocation)
        }
    }

    package init(decoding reader: inout BinaryReader) throws(BinaryDecodingError) {
        let path = try reader.readString()
        let language = try reader.readOptionalString()
        let name = try reader.readString()
        let format = try Self.format(&reader)
        let file = TableFile(
            path: path, language: language, name: name, format: format, displayName: try reader.readString())
        var entries: [TableEntry] = []
        for _ in 0..<(try reader.readCount()) {
            var entry = TableEntry(key: try reader.readString(), location: try reader.readLocation())
            var texts: [EntryText] = []
            for _ in 0..<(try reader.readCount()) {
                let text = try reader.readString()
                let role = try Self.role(&reader)
                texts.append(EntryText(text: text, role: role, location: try reader.readLocation()))
            }
            var rules: [PluralRule] = []
            for _ in 0..<(try reader.readCount()) {
                let ruleName = try reader.readOptionalString()
                let location = try reader.readLocation()
                var categories: [String: Location] = [:]
                for _ in 0..<(try reader.readCount()) {
                    let category = try reader.readString()
                    guard categories[category] == nil else { throw BinaryDecodingError(offset: reader.offset) }
                    categories[category] = try reader.readLocation()
                }
                rules.append(PluralRule(name: ruleName, categories: categories, location: location))
            }
            entry.texts = texts
            entry.pluralRules = rules
            entry.state = try reader.readOptionalString()
            entry.extractionState = try reader.readOptionalString()
            entry.isUsable = try reader.readBool()
            entry.format = try Self.format(&reader)
            entry.isTranslatable = try reader.readBool()
            entries.append(entry)
        }
        var problems: [TableProblem] = []
        for _ in 0..<(try reader.readCount()) {
            let message = try reader.readString()
            let location = try reader.readLocation()
            let effect = try reader.readInt()
            guard Self.effects.indices.contains(effect) else { throw BinaryDecodingError(offset: reader.offset) }
            problems.append(TableProblem(message: message, location: location, effect: Self.effects[effect]))
        }
        let end = try reader.readLocation()
        var duplicates: [Duplicate] = []
        for _ in 0..<(try reader.readCount()) {
            duplicates.append(
                Duplicate(
                    key: try reader.readString(), location: try reader.readLocation(),
                    firstLocation: try reader.readLocation()))
        }
        self.init(
            file: file, entries: entries, problems: problems, failure: nil, endLocation: end, duplicates: duplicates)
    }

    private static let effects: [StringsProblem.Effect] = [.rejectsFile, .ignoresRest, .losesEntry]

    private static func write(_ role: EntryText.Role, to writer: inout BinaryWriter) {
        switch role {
        case .value:
            writer.write(0)
        case .plural(let rule, let category):
            writer.write(1)
            writer.writeOptional(rule)
            writer.write(category)
        case .device(let device):
            writer.write(2)
            writer.write(device)
        }
    }

    private static func role(_ reader: inout BinaryReader) throws(BinaryDecodingError) -> EntryText.Role {
        switch try reader.readInt() {
        case 0: return .value
        case 1: return .plural(rule: try reader.readOptionalString(), category: try reader.readString())
        case 2: return .device(try reader.readString())
        default: throw BinaryDecodingError(offset: reader.offset)
        }
    }

    private static func format(_ reader: inout BinaryReader) throws(BinaryDecodingError) -> TableFormat {
        guard let format = TableFormat(rawValue: try reader.readString()) else {
            throw BinaryDecodingError(offset: reader.offset)
        }
        return format
    }

}
