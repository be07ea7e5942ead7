import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

/// Plans `linza sync`: every literal key code uses that its table lacks, added to the
/// development language's `.strings` table or String Catalog (text only from where the app
/// takes it: `newEntry`; comment from the call; a text that counts gets a `.stringsdict`
/// plural skeleton), and with `fillDevelopment` to every other
/// required language with the development text (in a catalog as `needs_review`). Tables
/// resolve per module exactly as `lint` resolves them.
package struct SyncPlanner {
    /// What to sync.
    package struct Options: Sendable {
        /// Also add missing keys to the other required languages, with the development text.
        package var fillDevelopment = false
        /// Create the tables that are missing: the development language's
        /// `<lang>.lproj/<Table>.strings` when other languages have that table (in the folder
        /// their `.lproj` folders are in, encoded like them), and with `fillDevelopment` a
        /// required language's when it lacks the table (next to the development language's
        /// and encoded like it).
        package var createTables = false
        package var modules: Set<String> = []
        package var tables: Set<String> = []
        /// Wildcards (`*`, `?`) keys must match.
        package var keyPatterns: [String] = []
        /// How the plan's messages name files (the command's `--absolute-paths`).
        package var paths = DisplayPaths.absolute

        package init() {}

        /// Whether every key of every table and module is selected (no `--module`, `--table` or `--key`).
        var selectsEverything: Bool { modules.isEmpty && tables.isEmpty && keyPatterns.isEmpty }

        func includes(module: String?, table: String, key: String) -> Bool {
            (modules.isEmpty || module.map(modules.contains) == true) && (tables.isEmpty || tables.contains(table))
                && (keyPatterns.isEmpty || keyPatterns.contains { GlobPattern.matchesName($0, key) })
        }
    }

    package let options: Options

    package init(options: Options) {
        self.options = options
    }

    /// The plan for `modules`, as `Linter.load` returns them.
    package func plan(_ modules: [Linter.LoadedModule]) -> WritePlan {
        var plan = WritePlan()
        var documents = DocumentCache(reusing: modules)
        var needingText: [UsageIndex.Key] = []
        var unfilled = Set<String>()
        for module in modules {
            let name = module.name
            let project = module.project
            let development = project.developmentLanguage
            if options.fillDevelopment { unfilled.formUnion(project.index.warnedLanguages) }
            // A call that names a storyboard's table reads code's key from it (Rectangle's
            // Main.xcstrings holds both); only the system's tables (InfoPlist) are never code's.
            for (table, keys) in project.usageIndex.tables where !ProjectIndex.systemTables.contains(table) {
                // Everything selected: the index's own array, not a copy of it.
                let wanted =
                    options.selectsEverything
                    ? keys : keys.filter { options.includes(module: name, table: table, key: $0.key.value) }
                guard !wanted.isEmpty else { continue }
                guard let developmentTable = project.table(language: development, name: table) else {
                    let siblings = Self.siblings(of: table, in: module, project: project)
                    if options.fillDevelopment, project.configuration.developmentValuesInCode {
                        fillFromCode(
                            table, wanted: wanted, module: name, project: project, plan: &plan, documents: &documents,
                            needingText: &needingText)
                    } else if options.createTables && !siblings.isEmpty {
                        createDevelopmentTable(
                            table, wanted: wanted, siblings: siblings, module: module, project: project,
                            plan: &plan, documents: &documents)
                    } else {
                        plan.skipped.append(
                            "\(development) has no \(table) table\(name.map { " in module \($0)" } ?? ""); "
                                + "keys are added to existing tables only"
                                + (siblings.isEmpty
                                    ? "" : " (--create-tables creates it like the other languages' tables)"))
                    }
                    continue
                }
                // The development text of each new key: the call's. (A key the table has takes
                // the table's text, made only for the languages that lack it: `fillTexts`.)
                var texts: [String: NewStringsEntry] = [:]
                var missing: [NewStringsEntry] = []
                // Base.lproj's text, when the configuration does not merge it into the development language.
                let base =
                    project.configuration.baseLanguage == nil
                    ? project.table(language: LanguageCode.base, name: table) : nil
                let catalog = Self.catalog(of: developmentTable, language: development)
                for key in wanted {
                    if developmentTable.entry(for: key.key.value) != nil { continue }
                    guard
                        let entry = newEntry(
                            key, base: base, bare: catalog != nil, conflicts: &plan.conflicts,
                            needingText: &needingText)
                    else { continue }
                    // A bare catalog entry has no text to fill other languages with.
                    if entry.value != entry.key || KeyText.readsAsText(entry.key) { texts[entry.key] = entry }
                    missing.append(entry)
                }
                if let catalog {
                    let languages =
                        options.fillDevelopment ? Self.filledLanguages(project) : []
                    let plurals = wanted.map(\.key.value).filter {
                        developmentTable.entry(for: $0)?.pluralRules.isEmpty == false
                    }
                    let fillTexts =
                        languages.isEmpty
                        ? []
                        : wanted.compactMap { texts[$0.key.value] ?? Self.tableText($0.key.value, developmentTable) }
                    addToCatalog(
                        catalog, table: table, language: development, new: missing, fill: languages,
                        texts: fillTexts, plurals: plurals, plan: &plan, documents: &documents)
                    continue
                }
                // A new key whose text counts something gets a plural entry; its other
                // languages' forms are for translators, so it is not filled.
                // (Not a key Base.lproj has, nor one translations hold as plain text: the
                // project chose its shape there. KeePassium's "block %d has negative size" is
                // a plain entry in 20 languages, not a count.)
                var counted = missing.compactMap { entry in
                    base?.entry(for: entry.key) != nil
                        || Self.isTranslatedAsPlainText(entry.key, table: table, project: project)
                        ? nil
                        : PluralSkeleton.countSpecifier(in: entry.value).map { (entry: entry, specifier: $0) }
                }
                if !addPlurals(
                    counted, language: development, table: developmentTable, plan: &plan, documents: &documents)
                {
                    counted = []
                }
                for (entry, _) in counted { texts[entry.key] = nil }
                add(
                    missing.filter { entry in !counted.contains { $0.entry.key == entry.key } }, language: development,
                    table: developmentTable, plan: &plan, documents: &documents)
                if options.fillDevelopment, !counted.isEmpty {
                    plan.skipped.append(
                        "plural forms are for translators to write: not filled: "
                            + counted.map { Messages.quoted($0.entry.key) }.joined(separator: ", "))
                }
                guard options.fillDevelopment else { continue }
                // Every development key as a string: made only for a file that needs it (one
                // to create, or one that is not sorted), not held while every table is planned.
                let order = { developmentTable.allEntries.map(\.key) + missing.map(\.key) }
                let fillTexts = self.fillTexts(
                    wanted, table: table, project: project, developmentTable: developmentTable, new: texts)
                for language in Self.filledLanguages(project) {
                    guard let target = project.table(language: language, name: table) else {
                        if options.createTables {
                            create(
                                table, language: language, like: developmentTable,
                                entries: order().compactMap { fillTexts[$0] },
                                wanted: Set(wanted.map(\.key.value)), plan: &plan, documents: &documents)
                        } else {
                            plan.skipped.append(
                                "\(language) has no \(table) table\(name.map { " in module \($0)" } ?? ""); "
                                    + "keys are added to existing tables only (--create-tables creates it)")
                        }
                        continue
                    }
                    let lacking = wanted.compactMap { key -> NewStringsEntry? in
                        target.entries.contains(key.key) ? nil : fillTexts[key.key.value]
                    }
                    add(lacking, language: language, table: target, plan: &plan, documents: &documents, order: order)
                }
            }
        }
        if !needingText.isEmpty {
            plan.skipped.append(Self.needText(needingText, paths: options.paths))
        }
        if !unfilled.isEmpty {
            plan.skipped.append(
                "warned_languages are translated later and not filled: " + unfilled.sorted().joined(separator: ", ")
                    + "; move a language to required_languages to have --fill dev fill it")
        }
        plan.files = documents.changes.filter { !$0.edits.isEmpty }
        return plan
    }

    /// The languages `--fill dev` fills: the required ones but the development language,
    /// not `warned_languages`, which are translated later (and elsewhere, as on
    /// translatewiki): development text written into them would read as their translation
    /// and hide their gaps from lint.
    /// `--fill dev` where the development text is the calls' (`development_values_in_code`) and
    /// the development language has no `table` of its own (focus-ios' widgets): each filled
    /// language's table gets the keys it lacks, with the call's text and comment.
    private func fillFromCode(
        _ table: String, wanted: [UsageIndex.Key], module: String?, project: LintProject, plan: inout WritePlan,
        documents: inout DocumentCache, needingText: inout [UsageIndex.Key]
    ) {
        let targets = Self.filledLanguages(project).map { ($0, project.table(language: $0, name: table)) }
        // Only keys some language lacks: a key every table has needs no text from code.
        var texts: [String: NewStringsEntry] = [:]
        for key in wanted where targets.contains(where: { $0.1?.entries.contains(key.key) == false }) {
            if let entry = newEntry(key, base: nil, bare: false, conflicts: &plan.conflicts, needingText: &needingText)
            {
                texts[entry.key] = entry
            }
        }
        let order = wanted.map(\.key.value)
        for (language, target) in targets {
            guard let target else {
                plan.skipped.append(
                    "\(language) has no \(table) table\(module.map { " in module \($0)" } ?? ""); "
                        + "keys are added to existing tables only")
                continue
            }
            let lacking = wanted.compactMap { target.entries.contains($0.key) ? nil : texts[$0.key.value] }
            add(lacking, language: language, table: target, plan: &plan, documents: &documents, order: { order })
        }
    }

    static func filledLanguages(_ project: LintProject) -> [String] {
        project.requiredLanguages.filter {
            $0 != project.developmentLanguage && !project.index.warnedLanguages.contains($0)
        }
    }

    /// The texts `--fill dev` writes into the other required languages' tables of `table`:
    /// of each wanted key some language lacks (every wanted key, when a language lacks the
    /// table and `--create-tables` makes it), the development table's text with its comment
    /// for the translators, else the call's (`new`). Made only for those keys: a table of a
    /// million entries would otherwise be copied whole, comments and all.
    private func fillTexts(
        _ wanted: [UsageIndex.Key], table: String, project: LintProject, developmentTable: LocalizationTable,
        new: [String: NewStringsEntry]
    ) -> [String: NewStringsEntry] {
        var needed = Set<String>()
        for language in Self.filledLanguages(project) {
            guard let target = project.table(language: language, name: table) else {
                if options.createTables { needed.formUnion(wanted.map(\.key.value)) }
                continue
            }
            for key in wanted where !target.entries.contains(key.key) { needed.insert(key.key.value) }
        }
        let comments = Self.comments(
            of: developmentTable, language: project.developmentLanguage,
            keys: needed.filter { new[$0] == nil })
        var texts: [String: NewStringsEntry] = [:]
        for key in needed {
            if let text = new[key] ?? Self.tableText(key, developmentTable, comment: comments[key]) {
                texts[key] = text
            }
        }
        return texts
    }

    /// The development table's text of `key`, when it has one to copy on: not a plural
    /// entry, and not a value that is only its identifier key.
    static func tableText(_ key: String, _ table: LocalizationTable, comment: String? = nil) -> NewStringsEntry? {
        guard let entry = table.entry(for: key), entry.pluralRules.isEmpty, let value = entry.value,
            value != entry.key || KeyText.readsAsText(value)
        else { return nil }
        return NewStringsEntry(key: key, value: value, comment: comment)
    }

    /// Keys sync adds nowhere: no call, generated accessor or Base table gives their text,
    /// and each is an identifier a user must not see.
    static func needText(_ keys: [UsageIndex.Key], paths: DisplayPaths) -> String {
        let shown = keys.prefix(10).map { key in
            Messages.quoted(key.key.value)
                + (key.usages.first.map { usage in " (\(paths.path(usage.location.file)):\(usage.location.line))" }
                    ?? "")
        }
        return
            "\(keys.count) key\(keys.count == 1 ? " needs" : "s need") development text, which no call (value:), generated "
            + "accessor or Base table gives, and Linza does not write an identifier as the text users see: "
            + shown.joined(separator: ", ") + (keys.count > 10 ? " and \(keys.count - 10) more" : "")
            + "; give each call a value:, or add the text to the development table yourself"
    }

    /// The entry a key's calls ask for; nil (and a conflict) when they disagree. Its text is
    /// the calls' (`value:`, a generated accessor's `fallback:`), else Base's, else the key
    /// where the key is text; else it needs text (`needingText`) and nothing is written.
    /// `bare`: a String Catalog's entry without text (the key as its value), as Xcode's
    /// extraction adds it, for a key that needs text.
    func newEntry(
        _ key: UsageIndex.Key, base: LocalizationTable?, bare: Bool, conflicts: inout [WriteConflict],
        needingText: inout [UsageIndex.Key]
    ) -> NewStringsEntry? {
        let values = Self.distinct(key.usages.compactMap(\.defaultValue))
        let comments = Self.distinct(key.usages.compactMap(\.comment).filter { !$0.isEmpty })
        for (what, found) in [("default values", values), ("comments", comments)] where found.count > 1 {
            let usage = key.usages.first { $0.defaultValue == found[1] || $0.comment == found[1] } ?? key.usages[0]
            conflicts.append(
                WriteConflict(
                    kind: .disagreement,
                    message: "calls give \(Messages.quoted(key.key.value)) different \(what): "
                        + found.map(Messages.quoted).joined(separator: " and ") + "; make them agree, then sync again",
                    location: usage.location, key: key.key.value))
        }
        guard values.count <= 1, comments.count <= 1 else { return nil }
        let baseText = base?.entry(for: key.key.value).flatMap { $0.pluralRules.isEmpty ? $0.value : nil }
        // Kept by hand in a catalog when no call Xcode's extraction reads uses it.
        let isManual = !key.usages.contains { BuiltInFunctions.extractedByXcode.contains($0.function) }
        guard let value = values.first ?? baseText ?? (KeyText.readsAsText(key.key.value) ? key.key.value : nil) else {
            needingText.append(key)
            return bare
                ? NewStringsEntry(key: key.key.value, value: key.key.value, comment: comments.first, isManual: isManual)
                : nil
        }
        return NewStringsEntry(key: key.key.value, value: value, comment: comments.first, isManual: isManual)
    }

    /// Whether a language other than the development one holds `key` of `table` as a plain
    /// entry (no plural rule).
    private static func isTranslatedAsPlainText(_ key: String, table: String, project: LintProject) -> Bool {
        project.languages.contains { language in
            language != project.developmentLanguage
                && project.table(language: language, name: table)?.entry(for: key).map(\.pluralRules.isEmpty) == true
        }
    }

    /// The String Catalog that holds `table` when it has no `.strings` file in `language`.
    private static func catalog(of table: LocalizationTable, language: String) -> String? {
        guard !table.files.contains(where: { $0.file.format == .strings && $0.file.language == language }) else {
            return nil
        }
        return table.files.first { $0.file.format == .xcstrings }?.file.path
    }

    /// Adds `new` entries to the catalog at `path` as Xcode's extraction would, and with
    /// `fill` each of those languages' localization of `texts` where it lacks one, as
    /// `needs_review` (a translator has yet to look at the development text).
    /// Keys with plural forms (`plurals`) are not filled: their forms are for a translator.
    private func addToCatalog(
        _ path: String, table: String, language: String, new: [NewStringsEntry], fill: [String],
        texts: [NewStringsEntry], plurals: [String], plan: inout WritePlan, documents: inout DocumentCache
    ) {
        guard !new.isEmpty || !fill.isEmpty else { return }
        var unfilled: [String] = []
        var counted: [String] = []
        do {
            try documents.change(path, format: .xcstrings, language: language, table: table) { change in
                // New entries (no language) where the catalog lacks the key; then each
                // language's text where the entry lacks that localization.
                let filled = fill.flatMap { language in
                    texts.map { NewStringsEntry(key: $0.key, value: $0.value, language: language) }
                }
                let outcome = change.document.plan(TableChange(adding: new + filled), edits: &change.edits)
                change.added += outcome.added
                counted += outcome.added.filter {
                    $0.language == nil && PluralSkeleton.countSpecifier(in: $0.value) != nil
                }.map(\.key)
                for language in fill {
                    for key in plurals where !change.document.holds(key, language: language) {
                        unfilled.append("\(Messages.quoted(key)) in \(language)")
                    }
                }
            }
        } catch {
            plan.conflicts.append(DocumentCache.refusal(error, file: path))
        }
        if !counted.isEmpty {
            // Xcode writes plural variations only when a person asks for them: Linza does not guess their shape.
            plan.skipped.append(
                "\(Path.lastComponent(path)) got \(counted.map(Messages.quoted).joined(separator: ", ")) as Xcode's "
                    + "extraction adds them; their text counts something: give them plural forms in Xcode (Vary by Plural)"
            )
        }
        if !unfilled.isEmpty {
            plan.skipped.append(
                "\(Path.lastComponent(path)) keeps plural forms a translator writes: not filled: "
                    + unfilled.joined(separator: ", "))
        }
    }

    /// Adds `entries` to the `.strings` file of `table` (the first one, when several are
    /// merged); a table held only in a `.stringsdict` is skipped, saying so.
    func add(
        _ entries: [NewStringsEntry], language: String, table: LocalizationTable, plan: inout WritePlan,
        documents: inout DocumentCache, order: @escaping () -> [String] = { [] }
    ) {
        guard !entries.isEmpty else { return }
        guard let file = table.files.first(where: { $0.file.format == .strings && $0.file.language == language }) else {
            plan.skipped.append(
                "\(entries.count) key\(entries.count == 1 ? "" : "s") for \(table.name) (\(language)): "
                    + "there is no \(language).lproj/\(table.name).strings to add them to (plural entries of a "
                    + ".stringsdict are not added: their forms are for a person to write)")
            return
        }
        do {
            try documents.change(file.file.path, format: .strings, language: language, table: table.name) { change in
                // Which of these keys the file has, from its entries one at a time: a set of
                // every key of the file is made only when a new entry's place needs it.
                let present = change.document.present(Set(entries.map(\.key))).union(change.added.map(\.key))
                let new = entries.filter { !present.contains($0.key) }
                let document = change.document, added = change.added
                var previous: [String: String?]?
                let outcome = change.document.plan(
                    TableChange(adding: new) { key in
                        // Asked only for a file that is not sorted: after the nearest key before
                        // it in the development order that this file has.
                        if previous == nil {
                            previous = Self.previousPresent(
                                new.map(\.key), in: order(), present: Set(document.keys).union(added.map(\.key)))
                        }
                        return previous?[key] ?? nil
                    }, edits: &change.edits)
                change.added += outcome.added
            }
        } catch {
            plan.conflicts.append(DocumentCache.refusal(error, file: file.file.path))
        }
    }

    /// For each of `keys` in `order`, the nearest key before its first place there that
    /// the file has (`present`; nil when none does): where a new entry goes in a file that is
    /// not sorted. One pass over the order: asked key by key, adding many keys to such a
    /// file took time that grows with their square (30 s for 34,000).
    static func previousPresent(_ keys: [String], in order: [String], present: Set<String>) -> [String: String?] {
        guard !keys.isEmpty, !order.isEmpty else { return [:] }
        let wanted = Set(keys)
        var previous: [String: String?] = [:]
        var last: String?
        for key in order {
            if wanted.contains(key), previous[key] == nil { previous[key] = .some(last) }
            if present.contains(key) { last = key }
        }
        return previous
    }

    /// A new `<language>.lproj/<table>.strings` beside the development table's `.strings`
    /// file, with the wanted keys in the development table's order.
    private func create(
        _ table: String, language: String, like development: LocalizationTable, entries: [NewStringsEntry],
        wanted: Set<String>, plan: inout WritePlan, documents: inout DocumentCache
    ) {
        guard
            let template = development.files.first(where: {
                $0.file.format == .strings && $0.file.language != LanguageCode.base
            })
        else {
            plan.skipped.append(
                "\(language) has no \(table) table, and the development language has no .strings file "
                    + "of it to create one like")
            return
        }
        let path = Path.join(Path.parent(Path.parent(template.file.path)), "\(language).lproj/\(table).strings")
        var seen = Set<String>()
        let new = entries.filter { wanted.contains($0.key) && seen.insert($0.key).inserted }
        createFile(
            path, like: template.file.path, language: language, table: table, entries: new, plan: &plan,
            documents: &documents)
    }

    /// Plans the new `.strings` file at `path` holding `entries` in their order, styled and
    /// encoded like the existing `.strings` file at `template`.
    func createFile(
        _ path: String, like template: String, language: String, table: String, entries: [NewStringsEntry],
        plan: inout WritePlan, documents: inout DocumentCache
    ) {
        do {
            try documents.create(path, like: template, language: language, table: table) { change in
                change.added = change.document.plan(TableChange(adding: entries), edits: &change.edits).added
            }
        } catch {
            plan.conflicts.append(DocumentCache.refusal(error, file: template))
        }
    }

    /// The comment above each of `keys` in the development language's `.strings` file of `table`.
    private static func comments(of table: LocalizationTable, language: String, keys: Set<String>) -> [String: String] {
        guard !keys.isEmpty,
            let file = table.files.first(where: { $0.file.format == .strings && $0.file.language == language }),
            let bytes = try? FileReader.read(file.file.path),
            let document = try? StringsDocument(path: file.file.path, bytes: bytes)
        else { return [:] }
        return document.comments(ofKeys: keys)
    }

    private static func distinct(_ texts: [String]) -> [String] {
        var seen = Set<String>()
        return texts.filter { seen.insert($0).inserted }
    }
}
