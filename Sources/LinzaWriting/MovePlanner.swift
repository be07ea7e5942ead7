import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

/// Plans `linza move`: keys with their translations, in every language, from one module's
/// table into another's (or another table of the same module). Each `.strings` entry keeps
/// its text and its note for translators, a `.stringsdict` entry its whole plural tree, a
/// String Catalog entry everything it holds. A language the target lacks gets the table
/// created next to the target's others, or the move is refused: a translation is never
/// silently lost. The source entry goes only when no code left in the source module uses it.
package struct MovePlanner {
    /// `MODULE` or `MODULE/TABLE`.
    package struct Endpoint: Hashable, Sendable, CustomStringConvertible {
        package var module: String
        package var table: String?

        package init(_ text: String) {
            if let slash = text.lastIndex(of: "/") {
                module = String(text[..<slash])
                table = String(text[text.index(after: slash)...])
            } else {
                module = text
            }
        }

        package var description: String { module + (table.map { "/" + $0 } ?? "") }
    }

    package struct Options: Sendable {
        package var from: Endpoint
        package var to: Endpoint
        /// Keep the keys in the source too.
        package var copy = false
        /// Move even when a language the key has cannot be given to the target (it is dropped, with a warning).
        package var allowDroppingLanguages = false
        /// Files or folders (absolute paths) of code that moved: the keys it uses that the
        /// target lacks are moved too.
        package var followCode: [String] = []

        /// How the plan's messages name files (the command's `--absolute-paths`).
        package var paths = DisplayPaths.absolute

        package init(from: Endpoint, to: Endpoint) {
            self.from = from
            self.to = to
        }
    }

    /// A request Linza cannot plan at all (a module that does not exist, nothing to move).
    package struct Refusal: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    package let options: Options

    package init(options: Options) {
        self.options = options
    }

    /// The plan for moving `keys` (and those `followCode` selects) over `modules`.
    package func plan(_ keys: [String], modules: [Linter.LoadedModule]) throws -> WritePlan {
        guard let source = modules.first(where: { $0.name == options.from.module }),
            let target = modules.first(where: { $0.name == options.to.module })
        else {
            let names = modules.compactMap(\.name)
            throw Refusal(
                description: names.isEmpty
                    ? "linza move needs modules: configure them under modules: in .linza.yml"
                    : "no module named \(Messages.quoted([options.from.module, options.to.module].first { !names.contains($0) } ?? "")); "
                        + "the modules are \(names.map(Messages.quoted).joined(separator: ", "))")
        }
        let sourceTable = options.from.table ?? source.configuration.defaultTable
        let targetTable = options.to.table ?? sourceTable
        guard source.name != target.name || sourceTable != targetTable else {
            throw Refusal(description: "--from and --to name the same table")
        }
        var wanted = keys
        for key in followedKeys(in: target, sourceTable: sourceTable, targetTable: targetTable)
        where !wanted.contains(key) {
            wanted.append(key)
        }
        guard !wanted.isEmpty else {
            guard !options.followCode.isEmpty else { throw Refusal(description: "give the keys to move") }
            // Moved already, or nothing to move: a second run plans nothing.
            var plan = WritePlan()
            plan.skipped.append("the code at --follow-code reads no key that \(target.name ?? "")/\(targetTable) lacks")
            return plan
        }
        var move = Move(
            source: source, target: target, sourceTable: sourceTable, targetTable: targetTable, options: options)
        // A key moved code reads that the source lacks too is left to `lint` (missing_key), not refused.
        for key in wanted { move.add(key, named: keys.contains(key)) }
        return move.finish(tableArgumentsIn: options.followCode.isEmpty ? nil : options.followCode)
    }

    /// The keys the code at `followCode` reads from the source's table name (or the target's)
    /// that the target's table lacks in its development language.
    private func followedKeys(in target: Linter.LoadedModule, sourceTable: String, targetTable: String) -> [String] {
        guard !options.followCode.isEmpty else { return [] }
        let development = target.project.developmentLanguage
        let present = Set(
            target.tables.filter {
                $0.file.name == targetTable && ($0.file.language == development || $0.file.format == .xcstrings)
            }
            .flatMap(\.entries).map(\.key))
        var keys: [String] = []
        for source in target.sources where Self.isFollowed(source.path, options.followCode) {
            for usage in source.usages {
                guard let key = usage.key.literal, let table = usage.table.name,
                    table == sourceTable || table == targetTable,
                    !present.contains(key), !keys.contains(key)
                else { continue }
                keys.append(key)
            }
        }
        return keys
    }

    static func isFollowed(_ path: String, _ roots: [String]) -> Bool {
        roots.contains { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }
}

/// One move being planned: the documents it reads and changes, and what it found.
private struct Move {
    let source: Linter.LoadedModule
    let target: Linter.LoadedModule
    let sourceTable: String
    let targetTable: String
    let options: MovePlanner.Options
    var plan = WritePlan()
    var documents = DocumentCache()
    /// `.stringsdict` entries to add, per target path (`TableEntryPayload.plural`).
    var blocks: [String: [TableEntryPayload]] = [:]
    /// Keys the plan moves (or copies).
    var moved: [String] = []
    /// How many of the current key's files the target takes (the rest were dropped).
    var given = 0
    /// The current key's translations bound for a String Catalog target from `.strings` and
    /// `.stringsdict` files: its note, texts and plural forms per language.
    var pending: (comment: String?, texts: [String: String], plurals: [String: [String: String]]) = (nil, [:], [:])
    /// Reads of the source table's keys through accessors Linza was not told about, in the
    /// code that stays; found when the first key is removed.
    var unseen: UnseenAccessors?
    /// Whether catalog entries go to a new catalog of the target (`createsCatalog`), once known.
    var targetCreatesCatalogs: Bool?

    init(
        source: Linter.LoadedModule, target: Linter.LoadedModule, sourceTable: String, targetTable: String,
        options: MovePlanner.Options
    ) {
        self.source = source
        self.target = target
        self.sourceTable = sourceTable
        self.targetTable = targetTable
        self.options = options
    }

    /// Each file of a table once, in language order (a catalog holds every language).
    private static func files(_ module: Linter.LoadedModule, table: String) -> [TableFile] {
        var seen = Set<String>()
        return module.tables.filter { $0.file.name == table && $0.failure == nil }.map(\.file)
            .filter { seen.insert($0.path).inserted }
    }

    private var targetName: String { "\(target.name ?? "")/\(targetTable)" }

    /// Plans moving `key`; one the source table lacks is refused when the user `named` it,
    /// else (found through moved code) left out, saying so.
    mutating func add(_ key: String, named: Bool) {
        var found = false
        var failed = false
        given = 0
        pending = (nil, [:], [:])
        var pendingSource: TableFile?
        for file in Self.files(source, table: sourceTable) {
            let language = file.language ?? ""
            var document: (any EditableTable)?
            do {
                try documents.change(file.path, format: file.format, language: language, table: sourceTable) {
                    document = $0.document
                }
            } catch {
                plan.conflicts.append(DocumentCache.refusal(error, file: file.path))
                failed = true
                continue
            }
            guard let document, document.keys.contains(key) else { continue }
            found = true
            // What the file gives: one language's text or plural entry, or (a catalog) every language's.
            switch document.payload(of: key) {
            case .text(let entry):
                if targetTakesCatalogEntries(language) {
                    pending.texts[language] = entry.value
                    if pending.comment == nil || language == source.project.developmentLanguage {
                        pending.comment = entry.comment
                    }
                    pendingSource = pendingSource ?? file
                    continue
                }
                failed = !addStrings(entry, language: language, from: file) || failed
            case .plural(_, let lines, let indentation):
                if targetTakesCatalogEntries(language) {
                    let entry = source.tables.first { $0.file.path == file.path }?.entries.last { $0.key == key }
                    guard let forms = entry.flatMap(TableFormatConversion.pluralForms) else {
                        failed =
                            !cannotGive(
                                key, language: language,
                                reason: "\(targetName) is a String Catalog, and this plural entry "
                                    + "has text around its plural or several of them, which Linza does not convert yet",
                                at: file, droppable: false) || failed
                        continue
                    }
                    pending.plurals[language] = forms
                    pendingSource = pendingSource ?? file
                    continue
                }
                failed =
                    !addPlural(
                        key, block: (lines, indentation), value: document.values[key] ?? nil, language: language,
                        from: file)
                    || failed
            case .catalog(let member):
                failed = !addCatalogEntry(member, from: file) || failed
            case nil:
                continue
            }
        }
        if let pendingSource, !failed {
            let entry = TableFormatConversion.catalogEntry(
                comment: pending.comment, texts: pending.texts, plurals: pending.plurals)
            failed = !addCatalogEntry(CatalogMember(key: key, value: entry), from: pendingSource)
        }
        guard found || named else {
            plan.skipped.append(
                "\(Messages.quoted(key)), which the moved code reads, is not a key of \(source.name ?? "")/\(sourceTable) either"
            )
            return
        }
        // Moved by an earlier run: the target has it and the source no longer does.
        if !found,
            target.tables.contains(where: {
                $0.file.name == targetTable && $0.failure == nil && $0.entries.contains { $0.key == key }
            })
        {
            plan.skipped.append(Messages.movedAlready(key, from: "\(source.name ?? "")/\(sourceTable)", to: targetName))
            return
        }
        guard found else {
            let development = Self.files(source, table: sourceTable).first
            plan.conflicts.append(
                WriteConflict(
                    kind: .refusal,
                    message: "\(Messages.quoted(key)) is not a key of \(source.name ?? "")/\(sourceTable)",
                    location: Location(
                        file: development?.path ?? source.configuration.baseDirectory, line: 1, column: 1),
                    key: key))
            return
        }
        guard !failed else { return }
        moved.append(key)
        // Every translation dropped, none given to the target: the source keeps the key.
        guard given > 0 else { return }
        removeFromSource(key)
    }

    /// The target's file of `format` for `language`, or nil.
    private func targetFile(_ format: TableFormat, language: String?) -> TableFile? {
        Self.files(target, table: targetTable).first {
            $0.format == format && (format == .xcstrings || $0.language == language)
        }
    }

    /// Whether the target keeps `language` of its table in a String Catalog (it has one, and
    /// no `.strings` file of that language).
    private func targetTakesCatalogEntries(_ language: String) -> Bool {
        targetFile(.xcstrings, language: nil) != nil && targetFile(.strings, language: language) == nil
    }

    /// Where a new `<language>.lproj/<targetTable>.<extension>` goes: next to the target's
    /// other `.lproj` folders, else in its first resource folder.
    private func newTargetPath(language: String, extension fileExtension: String) -> String? {
        let lproj = target.tables.map(\.file.path).first { Path.isInLanguageFolder($0) }
        guard let folder = lproj.map({ Path.parent(Path.parent($0)) }) ?? target.configuration.resources.first else {
            return nil
        }
        return Path.join(folder, "\(language).lproj/\(targetTable).\(fileExtension)")
    }

    /// Where `key` is defined in `path` (as `lint` read it), else the file's start.
    private static func location(of key: String, in path: String, _ module: Linter.LoadedModule) -> Location {
        module.tables.lazy.filter { $0.file.path == path }.compactMap { $0.entries.last { $0.key == key }?.location }
            .first
            ?? Location(file: path, line: 1, column: 1)
    }

    /// A translation the target cannot take. Refused; with `allowDroppingLanguages` and
    /// `droppable` (the target has nowhere to create the table) dropped with a warning.
    private mutating func cannotGive(
        _ key: String, language: String, reason: String, at file: TableFile, droppable: Bool
    ) -> Bool {
        if options.allowDroppingLanguages && droppable {
            plan.warnings.append("\(Messages.quoted(key)) in \(language) is dropped: \(reason)")
            return true
        }
        plan.conflicts.append(
            WriteConflict(
                kind: .refusal,
                message: "\(Messages.quoted(key)) in \(language) cannot go to \(targetName): \(reason)"
                    + (droppable ? "; --allow-drop-languages moves the key without it" : ""),
                location: Self.location(of: key, in: file.path, source), key: key))
        return false
    }

    /// A conflict: the target has `key` with other content.
    private mutating func conflict(_ key: String, language: String, at path: String) {
        plan.conflicts.append(
            WriteConflict(
                kind: .disagreement,
                message: "\(Messages.quoted(key)) is already in \(targetName) (\(language)) with another text; "
                    + "make them agree or rename one, then move",
                location: Self.location(of: key, in: path, target), key: key))
    }

    private mutating func addStrings(_ entry: NewStringsEntry, language: String, from file: TableFile) -> Bool {
        var path = targetFile(.strings, language: language)?.path
        if path == nil, let new = newTargetPath(language: language, extension: "strings") {
            // Styled and encoded like the target module's own tables (its table of this
            // language, else its development table), else like the source's, else UTF-8:
            // a module's files of one language share an encoding, whatever the source's is.
            let development = target.project.developmentLanguage
            let targetStrings = target.tables.filter { $0.file.format == .strings && $0.failure == nil }.map(\.file)
            let template =
                targetStrings.first { $0.language == language }?.path
                ?? targetFile(.strings, language: development)?.path
                ?? targetStrings.first { $0.language == development }?.path
                ?? Self.files(target, table: targetTable).first { $0.format == .strings }?.path
                ?? (file.format == .strings ? file.path : nil)
            do {
                if let template {
                    try documents.create(new, like: template, language: language, table: targetTable) { _ in }
                } else {
                    documents.create(try TableFormat.strings.newTable(at: new), language: language, table: targetTable)
                    { _ in }
                }
                path = new
            } catch {
                plan.conflicts.append(DocumentCache.refusal(error, file: template ?? new))
                return false
            }
        }
        guard let path else {
            return cannotGive(
                entry.key, language: language, reason: "it has no resource folder to create the table in", at: file,
                droppable: true)
        }
        var ok = true
        do {
            try documents.change(path, format: .strings, language: language, table: targetTable) { change in
                switch change.document.receive(.text(entry)) {
                case .present(let identical): ok = identical
                case .pending: if !change.added.contains(where: { $0.key == entry.key }) { change.added.append(entry) }
                case .received, .unfit: break
                }
            }
        } catch {
            plan.conflicts.append(DocumentCache.refusal(error, file: path))
            return false
        }
        if ok { given += 1 } else { conflict(entry.key, language: language, at: path) }
        return ok
    }

    private mutating func addPlural(
        _ key: String, block: (bytes: [UInt8], indentation: [UInt8]), value: String?, language: String,
        from file: TableFile
    ) -> Bool {
        let existing = targetFile(.stringsdict, language: language)?.path
        guard let path = existing ?? newTargetPath(language: language, extension: "stringsdict") else {
            return cannotGive(
                key, language: language, reason: "it has no resource folder to create the table in", at: file,
                droppable: true)
        }
        var ok = true
        let payload = TableEntryPayload.plural(key: key, lines: block.bytes, indentation: block.indentation)
        func body(_ change: inout WritePlan.FileChange) {
            switch change.document.receive(payload) {
            // The same entry, to the byte (indentation aside), is already there, or another.
            case .present(let identical): ok = identical
            case .pending: if change.arrived[key] == nil { change.arrived[key] = .some(value) }
            case .received, .unfit: break
            }
        }
        do {
            if existing != nil {
                try documents.change(path, format: .stringsdict, language: language, table: targetTable, body)
            } else {
                documents.create(
                    try TableFormat.stringsdict.newTable(at: path), language: language, table: targetTable, body)
            }
        } catch {
            plan.conflicts.append(DocumentCache.refusal(error, file: path))
            return false
        }
        if !ok {
            conflict(key, language: language, at: path)
        } else {
            given += 1
            if blocks[path]?.contains(payload) != true { blocks[path, default: []].append(payload) }
        }
        return ok
    }

    private mutating func addCatalogEntry(_ member: CatalogMember, from file: TableFile) -> Bool {
        var newCatalog: (any EditableTable)?
        if targetFile(.xcstrings, language: nil) == nil {
            guard createsCatalog(from: file) else { return addAsTables(member, from: file) }
            switch newTargetCatalog(like: file) {
            case .success(let created): newCatalog = created
            case .failure(let refusal):
                return cannotGive(
                    member.key, language: "every language", reason: refusal.description, at: file,
                    droppable: false)
            }
        }
        guard let path = targetFile(.xcstrings, language: nil)?.path ?? newCatalog?.path else { return false }
        var ok = true
        func body(_ change: inout WritePlan.FileChange) {
            switch change.document.receive(.catalog(member)) {
            case .present(let identical): ok = identical
            case .received(let values): change.arrived.merge(values) { first, _ in first }
            case .pending, .unfit: break
            }
        }
        do {
            if let newCatalog {
                documents.create(newCatalog, language: file.language ?? "", table: targetTable, body)
            } else {
                try documents.change(path, format: .xcstrings, language: file.language ?? "", table: targetTable, body)
            }
        } catch {
            plan.conflicts.append(DocumentCache.refusal(error, file: path))
            return false
        }
        if ok { given += 1 } else { conflict(member.key, language: "its String Catalog", at: path) }
        return ok
    }

    /// Whether a catalog entry from `file` goes to a new String Catalog of the target table
    /// (which has no catalog): when the source keeps the table in a catalog only and the
    /// target module has no `.strings` or `.stringsdict` tables of its own (Interface
    /// Builder's and InfoPlist's aside, which are `.strings` whatever the module's code
    /// uses), so every review state, variation and extraction state is kept. A module that
    /// keeps its tables in `.strings` files gets the entry converted to them, as its other
    /// tables are.
    private mutating func createsCatalog(from file: TableFile) -> Bool {
        if let known = targetCreatesCatalogs { return known }
        let sourceIsCatalog =
            file.format == .xcstrings && Self.files(source, table: sourceTable).allSatisfy { $0.format == .xcstrings }
        // Which of the target's tables are Interface Builder's or InfoPlist's, as `lint` binds them.
        let fixed = target.project.interfaceTables
        let answer =
            sourceIsCatalog && !target.tables.contains { $0.file.format != .xcstrings && !fixed.contains($0.file.name) }
        targetCreatesCatalogs = answer
        return answer
    }

    /// The new `<targetTable>.xcstrings` for the target, like the source catalog `file`:
    /// next to the target module's other catalogs, else where `.lproj` folders would be
    /// created (beside its `.lproj` folders, else in its first resource folder). Refused
    /// when the module has no resource folder, or a file Linza could not read is in the way.
    private mutating func newTargetCatalog(like file: TableFile) -> Result<any EditableTable, MovePlanner.Refusal> {
        let catalog = target.tables.map(\.file).first { $0.format == .xcstrings }
        let lproj = target.tables.map(\.file.path).first { Path.isInLanguageFolder($0) }
        guard
            let folder = catalog.map({ Path.parent($0.path) }) ?? lproj.map({ Path.parent(Path.parent($0)) })
                ?? target.configuration.resources.first
        else {
            return .failure(MovePlanner.Refusal(description: "it has no resource folder to create the catalog in"))
        }
        let path = Path.join(folder, "\(targetTable).xcstrings")
        guard documents.has(path) || Path.kind(path) == .missing else {
            return .failure(
                MovePlanner.Refusal(
                    description: "\(options.paths.path(path)) is there, and Linza could not read it as a table; "
                        + "not created over it"))
        }
        var template: (any EditableTable)?
        try? documents.change(file.path, format: .xcstrings, language: file.language ?? "", table: sourceTable) {
            template = $0.document
        }
        guard let template, let sourceLanguage = template.sharedSourceLanguage,
            let created = try? TableFormat.xcstrings.newTable(at: path, like: template)
        else {
            return .failure(
                MovePlanner.Refusal(description: "its source catalog could not be read to create one like it"))
        }
        let development = target.configuration.developmentLanguage
        if sourceLanguage != development, !documents.has(path) {
            plan.warnings.append(
                "the new \(Path.lastComponent(path)) has the source language of the catalog its entries come from, "
                    + "\(sourceLanguage), and \(target.name ?? "the target")'s development language is \(development)")
        }
        return .success(created)
    }

    /// A catalog entry given to a target that keeps its table in `.strings` and `.stringsdict`
    /// files: each language's text as a `.strings` entry (with the entry's comment), its
    /// plural forms as a `.stringsdict` entry; a shape those files cannot hold is refused.
    private mutating func addAsTables(_ member: CatalogMember, from file: TableFile) -> Bool {
        guard let localizations = TableFormatConversion.localizations(of: member.value) else {
            return cannotGive(
                member.key, language: "some language",
                reason: "\(targetName) keeps its table in .strings files, and this "
                    + "catalog entry has device variations, substitutions or a unit without a value, which they cannot hold",
                at: file,
                droppable: false)
        }
        // `.strings` files hold no review state: say which translations were not marked translated.
        let unreviewed = (member.value["localizations"]?.members ?? []).filter { localization in
            var states: [String] = []
            func collect(_ value: CatalogValue) {
                if let state = value["stringUnit"]?["state"]?.string { states.append(state) }
                for child in value.members ?? [] { collect(child.value) }
            }
            collect(localization.value)
            return states.contains { $0 != "translated" }
        }.map(\.key)
        if !unreviewed.isEmpty {
            plan.warnings.append(
                "\(Messages.quoted(member.key)) is marked for review in \(unreviewed.joined(separator: ", ")) in the "
                    + "catalog; the .strings files it goes to cannot say so")
        }
        var ok = true
        for (language, localization) in localizations.sorted(by: { $0.key < $1.key }) {
            switch localization {
            case .text(let text):
                let entry = NewStringsEntry(
                    key: member.key, value: text, comment: member.value["comment"]?.string, keepsComment: true)
                ok = addStrings(entry, language: language, from: file) && ok
            case .plural(let forms):
                guard TableFormat.stringsdict.canHold(member.key) else {
                    ok =
                        cannotGive(
                            member.key, language: language,
                            reason: "its key holds a control character, which a .stringsdict "
                                + "(XML) cannot hold", at: file, droppable: false) && ok
                    continue
                }
                let converted = TableFormatConversion.stringsdictEntry(member.key, forms: forms)
                ok =
                    addPlural(
                        member.key, block: (converted.block, [0x09]), value: converted.format, language: language,
                        from: file) && ok
            }
        }
        return ok
    }

    /// Deletes `key` from the source's files, unless `copy` or code left in the source module
    /// reads it (then it is copied, with a warning).
    private mutating func removeFromSource(_ key: String) {
        guard !options.copy else { return }
        let users = source.sources.filter { !MovePlanner.isFollowed($0.path, options.followCode) }.flatMap { file in
            file.usages.filter { usage in
                guard usage.table.name == sourceTable || usage.table.name == nil else { return false }
                // `retargetCalls` points this call at the new table: it reads the target, not the source.
                if willRetarget(usage, in: file.path) { return false }
                if let literal = usage.key.literal { return literal == key }
                return usage.key.prefix.map { !$0.isEmpty && key.hasPrefix($0) } ?? false
            }
        }
        if let user = users.first {
            plan.warnings.append(
                "\(Messages.quoted(key)) is still read in \(source.name ?? "") (\(options.paths.location(user.location))); copied, not moved"
            )
            return
        }
        if unseen == nil {
            let staying = source.sources.map(\.path).filter { !MovePlanner.isFollowed($0, options.followCode) }
            let keys = Self.files(source, table: sourceTable).flatMap { file in
                source.tables.filter { $0.file.path == file.path }.flatMap { $0.entries.map(\.key) }
            }
            unseen = UnseenAccessors(
                sources: staying, keys: keys,
                knownRoots: UnseenAccessors.knownRoots(source.configuration.accessors))
        }
        if let root = unseen?.roots(reading: key).first {
            let place = options.paths.location(root.reads[key] ?? root.first)
            plan.warnings.append(
                "\(Messages.quoted(key)) looks still read in \(source.name ?? "") through `\(root.name)` (\(place)), "
                    + "an accessor Linza was not told about; copied, not moved")
            return
        }
        for file in Self.files(source, table: sourceTable) {
            try? documents.change(file.path, format: file.format, language: file.language ?? "", table: sourceTable) {
                change in
                guard change.document.keys.contains(key), !change.removed.contains(key) else { return }
                change.removed.append(key)
            }
        }
    }

    /// Whether `finish` names the new table in `usage`'s table argument: a literal key call
    /// reading the source table, in the target module, with the table name changing.
    private func willRetarget(_ usage: LocalizationUsage, in path: String) -> Bool {
        source.name == target.name && sourceTable != targetTable && usage.table.name == sourceTable
            && usage.key.literal != nil
            && (options.followCode.isEmpty || MovePlanner.isFollowed(path, options.followCode))
    }

    /// The plan with every file's edits; with a new table name, the moved calls' table
    /// argument (in `followed` files, or every call of the target module) names the new table.
    mutating func finish(tableArgumentsIn followed: [String]?) -> WritePlan {
        var changes = documents.changes
        for index in changes.indices {
            var change = changes[index]
            // Each `.stringsdict` entry arrives as a run of its own.
            let planned = TableChange(
                removing: Set(change.removed), adding: change.added,
                arriving: (blocks[change.path] ?? []).map { [$0] })
            _ = change.document.plan(planned, edits: &change.edits)
            changes[index] = change
        }
        plan.files = changes.filter { !$0.edits.isEmpty }
        if sourceTable != targetTable { retargetCalls(in: followed) }
        return plan
    }

    /// Points the target module's calls of the moved keys at the new table.
    private mutating func retargetCalls(in followed: [String]?) {
        let keys = Set(moved)
        for file in target.sources where followed.map({ MovePlanner.isFollowed(file.path, $0) }) ?? true {
            let calls = file.usages.filter { $0.key.literal.map(keys.contains) == true && $0.table.name == sourceTable }
            guard !calls.isEmpty, let bytes = try? FileReader.read(file.path) else { continue }
            let objectiveC = SourceScanner.language(ofFile: file.path).map { $0 != .swift } ?? false
            var change = SourceChange(path: file.path, bytes: bytes, objectiveC: objectiveC)
            let lines = bytes.withUnsafeBufferPointer { LineIndex($0) }
            for call in calls {
                guard let location = call.tableLocation,
                    let offset = lines.offset(line: location.line, column: location.column),
                    let literal = bytes.withUnsafeBufferPointer({
                        KeyLiteralEncoder.literals(in: $0, objectiveC: objectiveC, at: [offset])
                    })[offset],
                    literal.text == sourceTable
                else {
                    plan.conflicts.append(
                        WriteConflict(
                            kind: .refusal,
                            message: "this call reads \(Messages.quoted(call.key.literal ?? "")) from \(sourceTable) "
                                + "without naming it in a literal; name the table \(targetTable) here by hand",
                            location: call.location, key: call.key.literal))
                    continue
                }
                change.replacements.append(SourceChange.Replacement(literal: literal, key: targetTable))
            }
            if !change.replacements.isEmpty { plan.sources.append(change) }
        }
    }
}

extension Messages {
    /// A key named to move that is in the target's table and no longer in the source's.
    static func movedAlready(_ key: String, from source: String, to target: String) -> String {
        "\(quoted(key)) is in \(target) and no longer in \(source): moved already"
    }
}
