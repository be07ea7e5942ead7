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
        var needingText: [UsageIndex.Key] = []
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
                // Base.lproj's text, when the configuration does not merge it into the development language.
                let base = project.configuration.baseLanguage == nil ? project.table(language: LanguageCode.base, name: table) : nil
                let catalog = Self.catalog(of: developmentTable, language: development)
                let comments = options.fillDevelopment ? Self.comments(of: developmentTable, language: development) : [:]
                for key in wanted {
                    if let entry = developmentTable.entry(for: key.key.value) {
                        // A development value that is only its identifier key is not copied on.
                        if entry.pluralRules.isEmpty, let value = entry.value, value != entry.key || KeyText.readsAsText(value) {
                            texts[key.key.value] = NewStringsEntry(key: key.key.value, value: value, comment: comments[key.key.value])
                        }
                        continue
                    }
                    guard let entry = newEntry(key, base: base, bare: catalog != nil, conflicts: &plan.conflicts,
                                               needingText: &needingText) else { continue }
                    // A bare catalog entry has no text to fill other languages with.
                    if entry.value != entry.key || KeyText.readsAsText(entry.key) { texts[entry.key] = entry }
                    missing.append(entry)
                }
                if let catalog {
                    let languages = options.fillDevelopment ? project.requiredLanguages.filter { $0 != development } : []
                    let plurals = wanted.map(\.key.value).filter { developmentTable.entry(for: $0)?.pluralRules.isEmpty == false }
                    addToCatalog(catalog, table: table, language: development, new: missing, fill: languages,
                                 texts: wanted.compactMap { texts[$0.key.value] }, plurals: plurals, plan: &plan, documents: &documents)
                    continue
                }
                // A new key whose text counts something gets a plural entry; its other
                // languages' forms are for translators, so it is not filled.
                // (Not a key Base.lproj has: the project chose its shape there.)
                var counted = missing.compactMap { entry in
                    base?.entry(for: entry.key) != nil ? nil
                        : PluralSkeleton.countSpecifier(in: entry.value).map { (entry: entry, specifier: $0) }
                }
                if !addPlurals(counted, language: development, table: developmentTable, plan: &plan, documents: &documents) {
                    counted = []
                }
                for (entry, _) in counted { texts[entry.key] = nil }
                add(missing.filter { entry in !counted.contains { $0.entry.key == entry.key } }, language: development,
                    table: developmentTable, plan: &plan, documents: &documents)
                if options.fillDevelopment, !counted.isEmpty {
                    plan.skipped.append("plural forms are for translators to write: not filled: "
                        + counted.map { Messages.quoted($0.entry.key) }.joined(separator: ", "))
                }
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
        if !needingText.isEmpty { plan.skipped.append(Self.needText(needingText, root: modules.first?.configuration.baseDirectory ?? "")) }
        plan.files = documents.changes.filter { !$0.edits.isEmpty }
        return plan
    }

    /// Keys sync adds nowhere: no call, generated accessor or Base table gives their text,
    /// and each is an identifier a user must not see.
    static func needText(_ keys: [UsageIndex.Key], root: String) -> String {
        let shown = keys.prefix(10).map { key in
            Messages.quoted(key.key.value) + (key.usages.first.map { usage in
                " (\(Path.relative(usage.location.file, to: root) ?? usage.location.file):\(usage.location.line))"
            } ?? "")
        }
        return "\(keys.count) key\(keys.count == 1 ? " needs" : "s need") development text, which no call (value:), generated "
            + "accessor or Base table gives, and Linza does not write an identifier as the text users see: "
            + shown.joined(separator: ", ") + (keys.count > 10 ? " and \(keys.count - 10) more" : "")
            + "; give each call a value:, or add the text to the development table yourself"
    }

    /// The entry a key's calls ask for; nil (and a conflict) when they disagree. Its text is
    /// the calls' (`value:`, a generated accessor's `fallback:`), else Base's, else the key
    /// where the key is text; else it needs text (`needingText`) and nothing is written.
    /// `bare`: a String Catalog's entry without text (the key as its value), as Xcode's
    /// extraction adds it, for a key that needs text.
    private func newEntry(_ key: UsageIndex.Key, base: LocalizationTable?, bare: Bool, conflicts: inout [Diagnostic],
                          needingText: inout [UsageIndex.Key]) -> NewStringsEntry? {
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
        let baseText = base?.entry(for: key.key.value).flatMap { $0.pluralRules.isEmpty ? $0.value : nil }
        guard let value = values.first ?? baseText ?? (KeyText.readsAsText(key.key.value) ? key.key.value : nil) else {
            needingText.append(key)
            return bare ? NewStringsEntry(key: key.key.value, value: key.key.value, comment: comments.first) : nil
        }
        return NewStringsEntry(key: key.key.value, value: value, comment: comments.first)
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
        var counted: [String] = []
        do {
            try documents.change(path, format: .xcstrings, language: language, table: table) { change in
                guard var catalog = change.document as? CatalogDocument else { return }
                for entry in new where !catalog.contains(entry.key) {
                    catalog.add(entry)
                    change.added.append(entry)
                    if PluralSkeleton.countSpecifier(in: entry.value) != nil { counted.append(entry.key) }
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
        if !counted.isEmpty {
            // Xcode writes plural variations only when a person asks for them: Linza does not guess their shape.
            plan.skipped.append("\(Path.lastComponent(path)) got \(counted.map(Messages.quoted).joined(separator: ", ")) as Xcode's "
                + "extraction adds them; their text counts something: give them plural forms in Xcode (Vary by Plural)")
        }
        if !unfilled.isEmpty {
            plan.skipped.append("\(Path.lastComponent(path)) keeps plural forms a translator writes: not filled: "
                + unfilled.joined(separator: ", "))
        }
    }

    /// Adds a plural skeleton (`PluralSkeleton`) for each of `entries` to the `.stringsdict`
    /// file of `table`, or to a new one next to its `.strings` file; false when the table
    /// has neither file in `language` (the entries are then plain ones).
    private func addPlurals(_ entries: [(entry: NewStringsEntry, specifier: FormatSpecifier)], language: String,
                            table: LocalizationTable, plan: inout WritePlan, documents: inout DocumentCache) -> Bool {
        guard !entries.isEmpty else { return true }
        let categories = (PluralCategories.categories(for: language) ?? ["other"]).filter { $0 != "zero" }
        let existing = table.files.first { $0.file.format == .stringsdict && $0.file.language == language }?.file.path
        let strings = table.files.first { $0.file.format == .strings && $0.file.language == language }?.file.path
        guard let path = existing ?? strings.map({ Path.join(Path.parent($0), "\(table.name).stringsdict") }) else { return false }
        func body(_ change: inout WritePlan.FileChange) {
            guard let document = change.document as? StringsdictDocument else { return }
            // One level of the file's own indentation: its first entry's, or a tab.
            let unit = document.entries.first.map {
                String(decoding: document.text[$0.span.lowerBound..<$0.keyOffset], as: UTF8.self)
            } ?? "\t"
            let present = Set(document.keys).union(change.added.map(\.key))
            let new = entries.filter { !present.contains($0.entry.key) }
            let blocks = new.map {
                PluralSkeleton.block(key: $0.entry.key, text: $0.entry.value, specifier: $0.specifier, categories: categories, unit: unit)
            }
            guard !blocks.isEmpty, let edit = document.insertion(of: blocks, indentation: Array(unit.utf8)) else { return }
            change.edits.append(edit)
            change.added += new.map { NewStringsEntry(key: $0.entry.key, value: PluralSkeleton.formatKey(for: $0.specifier)) }
        }
        do {
            if let existing {
                try documents.change(existing, format: .stringsdict, language: language, table: table.name, body)
            } else {
                documents.create(StringsdictDocument.newFile(at: path), language: language, table: table.name, body)
            }
        } catch {
            plan.conflicts.append(DocumentCache.refusal(error, file: path))
        }
        return true
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
        var needingText: [UsageIndex.Key] = []
        let base = project.configuration.baseLanguage == nil ? project.table(language: LanguageCode.base, name: table) : nil
        for key in ordered {
            if plurals.contains(key.key.value) {
                pluralKeys.append(key.key.value)
            } else if let entry = newEntry(key, base: base, bare: false, conflicts: &plan.conflicts, needingText: &needingText) {
                entries.append(entry)
            }
        }
        let textless = needingText.map(\.key.value)
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
