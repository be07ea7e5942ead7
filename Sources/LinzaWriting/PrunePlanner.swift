import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

/// Plans `linza prune`: the keys `unused_key` reports, deleted from every language's
/// `.strings` and `.stringsdict` files of their table, each with its comment block. What `unused_key` keeps
/// stays: keys a dynamic key's literal start covers, keys written anywhere in code,
/// catalog keys Xcode found in code, Interface Builder and InfoPlist tables, and keys the
/// configuration's `ignore_keys` and `ignore_tables` exclude.
///
/// A table that a call reads with a key Linza cannot see at all (a variable, no literal
/// start) is left alone, as i18next's users learnt the hard way: that call may read any of
/// its keys. Marking such a call `// linza:disable:this dynamic_key` says it reads none, and
/// lets prune in. Findings the baseline records are left too: the team chose to keep them.
///
/// Where Linza's model is blind, prune refuses rather than guesses: a table whose keys
/// would mostly go stays whole (`PruneGuard`), and a key code reads through an accessor
/// Linza does not count (`UnseenAccessors`) stays in every table.
package struct PrunePlanner {
    package let options: SyncPlanner.Options
    /// Findings recorded in the project's baseline, which prune leaves.
    package let baseline: Baseline?
    /// Delete unused String Catalog entries (and those already marked stale) instead of
    /// marking them `stale`, as Xcode marks keys its extraction no longer finds.
    package let deletesCatalogEntries: Bool

    /// `--force`: prune tables whose keys would mostly go (see `PruneGuard`).
    package let isForced: Bool

    package init(
        options: SyncPlanner.Options, baseline: Baseline? = nil, deletesCatalogEntries: Bool = false,
        isForced: Bool = false
    ) {
        self.options = options
        self.baseline = baseline
        self.deletesCatalogEntries = deletesCatalogEntries
        self.isForced = isForced
    }

    /// The calls shown one by one under a table left whole because code reads it with
    /// keys Linza cannot see; the rest are counted (each is a `dynamic_key` finding of lint).
    static let listedCalls = 20

    /// Why `table` is left whole: `calls` read it with a key Linza cannot see. One line per
    /// call, as lint prints places: a list on one line was unreadable past a few calls.
    static func blockedByDynamicKeys(_ table: String, calls: [Location], paths: DisplayPaths) -> String {
        let more = calls.count - listedCalls
        return "\(table): left as it is, because \(calls.count == 1 ? "a call reads" : "\(calls.count) calls read") "
            + "it with a key Linza cannot see; mark each `// linza:disable:this dynamic_key` if it reads none "
            + "of the table's keys:"
            + calls.prefix(listedCalls).map { "\n  " + paths.location($0) }.joined()
            + (more > 0 ? "\n  and \(more) more, each a dynamic_key finding of `linza lint`" : "")
    }

    /// `configuration` with `unused_key` on in every module, so that scanning keeps the string
    /// literals that mark a key as used even where the project switched the rule off: load
    /// the project with this before planning.
    package static func preparing(_ configuration: Configuration) -> Configuration {
        var prepared = configuration
        let id = UnusedKeyRule.description.id
        prepared.ruleSettings[id, default: RuleSettings()].level = .warning
        prepared.modules = prepared.modules.map { module in
            var module = module
            module.configuration.ruleSettings[id, default: RuleSettings()].level = .warning
            return module
        }
        return prepared
    }

    /// Tables whose files code opens itself and reads at run time (`TableFileRead`), each
    /// with the places it does (`""`: a file whose name is not a literal, which may be any
    /// table's): any key of such a table may be read.
    static func tablesOpenedByCode(_ sources: [ScannedSource]) -> [String: [Location]] {
        var tables: [String: [Location]] = [:]
        for source in sources {
            for read in source.tableFileReads { tables[read.table ?? "", default: []].append(read.location) }
        }
        return tables
    }

    /// Why `table` is left whole: code opens a table file whose name Linza cannot see, at `places`.
    static func blockedByOpenedFiles(_ table: String, places: [Location], paths: DisplayPaths) -> String {
        "\(table): left as it is, because code opens a table file by a name Linza cannot see and may read any "
            + "of its keys:" + places.prefix(listedCalls).map { "\n  " + paths.location($0) }.joined()
            + (places.count > listedCalls ? "\n  and \(places.count - listedCalls) more" : "")
    }

    /// The plan for `modules`, loaded with a `preparing` configuration.
    package func plan(_ modules: [Linter.LoadedModule]) -> WritePlan {
        var plan = WritePlan()
        var documents = DocumentCache(reusing: modules)
        // Per table file (and language, for a catalog's parts): the keys prune may delete.
        var deletable: [String: Set<String>] = [:]
        var files: [String: LoadedTableFile] = [:]
        var order: [String] = []
        var heldByBaseline = 0
        // Each development-language (or Base) file, with the first module that reads it.
        var developmentFiles: [String: Linter.LoadedModule] = [:]
        let knownRoots = UnseenAccessors.knownRoots(modules.flatMap(\.configuration.accessors))
        let sources = modules.flatMap(\.sources).map(\.path)
        var refusedFiles = Set<String>()
        for module in modules {
            let project = module.project
            // A key goes from every language or from none: a table with a file Linza cannot
            // read whole (a syntax error, a key twice in a catalog) stops prune, as it stops
            // sync and rename, instead of being skipped without a word.
            for file in module.tables
            where file.isBroken && project.isCodeTable(file.file.name)
                && (options.tables.isEmpty || options.tables.contains(file.file.name))
                && refusedFiles.insert(file.file.path).inserted
            {
                let problem = file.problems.first { $0.effect != .losesEntry }
                plan.conflicts.append(
                    WriteConflict(
                        kind: .refusal,
                        message: "Linza will not prune \(file.file.name) while this file cannot be read whole"
                            + (problem.map { ": \($0.message)" } ?? "") + "; fix it first",
                        location: problem?.location ?? Location(file: file.file.path, line: 1, column: 1)))
            }
            let settings = module.configuration.settings(for: UnusedKeyRule.description.id)
            var unused = UnusedKeyRule(reportsStaleEntries: deletesCatalogEntries).check(project, severity: .warning)
                .filter { !settings.ignores($0) }
            if let baseline {
                let count = unused.count
                unused = baseline.filter(unused, root: module.configuration.baseDirectory).new
                heldByBaseline += count - unused.count
            }
            let unseen = UnseenKeyReaders.tables(project.sources)
            // `unused_key` reports no key of a table whose file code opens by a literal name.
            let openedByUnseenName = Self.tablesOpenedByCode(project.sources)[""] ?? []
            var byTable: [String: Set<String>] = [:]
            var blocked: [String: [Location]] = [:]
            var blockedByFiles = Set<String>()
            for finding in unused {
                guard let key = finding.key, let table = finding.table,
                    options.includes(module: module.name, table: table, key: key)
                else { continue }
                let calls = (unseen[table] ?? []) + (unseen[""] ?? [])
                if !calls.isEmpty {
                    blocked[table] = calls
                    continue
                }
                if !openedByUnseenName.isEmpty {
                    blockedByFiles.insert(table)
                    continue
                }
                byTable[table, default: []].insert(key)
            }
            for (table, calls) in blocked.sorted(by: { $0.key < $1.key }) {
                plan.skipped.append(Self.blockedByDynamicKeys(table, calls: calls, paths: options.paths))
            }
            for table in blockedByFiles.sorted() {
                plan.skipped.append(Self.blockedByOpenedFiles(table, places: openedByUnseenName, paths: options.paths))
            }
            // A table file several modules read loses only what every one of them leaves unused.
            for file in module.tables {
                let id = file.file.path + "\u{0}" + file.language
                let keys = byTable[file.file.name] ?? []
                deletable[id] = deletable[id].map { $0.intersection(keys) } ?? keys
                if files[id] == nil { files[id] = file; order.append(id) }
                if file.language == project.developmentLanguage || file.language == LanguageCode.base {
                    developmentFiles[id] = developmentFiles[id] ?? module
                }
            }
        }
        // Code that names keys through accessors Linza was not told about (a generator run by
        // the build, a type of the app's own): read once, for every table.
        var developmentKeys = Set<String>()
        for id in order where developmentFiles[id] != nil {
            for entry in files[id]?.entries ?? [] { developmentKeys.insert(entry.key) }
        }
        let unseen =
            deletable.values.allSatisfy(\.isEmpty)
            ? UnseenAccessors(sources: [], keys: [])
            : UnseenAccessors(sources: sources, keys: developmentKeys, knownRoots: knownRoots)
        // Once every module had its say: a table whose keys would mostly go stays whole, in every language.
        // Its development files are counted as one table, as the app reads them: a table's
        // `.strings` and `.stringsdict` (its plurals) are one table with one name. Counted
        // file by file, a `.stringsdict` of one unused plural beside sixteen used strings held
        // "1 of its 1 keys" unused, and was left with the message that no call reads the table.
        // One table's key sets at a time, and only for a table with keys to delete: the
        // writers hold every table while they plan.
        var tableFiles: [String: [String]] = [:]
        var tableOrder: [String] = []
        for id in order where developmentFiles[id] != nil {
            guard let file = files[id] else { continue }
            let group = Self.tableGroup(file)
            if tableFiles[group] == nil { tableOrder.append(group) }
            tableFiles[group, default: []].append(id)
        }
        var held = Set<String>()
        for group in tableOrder {
            let ids = tableFiles[group]!
            guard ids.contains(where: { deletable[$0]?.isEmpty == false }), let module = developmentFiles[ids[0]]
            else { continue }
            var keys = Set<String>()
            var unused = Set<String>()
            for id in ids {
                let present = Set(files[id]!.entries.map(\.key))
                unused.formUnion((deletable[id] ?? []).intersection(present))
                keys.formUnion(present)
            }
            let prune = PruneGuard(
                limit: module.configuration.pruneLimit, isOverridden: isForced || !options.keyPatterns.isEmpty)
            if let refusal = prune.refusal(
                table: files[ids[0]]!.file.name, module: module.name, unused: unused, total: keys.count,
                paths: options.paths, unseen: unseen)
            {
                held.insert(group)
                plan.skipped.append(refusal)
            }
        }
        // A key such code reads stays, even in a table prune may touch, and even with --force:
        // only --key, naming the keys, takes it.
        let protected =
            options.keyPatterns.isEmpty ? unseen.roots.reduce(into: Set<String>()) { $0.formUnion($1.keys) } : []
        var kept = Set<String>()
        for id in order {
            guard let file = files[id], var keys = deletable[id], !held.contains(Self.tableGroup(file)) else {
                continue
            }
            kept.formUnion(keys.intersection(protected))
            keys.subtract(protected)
            let entryKeys = Set(file.entries.map(\.key))
            let present = keys.filter(entryKeys.contains)
            guard !present.isEmpty else { continue }
            do {
                // `.strings` and `.stringsdict` entries go; a catalog marks them stale, or deletes them.
                try documents.change(
                    file.file.path, format: file.file.format, language: file.language,
                    table: file.file.name
                ) { change in
                    var removed = change.removed, marked = change.marked
                    change.edits = change.document.retire(
                        present, deleting: deletesCatalogEntries, removed: &removed, marked: &marked)
                    change.removed = removed
                    change.marked = marked
                }
            } catch {
                plan.conflicts.append(DocumentCache.refusal(error, file: file.file.path))
            }
        }
        if !kept.isEmpty {
            let roots = unseen.roots.filter { !$0.keys.isDisjoint(with: kept) }
            plan.skipped.append(
                "\(kept.count) key\(kept.count == 1 ? "" : "s") that look unused are read through "
                    + roots.prefix(3).map { "`\($0.name)` (\($0.keys.intersection(kept).count))" }.joined(
                        separator: ", ")
                    + (roots.count > 3 ? " and \(roots.count - 3) more" : "")
                    + ", which Linza does not count as uses: left; describe such accessors under accessors: in .linza.yml"
            )
        }
        if heldByBaseline > 0 {
            plan.skipped.append(
                "\(heldByBaseline) unused key\(heldByBaseline == 1 ? "" : "s") the baseline records: "
                    + "left, as lint leaves them")
        }
        plan.files = documents.changes.filter { !$0.edits.isEmpty }
        return plan
    }

    /// The files of one table in every language: its name and the folder of its `.lproj`
    /// folders, or the catalog itself.
    private static func tableGroup(_ file: LoadedTableFile) -> String {
        file.file.name + "\u{0}"
            + (file.file.format == .xcstrings ? file.file.path : Path.parent(Path.parent(file.file.path)))
    }
}
