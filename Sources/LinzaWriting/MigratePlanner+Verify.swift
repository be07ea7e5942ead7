import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaTables

/// The checks that stand between a migration plan and the disk, and the way back.
extension MigratePlanner {
    /// Reads `bytes` back with Linza's own catalog reader and checks that every language
    /// holds each key of the files with the same text (a plural's entry at least present):
    /// a migration that would lose a translation is a bug, refused before anything is written.
    static func verify(_ bytes: [UInt8], path: String, table: LegacyTable, development: String) throws {
        let file = TableFile(path: path, language: nil, name: "", format: .xcstrings, displayName: path)
        let loaded = TableLoader.load(file, bytes: bytes)
        var read: [String: [String: [String]]] = [:]
        for part in loaded {
            guard part.failure == nil, part.problems.isEmpty else {
                throw MigrationRefusal(
                    path: path,
                    reason: "the catalog written would not read back; nothing was written (please report this)")
            }
            for entry in part.entries { read[part.language, default: [:]][entry.key] = entry.texts.map(\.text) }
        }
        for language in Set(table.texts.keys).union(table.plurals.keys) {
            let plurals = Set((table.plurals[language] ?? []).map(\.key))
            var missing = plurals.filter { read[language]?[$0] == nil }
            // The last definition of a key written twice is the one kept.
            var last: [String: Int] = [:]
            for (index, text) in (table.texts[language] ?? []).enumerated() { last[text.key] = index }
            for (index, text) in (table.texts[language] ?? []).enumerated()
            where !plurals.contains(text.key) && last[text.key] == index {
                if read[language]?[text.key] != [text.value] { missing.insert(text.key) }
            }
            if let key = missing.sorted().first {
                throw MigrationRefusal(
                    path: path,
                    reason:
                        "the catalog written would not hold \(Messages.quoted(key)) in \(language) as the files do; "
                        + "nothing was written (please report this)")
            }
        }
    }

    /// The plan for catalog `path` back to `.strings` and `.stringsdict` files, one pair per
    /// language in `<lang>.lproj` beside the catalog; refused when such a file exists.
    func planBack(_ path: String, name: String, into plan: inout WritePlan) throws {
        let bytes = try FileReader.read(path)
        guard let node = try? bytes.withUnsafeBufferPointer({ try JSONParser.parse($0) }),
            let catalog = CatalogValue(node)
        else {
            throw MigrationRefusal(
                path: path, reason: "the catalog is not valid JSON with each key once per object; fix it first")
        }
        let (files, notes) = try LegacyExport.files(of: catalog, path: path)
        let folder = Path.parent(path)
        var created: [FileTransaction.Change] = []
        for (language, languageFiles) in files.sorted(by: { $0.key < $1.key }) {
            let lproj = Path.join(folder, language + ".lproj")
            for (content, format) in [(languageFiles.strings, "strings"), (languageFiles.stringsdict, "stringsdict")] {
                guard let content else { continue }
                let target = Path.join(lproj, "\(name).\(format)")
                guard Path.kind(target) == .missing else {
                    throw MigrationRefusal(
                        path: target, reason: "a file is already there; Linza does not merge a catalog into it")
                }
                created.append(FileTransaction.Change(path: target, original: nil, updated: content))
            }
        }
        plan.warnings += notes.map { "\(name): \($0)" }
        plan.wholeFiles += created + [FileTransaction.Change.removal(of: path, original: bytes)]
    }
}
