import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

/// The documents a plan edits, each read once (two paths that lead to one file through a
/// symbolic link are one document).
struct DocumentCache {
    private(set) var changes: [WritePlan.FileChange] = []
    private var indexByPath: [String: Int] = [:]
    /// How a file's bytes are read (tests hand in bytes of their own).
    var read: (String) throws -> [UInt8] = { try FileReader.read($0) }
    /// The `.strings` files as `Linter.load` loaded them, by path: a document read from the
    /// same text takes their entries instead of parsing it again.
    private var loadedStrings: [String: LoadedTableFile] = [:]

    init() {}

    /// A cache that edits each `.strings` file, and each String Catalog loaded to be
    /// parsed when asked, from the text `modules` (as `Linter.load` returns them) loaded it
    /// as, when the file holds exactly that text (UTF-8 without a BOM, unchanged since): the
    /// file is then held once, not twice, while the plan is made and written, and a
    /// `.strings` file's entries are the loaded ones.
    init(reusing modules: [Linter.LoadedModule]) {
        var loaded: [String: [UInt8]] = [:]
        for module in modules {
            for file in module.tables where loaded[file.file.path] == nil {
                if let text = file.stringsText {
                    loaded[file.file.path] = text
                    loadedStrings[file.file.path] = file
                } else if let text = file.catalogText {
                    loaded[file.file.path] = text
                }
            }
        }
        guard !loaded.isEmpty else { return }
        read = { path in
            // Compared a chunk at a time; read whole only when they differ (a file with a
            // BOM or in UTF-16, whose loaded text is decoded, or one changed since).
            if let text = loaded[path], FileComparison.holds(path, exactly: text) { return text }
            return try FileReader.read(path)
        }
    }

    mutating func change(
        _ path: String, format: TableFormat, language: String, table: String,
        _ body: (inout WritePlan.FileChange) -> Void
    ) throws {
        let target = AtomicFile.resolvingLinks(path)
        if indexByPath[target] == nil {
            let bytes = try read(path)
            let document: any EditableTable
            if format == .strings, let loaded = loadedStrings[path], let text = loaded.stringsText, bytes == text {
                document = try StringsDocument.reading(path, text: bytes, loaded: loaded)
            } else {
                document = try format.editableTable(path: path, bytes: bytes)
            }
            indexByPath[target] = changes.count
            changes.append(WritePlan.FileChange(document: document, language: language, table: table))
        }
        body(&changes[indexByPath[target]!])
    }

    /// A `.strings` file to create at `path`, like the existing `.strings` file at `template`.
    mutating func create(
        _ path: String, like template: String, language: String, table: String,
        _ body: (inout WritePlan.FileChange) -> Void
    ) throws {
        guard indexByPath[path] == nil else { return }
        let document = try TableFormat.strings.newTable(
            at: path, like: try TableFormat.strings.editableTable(path: template, bytes: try FileReader.read(template)))
        indexByPath[path] = changes.count
        changes.append(WritePlan.FileChange(document: document, language: language, table: table))
        body(&changes[changes.count - 1])
    }

    /// A new file, `document` (created by the plan), unless the plan has one at its path already.
    mutating func create(
        _ document: any EditableTable, language: String, table: String,
        _ body: (inout WritePlan.FileChange) -> Void
    ) {
        if indexByPath[document.path] == nil {
            indexByPath[document.path] = changes.count
            changes.append(WritePlan.FileChange(document: document, language: language, table: table))
        }
        body(&changes[indexByPath[document.path]!])
    }

    /// Whether the plan has a change of the file at `path` (or one it creates there).
    func has(_ path: String) -> Bool {
        indexByPath[AtomicFile.resolvingLinks(path)] != nil || indexByPath[path] != nil
    }

    /// A file Linza will not edit, as a diagnostic at the file.
    static func refusal(_ error: Error, file: String) -> WriteConflict {
        let refusal = error as? TableRefusal
        let reason = refusal?.reason ?? (error as? FileReadError)?.reason ?? "\(error)"
        return WriteConflict(
            kind: .refusal, message: "Linza will not edit this file: \(reason)",
            location: Location(file: file, line: refusal?.line ?? 1, column: refusal?.column ?? 1))
    }
}
