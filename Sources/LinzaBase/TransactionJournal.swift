/// The record a `FileTransaction` keeps on disk while it renames its files in, so that the
/// next run can finish or roll back a transaction that a SIGKILL, a crash or a power loss
/// cut short (`TransactionRecovery`). It is written and synced before the first file is
/// touched, and removed after the last one is in place.
///
/// It names each target with the hashes of its old and new bytes; the temporary file and
/// the backup (a second hard link to the old file, or to the new one for a file the
/// transaction creates) are not stored but derived from the target and the process id, so
/// a journal, which is as hostile as any file in a repository, can only ever name files
/// shaped like Linza's own next to a target.
package struct TransactionJournal: Sendable, Equatable {
    /// One file of the transaction.
    package struct Entry: Sendable, Equatable {
        /// Absolute, normalised, every link resolved when it was written.
        package var target: String
        /// The hash of the bytes the target had; nil for a file the transaction creates.
        package var oldHash: UInt64?
        /// The hash of the bytes the target gets; nil for a file the transaction removes.
        package var newHash: UInt64?

        /// One file, by its resolved path and the hashes of its bytes before and after.
        package init(target: String, oldHash: UInt64?, newHash: UInt64?) {
            self.target = target
            self.oldHash = oldHash
            self.newHash = newHash
        }
    }

    /// The process that wrote it: its temporary files and backups carry this number.
    package var processID: Int32
    /// The transaction's files, in the order they are renamed in.
    package var entries: [Entry]

    /// The journal of process `processID`'s transaction over `entries`.
    package init(processID: Int32, entries: [Entry]) {
        self.processID = processID
        self.entries = entries
    }

    /// The journal's name, in the configuration's folder.
    package static let fileName = ".linza-journal"
    static let format = "linza transaction journal"

    /// The new bytes' file before the rename (`TemporaryFile`'s name).
    package func temporary(of entry: Entry) -> String {
        Self.sibling(of: entry.target, suffix: ".linza-\(processID)")
    }

    /// The second link that keeps the old file (or, for a created file, the new one).
    package func backup(of entry: Entry) -> String {
        Self.sibling(of: entry.target, suffix: ".linza-backup-\(processID)")
    }

    private static func sibling(of target: String, suffix: String) -> String {
        Path.join(Path.parent(target), "." + String(Path.lastComponent(target)) + suffix)
    }

    /// The journal as JSON.
    package func encoded() -> [UInt8] {
        let files = entries.map { entry -> JSONValue in
            .object([
                ("path", .string(entry.target)),
                ("old", entry.oldHash.map { .string(Self.hex($0)) } ?? .null),
                ("new", entry.newHash.map { .string(Self.hex($0)) } ?? .null),
            ])
        }
        let value = JSONValue.object([
            ("format", .string(Self.format)), ("version", .number(1)), ("process", .number(Int(processID))),
            ("files", .array(files)),
        ])
        return Array((value.rendered() + "\n").utf8)
    }

    /// Reads a journal, refusing anything Linza would not have written: another shape, a
    /// path that is not absolute and normalised, one outside every folder of `roots`, a
    /// path twice. The error quotes only the journal's own text.
    package static func decode(_ bytes: [UInt8], roots: [String]) throws(JournalError) -> TransactionJournal {
        let root: JSONNode
        do {
            root = try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }
        } catch {
            throw JournalError("it is not JSON")
        }
        guard root["format"]?.string == format, case .number("1")? = root["version"]?.content else {
            throw JournalError("it is not a Linza transaction journal of this version")
        }
        guard case .number(let number)? = root["process"]?.content, let processID = Int32(number), processID > 0 else {
            throw JournalError("its process number is missing or invalid")
        }
        guard let files = root["files"]?.items, !files.isEmpty else { throw JournalError("it lists no files") }
        var entries: [Entry] = []
        var seen: Set<String> = []
        for file in files {
            func isNull(_ node: JSONNode?) -> Bool {
                node.map { if case .null = $0.content { true } else { false } } == true
            }
            guard let target = file["path"]?.string else { throw JournalError("a file has no path") }
            // A removed file has no new bytes, a created one no old bytes; never both.
            let newHash = file["new"]?.string.flatMap(Self.hash)
            let oldHash = file["old"]?.string.flatMap(Self.hash)
            guard newHash != nil || isNull(file["new"]) else {
                throw JournalError("\(Path.printable(target)) has no valid hash of its new bytes")
            }
            guard oldHash != nil || isNull(file["old"]) else {
                throw JournalError("\(Path.printable(target)) has an invalid hash of its old bytes")
            }
            guard oldHash != nil || newHash != nil else {
                throw JournalError("\(Path.printable(target)) has neither old nor new bytes")
            }
            guard target.hasPrefix("/"), Path.normalize(target) == target, target != "/", !target.contains("\u{0}")
            else {
                throw JournalError("\(Path.printable(target)) is not an absolute, normalised path")
            }
            guard roots.contains(where: { Path.isInside(target, $0) && target != $0 }) else {
                throw JournalError("\(Path.printable(target)) is outside the project")
            }
            guard seen.insert(target).inserted else { throw JournalError("\(Path.printable(target)) is listed twice") }
            entries.append(Entry(target: target, oldHash: oldHash, newHash: newHash))
        }
        return TransactionJournal(processID: processID, entries: entries)
    }

    /// The hash of `bytes` as the journal records it.
    package static func hash(of bytes: [UInt8]) -> UInt64 {
        StableHash.fnv1a(bytes)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func hash(_ text: String) -> UInt64? {
        guard text.utf8.count == 16, text.utf8.allSatisfy({ hexDigitValue($0) != nil }) else { return nil }
        return UInt64(text, radix: 16)
    }
}

/// Why a journal was not used: it is damaged, was not written by Linza, or names files
/// Linza may not touch.
package struct JournalError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, quoting only the journal's own text.
    package var description: String

    /// The error saying `description`.
    package init(_ description: String) {
        self.description = description
    }
}
