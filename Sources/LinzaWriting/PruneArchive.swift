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
                ("format", .string(file.document.format.rawValue)),
                ("language", .string(file.language)), ("table", .string(file.table)),
            ]
            // Each format keeps what puts its part back (`EditableTable.archived`).
            fields += file.document.archived(removed: file.removed, marked: file.marked, edits: file.edits)
            return .object(fields)
        }
        return JSONValue.object([("linza_prune_archive", .number(version)), ("files", .array(files))]).rendered() + "\n"
    }

    /// The plan that puts back what the archive `text` records, files relative to `root`.
    /// An entry whose key is in its file again is left, saying so.
    package static func restorePlan(
        _ text: [UInt8], root: String,
        reading read: @escaping (String) throws -> [UInt8] = { try FileReader.read($0) }
    ) throws -> WritePlan {
        let archive: JSONNode
        do {
            archive = try text.withUnsafeBufferPointer { try JSONParser.parse($0) }
        } catch let error as JSONSyntaxError {
            throw ArchiveError("not a prune archive: invalid JSON at byte \(error.offset): \(error.message)")
        }
        guard
            archive["linza_prune_archive"].map({ if case .number("\(version)") = $0.content { true } else { false } })
                == true,
            let entries = archive["files"]?.items
        else {
            throw ArchiveError("not a prune archive written by this version of linza prune --archive")
        }
        var plan = WritePlan()
        var documents = DocumentCache()
        documents.read = read
        // The root resolved once: every archived path is compared with it.
        let realRoot = Path.realOrNearest(root)
        for entry in entries {
            guard let file = entry["file"]?.string, let formatName = entry["format"]?.string,
                let format = TableFormat(rawValue: formatName), let language = entry["language"]?.string,
                let table = entry["table"]?.string
            else { throw ArchiveError("an archived file lacks its path, format, language or table") }
            let path = try projectPath(file, root: root, realRoot: realRoot)
            do {
                try documents.change(path, format: format, language: language, table: table) { change in
                    let restoring = change.document.restoring(entry)
                    change.edits = restoring.edits
                    change.restored.merge(restoring.restored) { _, restored in restored }
                    plan.skipped += restoring.skipped
                }
            } catch {
                plan.conflicts.append(DocumentCache.refusal(error, file: path))
            }
        }
        // An archive that puts two texts over one stretch of a file (edited, or made up) is
        // refused for that file: applying such edits is undefined.
        for change in documents.changes where TextEdit.overlap(change.edits) {
            plan.conflicts.append(
                DocumentCache.refusal(
                    ArchiveError("the archive puts back entries that overlap in this file; nothing was restored"),
                    file: change.path))
        }
        plan.files = documents.changes.filter { !$0.edits.isEmpty && !TextEdit.overlap($0.edits) }
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
    /// refusal quotes only the archive's own text. `realRoot` is `root` with its links resolved
    /// (`Path.realOrNearest`).
    static func projectPath(_ file: String, root: String, realRoot: String) throws -> String {
        let components = file.split(separator: "/", omittingEmptySubsequences: false)
        guard !file.isEmpty, !file.hasPrefix("/"), !components.contains(".."), !file.contains("\u{0}") else {
            throw ArchiveError(
                "an archived file's path leaves the project: \(Messages.quoted(file)); nothing was restored")
        }
        let path = Path.absolute(file, relativeTo: root)
        // Every link on the way resolved: a `.lproj` folder that is a link out counts too.
        guard Path.isInside(Path.realOrNearest(path), realRoot) else {
            throw ArchiveError(
                "an archived file's path leads out of the project through a symbolic link: "
                    + "\(Messages.quoted(file)); nothing was restored")
        }
        return path
    }
}

/// A prune archive that cannot be read.
package struct ArchiveError: Error, CustomStringConvertible {
    package var description: String

    init(_ description: String) {
        self.description = description
    }
}
