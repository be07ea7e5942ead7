/// Plans `linza sync`: every literal key code uses that its table lacks, added to the
/// development language's `.strings` table or String Catalog (value from the call's default
/// value, else the key; comment from the call), and with `fillDevelopment` to every other
/// required language with the development text (in a catalog as `needs_review`). Tables
/// resolve per module exactly as `lint` resolves them.
public struct SyncPlanner {
    /// What to sync.
    public struct Options: Sendable {
        /// Also add missing keys to the other required languages, with the development text.
        public var fillDevelopment = false
        /// Create the tables that are missing: the development language's
        /// `<lang>.lproj/<Table>.strings` when other languages have that table (in the folder
        /// their `.lproj` folders are in, encoded like them), and with `fillDevelopment` a
        /// required language's when it lacks the table (next to the development language's
        /// and encoded like it).
        public var createTables = false
        public var modules: Set<String> = []
        public var tables: Set<String> = []
        /// Wildcards (`*`, `?`) keys must match.
        public var keyPatterns: [String] = []

        public init() {}

        func includes(module: String?, table: String, key: String) -> Bool {
            (modules.isEmpty || module.map(modules.contains) == true) && (tables.isEmpty || tables.contains(table))
                && (keyPatterns.isEmpty || keyPatterns.contains { GlobPattern.matchesName($0, key) })
        }
    }

    public let options: Options

    public init(options: Options) {
        self.options = options
    }

    /// The plan for `modules`, as `Linter.load` returns them.
    public func plan(_ modules: [Linter.LoadedModule]) -> WritePlan {
        var plan = WritePlan()
        var documents = DocumentCache()
        for module in modules {
            let name = module.name
            let project = module.project
            let development = project.developmentLanguage
            for (table, keys) in project.usageIndex.tables where project.isCodeTable(table) {
                let wanted = keys.filter { options.includes(module: name, table: table, key: $0.key.value) }
                guard !wanted.isEmpty else { continue }
                guard let developmentTable = project.table(language: development, name: table) else {
                    let siblings = Self.siblings(of: table, in: module, project: project)
                    if options.createTables && !siblings.isEmpty {
                        createDevelopmentTable(table, wanted: wanted, siblings: siblings, module: module, project: project,
                                               plan: &plan, documents: &documents)
                    } else {
                        plan.skipped.append("\(development) has no \(table) table\(name.map { " in module \($0)" } ?? ""); "
                            + "keys are added to existing tables only"
                            + (siblings.isEmpty ? "" : " (--create-tables creates it like the other languages' tables)"))
                    }
                    continue
                }
                // The development text of every wanted key: the table's (with its comment, for the
                // translators of the languages filled), else the call's.
                var texts: [String: NewStringsEntry] = [:]
                var missing: [NewStringsEntry] = []
                let comments = options.fillDevelopment ? Self.comments(of: developmentTable, language: development) : [:]
                for key in wanted {
                    if let entry = developmentTable.entry(for: key.key.value) {
                        if entry.pluralRules.isEmpty, let value = entry.value {
                            texts[key.key.value] = NewStringsEntry(key: key.key.value, value: value, comment: comments[key.key.value])
                        }
                        continue
                    }
                    guard let entry = newEntry(key, conflicts: &plan.conflicts) else { continue }
                    texts[entry.key] = entry
                    missing.append(entry)
                }
                if let catalog = Self.catalog(of: developmentTable, language: development) {
                    let languages = options.fillDevelopment ? project.requiredLanguages.filter { $0 != development } : []
                    let plurals = wanted.map(\.key.value).filter { developmentTable.entry(for: $0)?.pluralRules.isEmpty == false }
                    addToCatalog(catalog, table: table, language: development, new: missing, fill: languages,
                                 texts: wanted.compactMap { texts[$0.key.value] }, plurals: plurals, plan: &plan, documents: &documents)
                    continue
                }
                add(missing, language: development, table: developmentTable, plan: &plan, documents: &documents)
                guard options.fillDevelopment else { continue }
                let order = developmentTable.allEntries.map(\.key) + missing.map(\.key)
                for language in project.requiredLanguages where language != development {
                    guard let target = project.table(language: language, name: table) else {
                        if options.createTables {
                            create(table, language: language, like: developmentTable, entries: order.compactMap { texts[$0] },
                                   wanted: Set(wanted.map(\.key.value)), plan: &plan, documents: &documents)
                        } else {
                            plan.skipped.append("\(language) has no \(table) table\(name.map { " in module \($0)" } ?? ""); "
                                + "keys are added to existing tables only (--create-tables creates it)")
                        }
                        continue
                    }
                    let lacking = wanted.compactMap { key -> NewStringsEntry? in
                        target.entries.contains(key.key) ? nil : texts[key.key.value]
                    }
                    add(lacking, language: language, table: target, plan: &plan, documents: &documents, order: order)
                }
            }
        }
        plan.files = documents.changes.filter { !$0.edits.isEmpty }
        return plan
    }

    /// The entry a key's calls ask for; nil (and a conflict) when they disagree.
    private func newEntry(_ key: UsageIndex.Key, conflicts: inout [Diagnostic]) -> NewStringsEntry? {
        let values = Self.distinct(key.usages.compactMap(\.defaultValue))
        let comments = Self.distinct(key.usages.compactMap(\.comment).filter { !$0.isEmpty })
        for (what, found) in [("default values", values), ("comments", comments)] where found.count > 1 {
            let usage = key.usages.first { $0.defaultValue == found[1] || $0.comment == found[1] } ?? key.usages[0]
            conflicts.append(Diagnostic(
                ruleID: "sync", severity: .error,
                message: "calls give \(Messages.quoted(key.key.value)) different \(what): "
                    + found.map(Messages.quoted).joined(separator: " and ") + "; make them agree, then sync again",
                location: usage.location, key: key.key.value))
        }
        guard values.count <= 1, comments.count <= 1 else { return nil }
        return NewStringsEntry(key: key.key.value, value: values.first ?? key.key.value, comment: comments.first)
    }

    /// The String Catalog that holds `table` when it has no `.strings` file in `language`.
    private static func catalog(of table: LocalizationTable, language: String) -> String? {
        guard !table.files.contains(where: { $0.file.format == .strings && $0.file.language == language }) else { return nil }
        return table.files.first { $0.file.format == .xcstrings }?.file.path
    }

    /// Adds `new` entries to the catalog at `path` as Xcode's extraction would, and with
    /// `fill` each of those languages' localization of `texts` where it lacks one, as
    /// `needs_review` (a translator has yet to look at the development text).
    /// Keys with plural forms (`plurals`) are not filled: their forms are for a translator.
    private func addToCatalog(_ path: String, table: String, language: String, new: [NewStringsEntry], fill: [String],
                              texts: [NewStringsEntry], plurals: [String], plan: inout WritePlan, documents: inout DocumentCache) {
        guard !new.isEmpty || !fill.isEmpty else { return }
        var unfilled: [String] = []
        do {
            try documents.change(path, format: .xcstrings, language: language, table: table) { change in
                guard var catalog = change.document as? CatalogDocument else { return }
                for entry in new where !catalog.contains(entry.key) {
                    catalog.add(entry)
                    change.added.append(entry)
                }
                for language in fill {
                    for text in texts where catalog.contains(text.key) && !catalog.hasLocalization(language, key: text.key) {
                        catalog.addLocalization(language, key: text.key, value: text.value)
                        change.added.append(NewStringsEntry(key: text.key, value: text.value, language: language))
                    }
                    for key in plurals where !catalog.hasLocalization(language, key: key) {
                        unfilled.append("\(Messages.quoted(key)) in \(language)")
                    }
                }
                change.document = catalog
                change.edits = catalog.edits
            }
        } catch {
            plan.conflicts.append(DocumentCache.refusal(error, file: path))
        }
        if !unfilled.isEmpty {
            plan.skipped.append("\(Path.lastComponent(path)) keeps plural forms a translator writes: not filled: "
                + unfilled.joined(separator: ", "))
        }
    }

    /// Adds `entries` to the `.strings` file of `table` (the first one, when several are
    /// merged); a table held only in a `.stringsdict` is skipped, saying so.
    private func add(_ entries: [NewStringsEntry], language: String, table: LocalizationTable, plan: inout WritePlan,
                     documents: inout DocumentCache, order: [String] = []) {
        guard !entries.isEmpty else { return }
        guard let file = table.files.first(where: { $0.file.format == .strings && $0.file.language == language }) else {
            plan.skipped.append("\(entries.count) key\(entries.count == 1 ? "" : "s") for \(table.name) (\(language)): "
                + "there is no \(language).lproj/\(table.name).strings to add them to (plural entries of a "
                + ".stringsdict are not added: their forms are for a person to write)")
            return
        }
        do {
            try documents.change(file.file.path, format: .strings, language: language, table: table.name) { change in
                guard let document = change.document as? StringsDocument else { return }
                let present = Set(document.keys).union(change.added.map(\.key))
                let new = entries.filter { !present.contains($0.key) }
                change.added += new
                change.edits += document.insertions(new) { key in
                    // After the nearest key before it in the development order that this file has.
                    guard let position = order.firstIndex(of: key) else { return nil }
                    return order[..<position].last { present.contains($0) }
                }
            }
        } catch {
            plan.conflicts.append(DocumentCache.refusal(error, file: file.file.path))
        }
    }

    /// A new `<language>.lproj/<table>.strings` beside the development table's `.strings`
    /// file, with the wanted keys in the development table's order.
    private func create(_ table: String, language: String, like development: LocalizationTable, entries: [NewStringsEntry],
                        wanted: Set<String>, plan: inout WritePlan, documents: inout DocumentCache) {
        guard let template = development.files.first(where: { $0.file.format == .strings && $0.file.language != LanguageCode.base })
        else {
            plan.skipped.append("\(language) has no \(table) table, and the development language has no .strings file "
                + "of it to create one like")
            return
        }
        let path = Path.join(Path.parent(Path.parent(template.file.path)), "\(language).lproj/\(table).strings")
        var seen = Set<String>()
        let new = entries.filter { wanted.contains($0.key) && seen.insert($0.key).inserted }
        createFile(path, like: template.file.path, language: language, table: table, entries: new, plan: &plan, documents: &documents)
    }

    /// Plans the new `.strings` file at `path` holding `entries` in their order, styled and
    /// encoded like the existing `.strings` file at `template`.
    private func createFile(_ path: String, like template: String, language: String, table: String, entries: [NewStringsEntry],
                            plan: inout WritePlan, documents: inout DocumentCache) {
        do {
            try documents.create(path, like: template, language: language, table: table) { change in
                guard let document = change.document as? StringsDocument else { return }
                change.added = entries
                change.edits = document.insertions(entries)
            }
        } catch {
            plan.conflicts.append(DocumentCache.refusal(error, file: template))
        }
    }

    /// The other languages' `.strings` files of `table` (Base's aside: Interface Builder's
    /// folder is no language a development table could be created like), readable ones
    /// only, the required languages first in their configured order, then the rest by name.
    private static func siblings(of table: String, in module: Linter.LoadedModule, project: LintProject) -> [TableFile] {
        let development = project.developmentLanguage
        let required = project.requiredLanguages
        return module.tables.map(\.file).filter { file in
            file.name == table && file.format == .strings && file.language != nil && file.language != development
                && file.language != LanguageCode.base
        }.filter { file in !module.tables.contains { $0.file.path == file.path && $0.failure != nil } }
            .sorted { first, second in
                let (a, b) = (required.firstIndex(of: first.language ?? "") ?? .max, required.firstIndex(of: second.language ?? "") ?? .max)
                return a != b ? a < b : (first.language ?? "", first.path) < (second.language ?? "", second.path)
            }
    }

    /// With `createTables`, for a table the development language lacks and other languages
    /// have (`siblings`, their `.strings` files): `<development>.lproj/<table>.strings` in
    /// the folder the siblings' `.lproj` folders are in, holding every wanted key with the
    /// text its calls give. The development language's folder keeps its spelling there
    /// (`en-US.lproj`, `en_US.lproj`) when it has one. The file is encoded and styled like
    /// the siblings: the encoding and line ending most of them share, taken from the first
    /// such sibling (required languages first), so that it reads like the table's other
    /// files in review. Keys are in that sibling's order, then in order of first use.
    /// Left out, saying why: a key the siblings keep as a `.stringsdict` plural entry (its
    /// forms are for a person to write) and a key no call gives a text for whose key is no
    /// text to show either (`settings.title`): that would invent the app's text. With
    /// `fillDevelopment`, the other required languages then get the keys they lack (a
    /// language without the table has it created, with `createTables`, beside the others).
    private func createDevelopmentTable(_ table: String, wanted: [UsageIndex.Key], siblings: [TableFile], module: Linter.LoadedModule,
                                        project: LintProject, plan: inout WritePlan, documents: inout DocumentCache) {
        let development = project.developmentLanguage
        let inModule = module.name.map { " in module \($0)" } ?? ""
        let folders = Array(Set(siblings.map { Path.parent(Path.parent($0.path)) })).sorted()
        guard folders.count == 1, let folder = folders.first else {
            plan.skipped.append("\(development) has no \(table) table\(inModule), and the other languages keep theirs in "
                + "\(folders.count) folders (\(folders.joined(separator: ", "))): not created, as Linza cannot tell which "
                + "folder it belongs in; create it by hand, then sync again")
            return
        }
        // The development language's folder as the project spells it, where it has one.
        let spelled = module.tables.map(\.file.path).first { path in
            Path.parent(Path.parent(path)) == folder && Path.lastComponent(Path.parent(path)).hasSuffix(".lproj")
                && module.tables.contains { $0.file.path == path && $0.file.language == development }
        }.map { Path.lastComponent(Path.parent($0)) }
        let path = Path.join(folder, "\(spelled ?? development + ".lproj")/\(table).strings")
        guard Path.kind(path) == .missing else {
            plan.skipped.append("\(development) has no \(table) table\(inModule) Linza could read, yet \(path) is there: "
                + "not created over it")
            return
        }
        var documentsRead: [(file: TableFile, document: StringsDocument)] = []
        for sibling in siblings {
            guard let bytes = try? documents.read(sibling.path), let document = try? StringsDocument(path: sibling.path, bytes: bytes)
            else { continue }
            documentsRead.append((sibling, document))
        }
        var shares: [String: Int] = [:]
        func style(_ document: StringsDocument) -> String { document.encoding.rawValue + " " + document.lineEnding.map(String.init).joined() }
        for (_, document) in documentsRead { shares[style(document), default: 0] += 1 }
        let most = shares.values.max() ?? 0
        guard let template = documentsRead.first(where: { shares[style($0.document)] == most }) else {
            plan.skipped.append("\(development) has no \(table) table\(inModule), and no other language's \(table).strings "
                + "could be read to create it like")
            return
        }
        let plurals = Set(module.tables.filter { $0.file.name == table && $0.file.format == .stringsdict }.flatMap(\.entries).map(\.key))
        let siblingOrder = template.document.keys
        let position = Dictionary(siblingOrder.enumerated().map { ($1, $0) }) { first, _ in first }
        let ordered = wanted.enumerated().sorted { first, second in
            (position[first.element.key.value] ?? .max, first.offset) < (position[second.element.key.value] ?? .max, second.offset)
        }.map(\.element)
        var entries: [NewStringsEntry] = []
        var pluralKeys: [String] = []
        var textless: [String] = []
        for key in ordered {
            let name = key.key.value
            if plurals.contains(name) {
                pluralKeys.append(name)
            } else if !key.usages.contains(where: { $0.defaultValue != nil }) && !KeyText.readsAsText(name) {
                textless.append(name)
            } else if let entry = newEntry(key, conflicts: &plan.conflicts) {
                entries.append(entry)
            }
        }
        let newFile = Path.lastComponent(Path.parent(path)) + "/" + Path.lastComponent(path)
        // A development table made from code alone may leave thousands out (a SwiftGen app's
        // accessors give no text): the first ten name the kind, the count the extent.
        func listed(_ keys: [String]) -> String {
            keys.prefix(10).map(Messages.quoted).joined(separator: ", ") + (keys.count > 10 ? " and \(keys.count - 10) more" : "")
        }
        if !pluralKeys.isEmpty {
            plan.skipped.append("not added to the new \(newFile)\(inModule), as the other languages keep them as plural "
                + ".stringsdict entries, whose forms are for a person to write: " + listed(pluralKeys))
        }
        if !textless.isEmpty {
            plan.skipped.append("not added to the new \(newFile)\(inModule), as no call gives their text (value:) and the key "
                + "is no text to show: " + listed(textless) + "; give them a text, then sync again")
        }
        guard !entries.isEmpty else { return }
        createFile(path, like: template.file.path, language: development, table: table, entries: entries, plan: &plan, documents: &documents)
        guard options.fillDevelopment else { return }
        let order = entries.map(\.key)
        for language in project.requiredLanguages where language != development {
            if let target = project.table(language: language, name: table) {
                add(entries.filter { target.entry(for: $0.key) == nil }, language: language, table: target, plan: &plan,
                    documents: &documents, order: order)
            } else {
                // Only `--create-tables` leads here: a language without the table gets it too.
                createFile(Path.join(folder, "\(language).lproj/\(table).strings"), like: template.file.path, language: language,
                           table: table, entries: entries, plan: &plan, documents: &documents)
            }
        }
    }

    /// The comment above each key of the development language's `.strings` file of `table`.
    private static func comments(of table: LocalizationTable, language: String) -> [String: String] {
        guard let file = table.files.first(where: { $0.file.format == .strings && $0.file.language == language }),
              let bytes = try? FileReader.read(file.file.path),
              let document = try? StringsDocument(path: file.file.path, bytes: bytes) else { return [:] }
        var comments: [String: String] = [:]
        for index in document.entries.indices {
            if let comment = document.comment(of: index) { comments[document.entries[index].key] = comment }
        }
        return comments
    }

    private static func distinct(_ texts: [String]) -> [String] {
        var seen = Set<String>()
        return texts.filter { seen.insert($0).inserted }
    }
}
