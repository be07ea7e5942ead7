import Foundation

/// The files of a corpus the warm benchmarks change before each run: one Swift file and one
/// UTF-8 table, each given a comment line or relieved of it (findings stay the same), and
/// put back as they were when the benchmark is done.
struct EditedFiles {
    let source: String
    let table: String
    private let originals: [String: Data]

    init(corpus: String) throws {
        let paths = (FileManager.default.subpaths(atPath: corpus) ?? []).sorted().map { corpus + "/" + $0 }
        guard let source = paths.first(where: { $0.hasSuffix(".swift") }),
            let table = paths.first(where: { $0.hasSuffix(".strings") && !Self.startsWithByteOrderMark($0) })
        else { throw CorpusError("no Swift file or UTF-8 table to edit in \(corpus)") }
        self.source = source
        self.table = table
        originals = [
            source: try Data(contentsOf: URL(fileURLWithPath: source)),
            table: try Data(contentsOf: URL(fileURLWithPath: table)),
        ]
    }

    func toggleSource() throws { try toggle(source, line: "// linza-bench edit\n") }
    func toggleTable() throws { try toggle(table, line: "/* linza-bench edit */\n") }

    func restore() {
        for (path, data) in originals { try? data.write(to: URL(fileURLWithPath: path)) }
    }

    private func toggle(_ path: String, line: String) throws {
        let original = originals[path]!
        let current = try Data(contentsOf: URL(fileURLWithPath: path))
        try (current == original ? original + Data(line.utf8) : original).write(to: URL(fileURLWithPath: path))
    }

    private static func startsWithByteOrderMark(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return true }
        defer { try? handle.close() }
        let start = handle.readData(ofLength: 3)
        return start.starts(with: [0xFF, 0xFE]) || start.starts(with: [0xFE, 0xFF])
            || start.starts(with: [0xEF, 0xBB, 0xBF])
    }
}
