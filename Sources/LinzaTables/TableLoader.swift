import LinzaBase

/// Reads, decodes and parses table files of every format into `LoadedTableFile`s: one per
/// file, or one per language for a String Catalog.
package enum TableLoader {
    /// Loads a table file from disk. An unreadable file comes back with a `failure`.
    package static func load(_ file: TableFile) -> [LoadedTableFile] {
        load(file, catalogEntriesWhenAsked: false)
    }

    /// `load(_:)`; with `catalogEntriesWhenAsked`, a String Catalog's entries are parsed only
    /// when a field is asked for (`CatalogKeyRecord`): for writers, which read few of them.
    package static func load(_ file: TableFile, catalogEntriesWhenAsked: Bool) -> [LoadedTableFile] {
        do {
            return load(
                file, bytes: try FileReader.read(file.path), catalogEntriesWhenAsked: catalogEntriesWhenAsked)
        } catch {
            let reason = (error as? FileReadError)?.reason ?? "\(error)"
            let start = Location(file: file.path, line: 1, column: 1)
            return [
                LoadedTableFile(
                    file: file, entries: [], problems: [],
                    failure: InputFailure(location: start, message: Messages.unreadable(reason)),
                    endLocation: start)
            ]
        }
    }

    /// A String Catalog read but not parsed: one file standing for every language (its
    /// `language` nil), without entries, for what only needs to know the catalog is there
    /// and readable (`import`, which parses the catalog itself to edit it). An unreadable
    /// file comes back with a `failure`, as from `load`.
    package static func unparsedCatalog(_ file: TableFile) -> LoadedTableFile {
        var file = file
        file.language = nil
        let start = Location(file: file.path, line: 1, column: 1)
        do {
            _ = try FileReader.read(file.path)
            return LoadedTableFile(file: file, entries: [], endLocation: start)
        } catch {
            let reason = (error as? FileReadError)?.reason ?? "\(error)"
            return LoadedTableFile(
                file: file, entries: [], problems: [],
                failure: InputFailure(location: start, message: Messages.unreadable(reason)), endLocation: start)
        }
    }

    /// Whether `file` is a catalog `unparsedCatalog` made.
    package static func isUnparsedCatalog(_ file: LoadedTableFile) -> Bool {
        file.file.format == .xcstrings && file.file.language == nil
    }

    /// Loads a table file from bytes already in memory.
    package static func load(_ file: TableFile, bytes: [UInt8], catalogEntriesWhenAsked: Bool = false)
        -> [LoadedTableFile]
    {
        if file.format != .xcstrings, bytes.starts(with: Array("bplist".utf8)) {
            return [binary(file, bytes: bytes)]
        }
        switch TextDecoding.utf8(from: bytes) {
        case .failure(let failure):
            let location = Location(file: file.path, line: failure.line, column: failure.column)
            if failure.isUnsupportedEncoding {
                // Not a broken table: one Linza cannot check.
                return [
                    LoadedTableFile(
                        file: file, entries: [], problems: [],
                        failure: InputFailure(location: location, message: Messages.unreadable(failure.reason)),
                        endLocation: location)
                ]
            }
            return [broken(file, TableProblem(message: failure.reason, location: location, effect: .rejectsFile))]
        case .success(let decoded):
            return decoded.text.withUnsafeBufferPointer { text in
                let lines = LineIndex(text)
                let locate = { (offset: Int) -> Location in
                    let (line, column) = lines.position(of: offset)
                    return Location(file: file.path, line: line, column: column)
                }
                switch file.format {
                case .strings where isXMLPropertyList(text):
                    // A .strings file may be an XML property list, which the run time reads
                    // like a .stringsdict's top-level dictionary of strings.
                    return [xmlStrings(file, text: text, locate: locate)]
                case .strings:
                    return [strings(file, text: decoded.text, spans: StringsParser.spans(text), lines: lines)]
                case .stringsdict:
                    return StringsdictReader.read(file, text: text, locate: locate)
                case .xcstrings:
                    let shared =
                        catalogEntriesWhenAsked
                        ? TableText(path: file.path, text: decoded.text, escapes: [], lines: lines) : nil
                    return StringCatalogReader.read(file, text: text, locate: locate, whenAsked: shared)
                }
            }
        }
    }

    /// Whether the text starts (after white space) with `<?xml`, `<!DOCTYPE` or `<plist`.
    package static func isXMLPropertyList(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = text.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else {
            return false
        }
        let rest = UnsafeBufferPointer(rebasing: text[first...])
        return ["<?xml", "<!DOCTYPE", "<plist"].contains { rest.starts(with: Array($0.utf8)) }
    }

    /// A binary property list `.strings` or `.stringsdict`, which the run time reads like a
    /// text one. It has no lines: every position is 1:1.
    private static func binary(_ file: TableFile, bytes: [UInt8]) -> LoadedTableFile {
        let start = Location(file: file.path, line: 1, column: 1)
        let root: PlistNode
        do {
            root = try bytes.withUnsafeBufferPointer { try BinaryPropertyList.parse($0) }
        } catch let error as PlistSyntaxError {
            return broken(
                file,
                TableProblem(
                    message: "invalid binary property list: \(error.message) (at byte \(error.offset))",
                    location: start, effect: .rejectsFile))
        } catch {
            return broken(file, TableProblem(message: "\(error)", location: start, effect: .rejectsFile))
        }
        let locate = { (_: Int) in start }
        return file.format == .stringsdict
            ? StringsdictReader.read(file, root: root, end: start, locate: locate)
            : strings(file, root: root, end: start, locate: locate)
    }

    /// An XML property list `.strings`: a dictionary of string values.
    private static func xmlStrings(
        _ file: TableFile, text: UnsafeBufferPointer<UInt8>,
        locate: (Int) -> Location
    ) -> LoadedTableFile {
        let root: PlistNode
        do {
            root = try PropertyListXMLParser.parse(text)
        } catch let error as PlistSyntaxError {
            return broken(
                file,
                TableProblem(
                    message: "invalid property list: \(error.message)",
                    location: locate(error.offset), effect: .rejectsFile))
        } catch {
            return broken(file, TableProblem(message: "\(error)", location: locate(0), effect: .rejectsFile))
        }
        return strings(file, root: root, end: locate(text.count), locate: locate)
    }

    /// A property-list `.strings` (XML or binary): its root must be a dictionary of strings.
    private static func strings(_ file: TableFile, root: PlistNode, end: Location, locate: (Int) -> Location)
        -> LoadedTableFile
    {
        guard let pairs = root.pairs else {
            return broken(
                file,
                TableProblem(
                    message: "the property list is not a dictionary of keys",
                    location: locate(root.offset), effect: .rejectsFile))
        }
        var problems: [TableProblem] = []
        let entries = pairs.map { key, keyOffset, value -> TableEntry in
            guard let text = value.string else {
                problems.append(
                    TableProblem(
                        message: "the value of \(Messages.quoted(key)) is not a string",
                        location: locate(value.offset), effect: .losesEntry))
                return TableEntry(key: key, location: locate(keyOffset), isUsable: false)
            }
            return TableEntry(
                key: key, location: locate(keyOffset),
                texts: [EntryText(text: text, role: .value, location: locate(value.offset))])
        }
        return LoadedTableFile(
            file: file, entries: entries, problems: problems, failure: nil,
            endLocation: end, duplicates: duplicates(entries))
    }

    /// A file that yields nothing but the problem that broke it.
    static func broken(_ file: TableFile, _ problem: TableProblem) -> LoadedTableFile {
        LoadedTableFile(file: file, entries: [], problems: [problem], failure: nil, endLocation: problem.location)
    }

    /// A `.strings` file: its entries stay ranges of its text (see `TableEntry`).
    private static func strings(_ file: TableFile, text: [UInt8], spans: StringsSpans, lines: LineIndex)
        -> LoadedTableFile
    {
        let tableText = TableText(
            path: file.path, text: text, escapes: spans.escapes, lines: lines, isBraced: spans.isBraced)
        let entries = spans.entries.map { TableEntry(tableText, $0) }
        return LoadedTableFile(
            file: file, entries: entries,
            problems: spans.problems.map {
                TableProblem(message: $0.message, location: tableText.location(of: $0.offset), effect: $0.effect)
            },
            failure: nil, endLocation: tableText.location(of: text.count), duplicates: duplicates(entries))
    }

    /// Every key that appears again after its first appearance, with that first place.
    static func duplicates(_ entries: [TableEntry]) -> [LoadedTableFile.Duplicate] {
        var index = KeyIndex(capacity: entries.count)
        var result: [LoadedTableFile.Duplicate] = []
        for (position, entry) in entries.enumerated() {
            let earlier = entry.withKeyBytes { key in
                index.insert(Int32(position), key: key) { other in
                    entries[Int(other)].withKeyBytes { KeyIndex.equal($0, key) }
                }
            }
            if let earlier {
                result.append(
                    LoadedTableFile.Duplicate(
                        key: entry.key, location: entry.location,
                        firstLocation: entries[Int(earlier)].location))
            }
        }
        return result
    }

    /// `duplicates` of keys given with their places (a catalog's keys and localizations).
    static func duplicates(_ keys: [(String, Location)]) -> [LoadedTableFile.Duplicate] {
        duplicates(keys.map { TableEntry(key: $0.0, location: $0.1) })
    }
}
