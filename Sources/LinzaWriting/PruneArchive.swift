import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

/// What `linza prune --archive FILE` keeps of a prune, and the plan `linza prune --restore
/// FILE` makes of it: every deleted entry's exact text (all languages, comments included)
/// with the entry it followed, every catalog entry deleted or marked stale with its former
/// state. Restoring puts each back where it was, so a prune and its restore leave every
/// file as it was.
package enum PruneArchive {
    /// Version of the archive format, checked when reading.
    static let version = 1

    /// The archive of `plan` (a prune), paths relative to `root`.
    package static func make(_ plan: WritePlan, root: String) -> String {
        let files = plan.files.filter { !$0.edits.isEmpty }.map { file -> JSONValue in
            var fields: [(String, JSONValue)] = [
                ("file", .string(Path.relative(file.path, to: root) ?? file.path)),
                ("format", .string(format(of: file.document).rawValue)),
                ("language", .string(file.language)), ("table", .string(file.table)),
            ]
            if let catalog = file.document as? CatalogDocument {
                fields.append(("entries", .array(file.removed.compactMap { key in
                    catalog.entryText(key).map { .object([("key", .string(key)), ("entry", .string($0))]) }
                })))
                fields.append(("marked", .array(file.marked.map { key in
                    .object([("key", .string(key)), ("state", .optional(catalog.readExtractionState(of: key)))])
                })))
            } else {
                fields.append(("deletions", .array(deletions(of: file).map { deletion in
                    .object([("after", .optional(deletion.after)), ("gap", .number(deletion.gap)),
                             ("text", .string(deletion.text)),
                             ("values", .object(deletion.values.sorted { $0.key < $1.key }.map { ($0.key, .optional($0.value)) }))])
                })))
            }
            return .object(fields)
        }
        return JSONValue.object([("linza_prune_archive", .number(version)), ("files", .array(files))]).rendered() + "\n"
    }

    /// One spliced-out range of a `.strings` or `.stringsdict` file.
    struct Deletion {
        /// The last entry before it that stays; nil when it started the entries.
        var after: String?
        /// Bytes between the end of that entry (or the start of the file) and the range, once
        /// the other ranges are gone.
        var gap: Int
        var text: String
        /// What its entries read as (`EditableTable.values`).
        var values: [String: String?]
    }

    static func deletions(of file: WritePlan.FileChange) -> [Deletion] {
        let document = file.document
        let spans = document.entrySpans, keys = document.keys, values = document.values
        let removed = Set(file.removed)
        let edits = file.edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
        /// Where `offset` of the old text lies once the ranges before it are gone.
        func shifted(_ offset: Int) -> Int {
            offset - edits.filter { $0.range.upperBound <= offset }.reduce(0) { $0 + $1.range.count }
        }
        return edits.map { edit in
            let kept = spans.indices.last { spans[$0].upperBound <= edit.range.lowerBound && !removed.contains(keys[$0]) }
            let start = kept.map { shifted(spans[$0].upperBound) } ?? 0
            let inside = spans.indices.filter { edit.range.contains(spans[$0].lowerBound) }.map { keys[$0] }
            return Deletion(after: kept.map { keys[$0] }, gap: shifted(edit.range.lowerBound) - start,
                            text: String(decoding: document.text[edit.range], as: UTF8.self),
                            values: Dictionary(inside.map { ($0, values[$0] ?? nil) }) { first, _ in first })
        }
    }

    private static func format(of document: any EditableTable) -> TableFormat {
        if document is CatalogDocument { return .xcstrings }
        return document is StringsdictDocument ? .stringsdict : .strings
    }

    /// The plan that puts back what the archive `text` records, files relative to `root`.
    /// An entry whose key is in its file again is left, saying so.
    package static func restorePlan(_ text: [UInt8], root: String,
                                   reading read: @escaping (String) throws -> [UInt8] = { try FileReader.read($0) }) throws -> WritePlan {
        let archive: JSONNode
        do {
            archive = try text.withUnsafeBufferPointer { try JSONParser.parse($0) }
        } catch let error as JSONSyntaxError {
            throw ArchiveError("not a prune archive: invalid JSON at byte \(error.offset): \(error.message)")
        }
        guard archive["linza_prune_archive"].map({ if case .number("\(version)") = $0.content { true } else { false } }) == true,
              let entries = archive["files"]?.items else {
            throw ArchiveError("not a prune archive written by this version of linza prune --archive")
        }
        var plan = WritePlan()
        var documents = DocumentCache()
        documents.read = read
        for entry in entries {
            guard let file = entry["file"]?.string, let formatName = entry["format"]?.string,
                  let format = TableFormat(rawValue: formatName), let language = entry["language"]?.string,
                  let table = entry["table"]?.string else { throw ArchiveError("an archived file lacks its path, format, language or table") }
            let path = try projectPath(file, root: root)
            do {
                try documents.change(path, format: format, language: language, table: table) { change in
                    if var catalog = change.document as? CatalogDocument {
                        restore(entry, into: &catalog, change: &change, plan: &plan)
                        change.document = catalog
                        change.edits = catalog.edits
                    } else {
                        restore(entry, splicingInto: &change, plan: &plan)
                    }
                }
            } catch {
                plan.conflicts.append(DocumentCache.refusal(error, file: path))
            }
        }
        plan.files = documents.changes.filter { !$0.edits.isEmpty }
        return plan
    }

    /// Whether `text` is an archive `make` wrote (any version).
    package static func isArchive(_ text: [UInt8]) -> Bool {
        guard let archive = try? text.withUnsafeBufferPointer({ try JSONParser.parse($0) }) else { return false }
        return archive["linza_prune_archive"] != nil && archive["files"]?.items != nil
    }

    /// The absolute path of an archived file, which must be in the project: relative, with
    /// no `..`, and not leading out through a symbolic link. An archive is a file anyone can
    /// edit or commit; nothing outside the project is read or written for it, and the
    /// refusal quotes only the archive's own text.
    static func projectPath(_ file: String, root: String) throws -> String {
        let components = file.split(separator: "/", omittingEmptySubsequences: false)
        guard !file.isEmpty, !file.hasPrefix("/"), !components.contains(".."), !file.contains("\u{0}") else {
            throw ArchiveError("an archived file's path leaves the project: \(Messages.quoted(file)); nothing was restored")
        }
        let path = Path.absolute(file, relativeTo: root)
        // Every link on the way resolved: a `.lproj` folder that is a link out counts too.
        guard Path.isInside(Path.realOrNearest(path), Path.realOrNearest(root)) else {
            throw ArchiveError("an archived file's path leads out of the project through a symbolic link: "
                + "\(Messages.quoted(file)); nothing was restored")
        }
        return path
    }

    private static func restore(_ entry: JSONNode, splicingInto change: inout WritePlan.FileChange, plan: inout WritePlan) {
        let document = change.document
        let spans = document.entrySpans, keys = document.keys
        let present = Set(keys)
        var insertions: [Int: [UInt8]] = [:]
        for deletion in entry["deletions"]?.items ?? [] {
            guard let text = deletion["text"]?.string, case .number(let gapText)? = deletion["gap"]?.content,
                  let gap = Int(gapText), let values = deletion["values"]?.members else { continue }
            let restoredKeys = values.map(\.key)
            if let again = restoredKeys.first(where: present.contains) {
                plan.skipped.append("\(Messages.quoted(again)) is in \(Path.lastComponent(document.path)) again; "
                    + "its archived entry is left out")
                continue
            }
            var start = 0
            if let after = deletion["after"]?.string {
                guard let index = keys.lastIndex(of: after) else {
                    plan.skipped.append("\(Messages.quoted(after)), which \(restoredKeys.map(Messages.quoted).joined(separator: ", ")) "
                        + "followed, is no longer in \(Path.lastComponent(document.path)); restore it by hand")
                    continue
                }
                start = spans[index].upperBound
            }
            let offset = min(start + gap, document.text.count)
            insertions[offset, default: []] += Array(text.utf8)
            for value in values { change.restored[value.key] = value.value.string.map { .some($0) } ?? .some(nil) }
        }
        change.edits = insertions.sorted { $0.key < $1.key }.map { TextEdit.insert($0.value, at: $0.key) }
    }

    private static func restore(_ entry: JSONNode, into catalog: inout CatalogDocument, change: inout WritePlan.FileChange,
                                plan: inout WritePlan) {
        for removed in entry["entries"]?.items ?? [] {
            guard let key = removed["key"]?.string, let text = removed["entry"]?.string,
                  let node = try? Array(text.utf8).withUnsafeBufferPointer({ try JSONParser.parse($0) }),
                  let value = CatalogValue(node) else { continue }
            guard !catalog.contains(key) else {
                plan.skipped.append("\(Messages.quoted(key)) is in \(Path.lastComponent(catalog.path)) again; "
                    + "its archived entry is left out")
                continue
            }
            catalog.restore(key, value)
            change.restored.merge(CatalogDocument.values(of: CatalogMember(key: key, value: value))) { _, restored in restored }
        }
        for marked in entry["marked"]?.items ?? [] {
            guard let key = marked["key"]?.string, catalog.contains(key), catalog.extractionState(of: key) == "stale" else { continue }
            let state = marked["state"]?.string
            catalog.setExtractionState(state, of: key)
            change.restored[key] = .some(state)
        }
    }
}

/// A prune archive that cannot be read.
package struct ArchiveError: Error, CustomStringConvertible {
    package var description: String

    init(_ description: String) {
        self.description = description
    }
}
