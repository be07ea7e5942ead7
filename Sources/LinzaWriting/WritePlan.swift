import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

/// What a writing command will do: the table files it changes, each with its splices, and
/// what it will not do and why. Built and checked before anything is written; applied in
/// one `FileTransaction`.
package struct WritePlan: Sendable {
    /// One table file's change.
    package struct FileChange: Sendable {
        package var document: any EditableTable
        package var language: String
        package var table: String
        package var added: [NewStringsEntry] = []
        /// Keys removed, in file order (each once, whatever number of entries it had).
        package var removed: [String] = []
        /// String Catalog keys marked `stale`.
        package var marked: [String] = []
        /// Entries `prune --restore` puts back, as `values` they read as (`EditableTable.values`).
        package var restored: [String: String?] = [:]
        /// The keys of `restored`.
        package var restoredKeys: Set<String> { Set(restored.keys.map { String($0.prefix { $0 != "\u{0}" }) }) }
        /// Keys renamed (old → new), each entry keeping its value, comment and plural tree.
        package var renamed: [String: String] = [:]
        /// Entries `move` brings from another table whole (a `.stringsdict` entry, a catalog
        /// entry), as `values` they read as.
        package var arrived: [String: String?] = [:]
        /// The keys of `arrived`.
        package var arrivedKeys: Set<String> { Set(arrived.keys.map { String($0.prefix { $0 != "\u{0}" }) }) }
        /// Renamed String Catalog keys that had no localization in the source language: the
        /// old key (the text the app showed) becomes that localization, as `values` read it.
        package var keptTexts: [String: String?] = [:]
        /// Renamed String Catalog keys that became their source-language text: the
        /// localization that only repeated it is gone, as `new` NUL language (`values`' name).
        package var droppedTexts: Set<String> = []
        /// Texts `import` sets: what the touched entries read as afterwards (`values`' terms).
        package var translated: [String: String?] = [:]
        /// The keys whose entries `import` changed or added.
        package var translatedKeys: Set<String> = []
        /// How many texts `import` set in the file.
        package var translationCount = 0
        package var edits: [TextEdit] = []

        package var path: String { document.path }
        package var updated: [UInt8] { document.applying(edits) }
    }

    package var files: [FileChange] = []
    /// Source files whose key or table literals change (`rename`, `move`).
    package var sources: [SourceChange] = []
    /// Other files written whole with the change (the baseline, whose entries follow renamed
    /// keys; the String Catalog `migrate` creates), or removed (the tables it replaces).
    package var wholeFiles: [FileTransaction.Change] = []
    /// Calls that disagree (two default values for one key) and files Linza refuses to
    /// edit: reported, never guessed past.
    package var conflicts: [WriteConflict] = []
    /// What the command leaves for now, in a sentence each (a String Catalog, a missing table).
    package var skipped: [String] = []
    /// What the command did other than asked, in a sentence each (a rename to a numbered key).
    package var warnings: [String] = []
    /// What the command was asked to change and nothing in scope has (a mistyped key), in a
    /// sentence each: the command fails (exit 2) instead of reporting nothing to do.
    package var unknown: [String] = []

    /// A plan that changes nothing.
    package init() {}

    package var isEmpty: Bool {
        files.allSatisfy {
            $0.added.isEmpty && $0.removed.isEmpty && $0.marked.isEmpty && $0.restored.isEmpty && $0.renamed.isEmpty
                && $0.arrived.isEmpty && $0.translatedKeys.isEmpty
        }
            && sources.allSatisfy(\.replacements.isEmpty)
            && wholeFiles.allSatisfy { $0.original == $0.updated && !$0.removes }
    }

    /// Checks that each new file reads back, with Linza's own parser, as exactly the old
    /// entries plus the added minus the removed ones, with renamed keys under their new
    /// names, and each changed source as exactly its new literals; the first file that does
    /// not is an error.
    package func verify() throws {
        for source in sources where !source.replacements.isEmpty { try source.verify() }
        for file in files where !file.edits.isEmpty { try Self.verify(file, updated: file.updated) }
    }

    /// Checks that `updated`, the bytes of `file` after its edits, reads back as planned: the
    /// entries the plan touches read exactly as it says, and every other entry keeps its
    /// bytes, comments included (for a `.stringsdict` its whole plural tree, for a catalog its
    /// every localization), so it reads as before. Only the touched entries' values are made:
    /// the values of every entry of a table of a million take several times its size.
    static func verify(_ file: FileChange, updated: [UInt8]) throws {
        let document = file.document
        let reread = try type(of: document).reread(path: file.path, bytes: updated)
        let touched = Set(file.removed + file.added.map(\.key) + file.marked).union(file.restoredKeys)
            .union(file.renamed.keys).union(file.renamed.values).union(file.arrivedKeys).union(file.translatedKeys)
        var expected = document.expectedValues(
            document.values(ofKeys: touched), removing: file.removed, adding: file.added, marking: file.marked)
        expected.merge(file.restored) { _, restored in restored }
        expected.merge(file.arrived) { _, arrived in arrived }
        expected.merge(file.keptTexts) { _, kept in kept }
        expected.merge(file.translated) { _, translated in translated }
        expected = document.valuesRenaming(expected, file.renamed)
        for name in file.droppedTexts { expected.removeValue(forKey: name) }
        guard reread.encoding == document.encoding, untouchedEntriesAgree(document, reread, touched: touched),
            reread.values(ofKeys: touched) == expected
        else {
            throw TableRefusal(
                path: file.path,
                reason: "the edited file would not read back as planned; "
                    + "nothing was written (please report this)")
        }
    }

    /// Whether the entries of keys not `touched` are the same in both files, byte for byte
    /// (`EditableTable.bytesByKey`). Edits keep the order of the entries they leave, so the
    /// two files' untouched entries are compared in order, without a copy; only when that
    /// fails are they compared key by key.
    static func untouchedEntriesAgree(_ before: any EditableTable, _ after: any EditableTable, touched: Set<String>)
        -> Bool
    {
        let old = zip(before.keys, before.entryBytes).lazy.filter { !touched.contains($0.0) }
        let new = zip(after.keys, after.entryBytes).lazy.filter { !touched.contains($0.0) }
        if old.elementsEqual(new, by: { $0.0 == $1.0 && trimmedEntry($0.1).elementsEqual(trimmedEntry($1.1)) }) {
            return true
        }
        return before.bytesByKey.filter { !touched.contains($0.key) }
            == after.bytesByKey.filter { !touched.contains($0.key) }
    }

    /// Writes every changed file at once (`FileTransaction`), after `verify()`.
    package func apply() throws {
        try apply(journal: nil)
    }

    /// `apply()`, keeping the transaction's journal at `journal` while the files are renamed
    /// in, so that the next run finishes or rolls back what a SIGKILL interrupts. Each
    /// file's new bytes are made once, checked (`verify`) and written, one file at a time:
    /// a plan that changes every language's table holds one table's new bytes, not all.
    package func apply(journal: String?) throws {
        for source in sources where !source.replacements.isEmpty { try source.verify() }
        var changes: [FileTransaction.Change] = []
        for file in files where !file.edits.isEmpty {
            guard !file.document.isNew else {
                let updated = file.updated
                try Self.verify(file, updated: updated)
                changes.append(FileTransaction.Change(path: file.path, original: nil, updated: updated))
                continue
            }
            changes.append(
                FileTransaction.Change(path: file.path, original: file.document.bytes) {
                    let updated = file.updated
                    try Self.verify(file, updated: updated)
                    return updated
                })
        }
        try FileTransaction.commit(
            changes
                + sources.filter { !$0.replacements.isEmpty }.map {
                    FileTransaction.Change(path: $0.path, original: $0.bytes, updated: $0.updated)
                } + wholeFiles, journal: journal)
    }

    /// A unified diff of every change, paths relative to `root`.
    package func diff(relativeTo root: String) -> String {
        files.map { file in
            let label = Path.relative(file.path, to: root) ?? file.path
            let new = TextEdit.apply(file.edits, to: file.document.text)
            // Diffed edit by edit: a few edits in a large table cost their lines, not the file's.
            return file.document.isNew
                ? UnifiedDiff.make(label: label, old: [], new: new)
                : UnifiedDiff.make(label: label, old: file.document.text, edits: file.edits, new: new)
        }.joined()
            + sources.map { source in
                UnifiedDiff.make(
                    label: Path.relative(source.path, to: root) ?? source.path, old: source.bytes, new: source.updated)
            }.joined()
            + wholeFiles.map { file in
                // A removed table is shown as text, whatever its encoding (UTF-16 in older projects).
                let old = file.original.map { original in
                    guard file.removes, case .success(let decoded) = TextDecoding.utf8(from: original) else {
                        return original
                    }
                    return decoded.text
                }
                return UnifiedDiff.make(
                    label: Path.relative(file.path, to: root) ?? file.path, old: old ?? [], new: file.updated)
            }.joined()
    }

    /// The plan for scripts: every file with its added and removed keys, and the conflicts.
    package func json(relativeTo root: String) -> String {
        let files =
            files.filter { !$0.edits.isEmpty }.map { file -> JSONValue in
                .object([
                    ("file", .string(Path.relative(file.path, to: root) ?? file.path)),
                    ("language", .string(file.language)),
                    ("table", .string(file.table)),
                    (
                        "added",
                        .array(
                            file.added.map { entry in
                                .object([
                                    ("key", .string(entry.key)), ("value", .string(entry.value)),
                                    ("comment", .optional(entry.comment)),
                                    ("language", .string(entry.language ?? file.language)),
                                ])
                            })
                    ),
                    ("removed", .array(file.removed.map(JSONValue.string))),
                    ("marked_stale", .array(file.marked.map(JSONValue.string))),
                    ("restored", .array(file.restoredKeys.sorted().map(JSONValue.string))),
                    ("arrived", .array(file.arrivedKeys.sorted().map(JSONValue.string))),
                    ("translated", .array(file.translatedKeys.sorted().map(JSONValue.string))),
                    (
                        "renamed",
                        .array(
                            file.renamed.sorted { $0.key < $1.key }.map {
                                .object([("from", .string($0.key)), ("to", .string($0.value))])
                            })
                    ),
                ])
            }
            + sources.filter { !$0.replacements.isEmpty }.map { source -> JSONValue in
                let lines = source.bytes.withUnsafeBufferPointer { LineIndex($0) }
                return .object([
                    ("file", .string(Path.relative(source.path, to: root) ?? source.path)),
                    (
                        "literals",
                        .array(
                            source.replacements.map { replacement in
                                let (line, column) = lines.position(of: replacement.literal.range.lowerBound)
                                return .object([
                                    ("line", .number(line)), ("column", .number(column)),
                                    ("from", .string(replacement.literal.text)), ("to", .string(replacement.key)),
                                ])
                            })
                    ),
                ])
            }
        // The files `migrate` creates and removes whole.
        let created = wholeFiles.filter { $0.original == nil || $0.removes }.map { file -> JSONValue in
            .object([
                ("file", .string(Path.relative(file.path, to: root) ?? file.path)),
                ("action", .string(file.removes ? "remove" : "create")),
            ])
        }
        let conflicts = conflicts.map { conflict -> JSONValue in
            .object([
                ("file", .string(conflict.location.file)), ("line", .number(conflict.location.line)),
                ("column", .number(conflict.location.column)), ("message", .string(conflict.message)),
            ])
        }
        return JSONValue.object([
            ("files", .array(files + created)), ("conflicts", .array(conflicts)),
            ("skipped", .array(skipped.map(JSONValue.string))),
        ]).rendered() + "\n"
    }
}
