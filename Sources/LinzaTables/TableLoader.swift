import LinzaBase

/// Reads, decodes and parses table files of every format into `LoadedTableFile`s: one per
/// file, or one per language for a String Catalog.
public enum TableLoader {
    /// Loads a table file from disk. An unreadable file comes back with a `failure`.
    public static func load(_ file: TableFile) -> [LoadedTableFile] {
        do {
            return load(file, bytes: try FileReader.read(file.path))
        } catch {
            let reason = (error as? FileReadError)?.reason ?? "\(error)"
            let start = Location(file: file.path, line: 1, column: 1)
            return [LoadedTableFile(file: file, entries: [], problems: [],
                                    failure: InputFailure(location: start, message: Messages.unreadable(reason)),
                                    endLocation: start)]
        }
    }

    /// Loads a table file from bytes already in memory.
    public static func load(_ file: TableFile, bytes: [UInt8]) -> [LoadedTableFile] {
        switch TextDecoding.utf8(from: bytes) {
        case .failure(let failure):
            let location = Location(file: file.path, line: failure.line, column: failure.column)
            return [broken(file, TableProblem(message: failure.reason, location: location, effect: .rejectsFile))]
        case .success(let decoded):
            return decoded.text.withUnsafeBufferPointer { text in
                let lines = LineIndex(text)
                let locate = { (offset: Int) -> Location in
                    let (line, column) = lines.position(of: offset)
                    return Location(file: file.path, line: line, column: column)
                }
                switch file.format {
                case .strings:
                    return [strings(file, text: text, locate: locate)]
                case .stringsdict:
                    return StringsdictReader.read(file, text: text, locate: locate)
                case .xcstrings:
                    return StringCatalogReader.read(file, text: text, locate: locate)
                }
            }
        }
    }

    /// A file that yields nothing but the problem that broke it.
    static func broken(_ file: TableFile, _ problem: TableProblem) -> LoadedTableFile {
        LoadedTableFile(file: file, entries: [], problems: [problem], failure: nil, endLocation: problem.location)
    }

    private static func strings(_ file: TableFile, text: UnsafeBufferPointer<UInt8>,
                                locate: (Int) -> Location) -> LoadedTableFile {
        let result = StringsParser.parse(text)
        let entries = result.entries.map { entry in
            let location = locate(entry.keyOffset)
            return TableEntry(key: entry.key, location: location,
                              texts: entry.value.map { [EntryText(text: $0, role: .value, location: locate(entry.valueOffset))] } ?? [],
                              isUsable: entry.value != nil)
        }
        return LoadedTableFile(
            file: file, entries: entries,
            problems: result.problems.map { TableProblem(message: $0.message, location: locate($0.offset), effect: $0.effect) },
            failure: nil, endLocation: locate(text.count),
            duplicates: duplicates(entries.map { ($0.key, $0.location) }))
    }

    /// Every key that appears again after its first appearance, with that first place.
    static func duplicates(_ keys: [(String, Location)]) -> [LoadedTableFile.Duplicate] {
        // One hash operation per key: `updateValue` both inserts and reports a repeat.
        var first: [ExactString: Int] = [:]
        first.reserveCapacity(keys.count)
        var result: [LoadedTableFile.Duplicate] = []
        for (index, (key, location)) in keys.enumerated() {
            if let earlier = first.updateValue(index, forKey: ExactString(key)) {
                first[ExactString(key)] = earlier
                result.append(LoadedTableFile.Duplicate(key: key, location: location, firstLocation: keys[earlier].1))
            }
        }
        return result
    }
}
