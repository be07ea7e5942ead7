/// Reads, decodes and parses table files into `LoadedTableFile`s.
public enum TableLoader {
    /// Loads a table file from disk. Unreadable files come back with a `failure`.
    public static func load(_ file: TableFile) -> LoadedTableFile {
        do {
            return load(file, bytes: try FileReader.read(file.path))
        } catch {
            let reason = (error as? FileReadError)?.reason ?? "\(error)"
            let start = Location(file: file.path, line: 1, column: 1)
            return LoadedTableFile(file: file, entries: [], problems: [],
                                   failure: InputFailure(location: start, message: Messages.unreadable(reason)), endLocation: start)
        }
    }

    /// Loads a table file from bytes already in memory.
    public static func load(_ file: TableFile, bytes: [UInt8]) -> LoadedTableFile {
        switch TextDecoding.utf8(from: bytes) {
        case .failure(let failure):
            let location = Location(file: file.path, line: failure.line, column: failure.column)
            return LoadedTableFile(
                file: file, entries: [],
                problems: [TableProblem(message: failure.reason, location: location, effect: .rejectsFile)],
                failure: nil, endLocation: location)
        case .success(let decoded):
            return decoded.text.withUnsafeBufferPointer { text in
                parseStrings(file, text: text)
            }
        }
    }

    private static func parseStrings(_ file: TableFile, text: UnsafeBufferPointer<UInt8>) -> LoadedTableFile {
        let result = StringsParser.parse(text)
        let lines = LineIndex(text)
        func location(_ offset: Int) -> Location {
            let (line, column) = lines.position(of: offset)
            return Location(file: file.path, line: line, column: column)
        }
        return LoadedTableFile(
            file: file,
            entries: result.entries.map { TableEntry(key: $0.key, value: $0.value, location: location($0.keyOffset)) },
            problems: result.problems.map { TableProblem(message: $0.message, location: location($0.offset), effect: $0.effect) },
            failure: nil,
            endLocation: location(text.count))
    }
}
