import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

/// Plans `linza rename`: each key renamed in one transaction at every call site Linza
/// recognises (the literal re-written in its own form), in every language's `.strings`
/// (quoting kept), as the top-level key of every `.stringsdict`, and as the String Catalog
/// entry (moved to its sorted place, whole). Tables resolve per module as `lint` resolves
/// them; a table is the files of one name in one module.
package struct RenamePlanner {
    /// What to do when the new key is already in a table that has the old one, or read from it by code.
    package enum Collision: String, Sendable, CaseIterable {
        /// Refuse, showing both keys' values in every language.
        case fail
        /// Keep the existing entry when both are one entry across the whole table (of one kind:
        /// `.strings` text, `.stringsdict` plural, catalog entry; the same values in every language); refuse otherwise.
        case mergeIdentical = "merge-identical"
        /// Rename to the new key with the first number that makes it free (`cancel1`), with a warning.
        case suffix
    }

    package struct Options: Sendable {
        package var modules: Set<String> = []
        package var tables: Set<String> = []
        package var collision: Collision = .fail
        /// Also rewrite string literals outside localization calls that read as the old key
        /// (without it they are listed as possible uses).
        package var includeBareLiterals = false
        /// How the plan's messages name files (the command's `--absolute-paths`).
        package var paths = DisplayPaths.absolute

        package init() {}
    }

    /// One requested rename.
    package struct Rename: Hashable, Sendable {
        package var old: String
        package var new: String

        package init(old: String, new: String) {
            self.old = old
            self.new = new
        }
    }

    /// A call whose key literal is to be rewritten.
    struct CallSite {
        var location: Location
        var old: String
        var new: String
    }

    package let options: Options
    /// How a source's bytes are read (tests hand in bytes of their own).
    var read: (String) throws -> [UInt8] = { try FileReader.read($0) }

    package init(options: Options) {
        self.options = options
    }

    /// Why a list of renames cannot be applied as one plan, each in a sentence; empty when
    /// it can: no key renamed twice, no new key that is also renamed (a chain or a cycle,
    /// whose outcome would depend on order), no two keys renamed to one, no key renamed to itself.
    package static func problems(in renames: [Rename]) -> [String] {
        var problems: [String] = []
        var targets: [String: String] = [:]
        var sources: Set<String> = []
        for rename in renames {
            if rename.old == rename.new { problems.append("\(Messages.quoted(rename.old)) is renamed to itself") }
            if !sources.insert(rename.old).inserted {
                problems.append("\(Messages.quoted(rename.old)) is renamed twice")
            }
            if let earlier = targets.updateValue(rename.old, forKey: rename.new), earlier != rename.old {
                problems.append(
                    "\(Messages.quoted(earlier)) and \(Messages.quoted(rename.old)) are both renamed to \(Messages.quoted(rename.new))"
                )
            }
            // Neither way, so that every rename Linza makes can be undone by the inverse one
            // (a map file cannot name the empty key at all).
            if rename.new.isEmpty {
                problems.append(
                    "\(Messages.quoted(rename.old)) is renamed to the empty key; Linza renames no key to or from it")
            }
            if rename.old.isEmpty {
                problems.append(
                    "the empty key is renamed to \(Messages.quoted(rename.new)); Linza renames no key to or from it "
                        + "(an empty key is almost always a mistake: give its calls a key by hand)")
            }
        }
        // Each old key's new key (the first, when a key is renamed twice).
        var next: [String: String] = [:]
        for rename in renames where next[rename.old] == nil { next[rename.old] = rename.new }
        for rename in renames where next[rename.new] != nil && rename.old != rename.new {
            // Followed as far as it goes: back to this key is a cycle, whose members are
            // reported once, from the first of them in the map.
            var members = [rename.old]
            var current = rename.new
            while current != rename.old, !members.contains(current), let following = next[current] {
                members.append(current)
                current = following
            }
            if current == rename.old {
                let first = renames.first { members.contains($0.old) }?.old
                guard first == rename.old else { continue }
                problems.append(Messages.renameCycle(members))
            } else {
                problems.append(Messages.renameChain(rename.old, rename.new, next[rename.new]!))
            }
        }
        var seen = Set<String>()
        return problems.filter { seen.insert($0).inserted }
    }

    /// The plan for `renames` (checked with `problems(in:)` first) over `modules`, as `Linter.load` returns them.
    package func plan(_ renames: [Rename], modules: [Linter.LoadedModule]) -> WritePlan {
        var plan = WritePlan()
        var documents = DocumentCache(reusing: modules)
        var sites: [String: [CallSite]] = [:]
        var found = Set<String>()
        var indexes: [RenameIndex] = []
        // Literals of renamed keys outside calls, said once every module's sites are known.
        var bareWarnings: [(path: String, location: Location, message: String)] = []
        func add(_ site: CallSite, in path: String) {
            // A source in several modules (`shared:`) is found by each: one edit, and one
            // new key, for all of them.
            if let same = sites[path]?.first(where: { $0.location == site.location && $0.old == site.old }) {
                if same.new != site.new {
                    plan.conflicts.append(
                        WriteConflict(
                            kind: .refusal,
                            message: Messages.renameSharedSourceDisagrees(site.old, same.new, site.new),
                            location: site.location, key: site.old))
                }
                return
            }
            sites[path, default: []].append(site)
        }
        // Each table file's keys and values, as read, once: of the keys renamed and renamed to
        // only (only those are asked about; every key of every file took more memory than the files).
        var read: [String: (values: [String: String?], keys: Set<String>)] = [:]
        // Every new name: a numbered one (`suffix`) must not take another rename's.
        let newNames = Set(renames.map(\.new))
        let namedKeys = newNames.union(renames.map(\.old))
        // Code that reads keys through accessors Linza does not count (a build-time generator,
        // a type of the app's own) would lose them: read once, for every module.
        let knownRoots = UnseenAccessors.knownRoots(modules.flatMap(\.configuration.accessors))
        // The keys gathered into the set directly: a flat array of every file's keys first
        // held each key once per language.
        var tableKeys = Set<String>()
        for module in modules {
            for file in module.tables {
                for entry in file.entries { tableKeys.insert(entry.key) }
            }
        }
        let unseen = UnseenAccessors(
            sources: modules.flatMap(\.sources).map(\.path), keys: tableKeys, knownRoots: knownRoots)
        for rename in renames {
            for root in unseen.roots(reading: rename.old) {
                found.insert(rename.old)
                plan.conflicts.append(
                    WriteConflict(
                        kind: .refusal,
                        message: Messages.unseenAccessorRead(rename.old, root: root),
                        location: root.reads[rename.old] ?? root.first, key: rename.old))
            }
        }
        for module in modules where options.modules.isEmpty || module.name.map(options.modules.contains) == true {
            let index = RenameIndex(module, named: namedKeys, read: self.read)
            // Old key → the key it becomes in this module.
            var targets: [String: String] = [:]
            let fixedKeys = Self.tablesWithFixedKeys(module, named: options.tables)
            for table in index.tableNames where options.tables.isEmpty || options.tables.contains(table) {
                let files = module.tables.filter { $0.file.name == table && $0.failure == nil }
                // A key code reads from a storyboard's table (Rectangle's Main.xcstrings holds both)
                // is code's: Interface Builder reads object ids only.
                let renamedHere = renames.filter {
                    !fixedKeys.contains(table) || Self.isCodeKey($0.old, ofInterfaceTable: table, index: index)
                }
                if renamedHere.count < renames.count {
                    for rename in renames
                    where !renamedHere.contains(where: { $0.old == rename.old })
                        && files.contains(where: { $0.entries.contains { $0.key == rename.old } })
                    {
                        found.insert(rename.old)
                        plan.skipped.append(Messages.renameFixedKey(rename.old, table: table))
                    }
                }
                for rename in renamedHere {
                    guard
                        let result = renameInTable(
                            rename, table: table, files: files, index: index, newNames: newNames,
                            namedKeys: namedKeys, found: &found, read: &read, plan: &plan, documents: &documents)
                    else { continue }
                    targets[rename.old] = targets[rename.old] ?? result.target
                    for (path, site) in result.sites { add(site, in: path) }
                }
            }
            for (old, target) in targets.sorted(by: { $0.key < $1.key }) {
                for (path, site) in bareLiterals(old, becoming: target, in: index, warnings: &bareWarnings) {
                    add(site, in: path)
                }
            }
            indexes.append(index)
        }
        // A literal another module's calls read (through its bundle) is one of their sites, not bare.
        plan.warnings += bareWarnings.filter { path, location, _ in
            !(sites[path]?.contains { $0.location == location } ?? false)
        }.map(\.message)
        // A changed source that a module out of scope (`--module`) checks too would read a key
        // that module's tables no longer match.
        for module in modules where !options.modules.isEmpty && module.name.map(options.modules.contains) != true {
            let paths = Set(module.sources.map(\.path))
            for (path, pathSites) in sites.sorted(by: { $0.key < $1.key }) where paths.contains(path) {
                plan.conflicts.append(
                    WriteConflict(
                        kind: .refusal, message: Messages.renameSourceOutOfScope(module.name ?? ""),
                        location: pathSites[0].location, key: pathSites[0].old))
            }
        }
        for rename in renames where !found.contains(rename.old) {
            let scope = options.modules.isEmpty && options.tables.isEmpty ? "" : " in scope"
            // Renamed already (a second run of a map) when the new key is there; else a key
            // mistyped in a script, which must not pass as "nothing to do".
            let isRenamed = indexes.contains { index in
                index.tableKeys.values.contains { $0.contains(rename.new) }
                    || index.codeKeys.values.contains { $0.contains(rename.new) }
            }
            if isRenamed {
                plan.skipped.append("\(Messages.quoted(rename.old)) is in no table and no call\(scope)")
            } else {
                plan.unknown.append(
                    "\(Messages.quoted(rename.old)) is in no table and no call\(scope), and neither is "
                        + "\(Messages.quoted(rename.new)): nothing to rename (a mistyped key?)")
            }
        }
        var files = documents.changes
        for index in files.indices { Self.finish(&files[index]) }
        plan.files = files.filter { !$0.edits.isEmpty }
        plan.sources = sites.keys.sorted().compactMap { path in
            sourceChange(
                path, sites[path]!, index: indexes.first { $0.module.sources.contains { $0.path == path } },
                conflicts: &plan.conflicts)
        }
        return plan
    }

    /// Renames `rename` in one module's table: returns the code's literals to change, or nil
    /// when the table has nothing of the old key (else it goes into `found`) or the rename is
    /// refused (a conflict). `namedKeys`: every old and new key of the renames, whose values
    /// each file's entry in `read` keeps (the values of every key would take more memory than the file).
    private func renameInTable(
        _ rename: Rename, table: String, files: [LoadedTableFile], index: RenameIndex, newNames: Set<String>,
        namedKeys: Set<String>, found: inout Set<String>,
        read: inout [String: (values: [String: String?], keys: Set<String>)],
        plan: inout WritePlan, documents: inout DocumentCache
    ) -> (target: String, sites: [(String, CallSite)])? {
        let module = index.module
        let calls = index.calls[table]?[rename.old] ?? []
        guard !calls.isEmpty || index.tableKeys[table]?.contains(rename.old) == true else { return nil }
        found.insert(rename.old)
        if options.tables.isEmpty, index.isReadOnlyElsewhere(rename.old, than: table) {
            plan.skipped.append(Messages.renameUnreadTable(rename.old, table: table))
            return nil
        }
        // A call that reads the old key through an interpolation, or a dynamic key that may
        // read it, would read nothing once it is renamed.
        let partial = index.partialKeys.filter { usage in
            guard usage.table.name == table || usage.table.name == nil else { return false }
            return usage.template?.matches(rename.old) == true
                || usage.key.prefix.map { !$0.isEmpty && rename.old.hasPrefix($0) } == true
        }
        for usage in partial {
            let message =
                usage.template?.matches(rename.old) == true
                ? "\(Messages.quoted(rename.old)) is the key of this interpolated literal; Linza does not rewrite interpolated "
                    + "literals yet: rename it here by hand, then rename the key in the tables"
                : "\(Messages.quoted(rename.old)) may be read by this dynamic key, which starts with "
                    + "\(Messages.quoted(usage.key.prefix ?? "")); Linza cannot rename what it cannot see: change this call first"
            plan.conflicts.append(
                WriteConflict(kind: .refusal, message: message, location: usage.location, key: rename.old))
        }
        // An interpolated literal outside a call that a `LocalizedStringKey` may take.
        let interpolated = index.interpolatedLiteralsOutsideCalls(reading: rename.old)
        for location in interpolated {
            plan.conflicts.append(
                WriteConflict(
                    kind: .refusal,
                    message:
                        "\(Messages.quoted(rename.old)) may be read through this interpolated literal, as the key a "
                        + "LocalizedStringKey forms from it; Linza does not rewrite interpolated literals yet: rename it here by hand, "
                        + "then rename the key in the tables", location: location, key: rename.old))
        }
        // A call whose key Linza cannot see at all may build the old key at run time (IINA's
        // `"eq.preset." + name` in a variable): as prune leaves such a table, rename does not guess.
        let unseen = (index.unseenKeyReaders[table] ?? []) + (index.unseenKeyReaders[""] ?? [])
        for location in unseen.sorted().prefix(PrunePlanner.listedCalls) {
            plan.conflicts.append(
                WriteConflict(
                    kind: .refusal, message: Messages.renameUnseenReader(rename.old, table: table), location: location,
                    key: rename.old))
        }
        // Code that opens the table's file itself looks its keys up at run time (IINA's `ISO639.strings`).
        let openers = (index.openedTables[table] ?? []) + (index.openedTables[""] ?? [])
        for location in openers.sorted().prefix(PrunePlanner.listedCalls) {
            plan.conflicts.append(
                WriteConflict(
                    kind: .refusal, message: Messages.renameOpenedTable(rename.old, table: table), location: location,
                    key: rename.old))
        }
        guard partial.isEmpty, interpolated.isEmpty, unseen.isEmpty, openers.isEmpty else { return nil }
        for (_, call) in calls where call.accessor != nil {
            plan.conflicts.append(
                WriteConflict(
                    kind: .refusal,
                    message:
                        "\(Messages.quoted(rename.old)) is read here through the generated accessor \(call.accessor!), "
                        + "which would no longer exist: rename it in the code that generates accessors, or regenerate them and rename the uses",
                    location: call.location, key: rename.old))
        }
        guard calls.allSatisfy({ $0.usage.accessor == nil }) else { return nil }
        // In a String Catalog the key is the format string code passes (`"%lld items"`):
        // once its specifiers are gone, the translations are checked against the source text.
        let oldSpecifiers = FormatSpecifier.parse(rename.old).map(\.text)
        if !oldSpecifiers.isEmpty, files.contains(where: { $0.file.format == .xcstrings }),
            FormatSpecifier.parse(rename.new).map(\.text) != oldSpecifiers
        {
            plan.warnings.append(
                Messages.renameDropsSpecifiers(
                    rename.old, new: rename.new, table: table,
                    specifiers: oldSpecifiers))
        }

        // Each file of the table once (a String Catalog is one file for every language).
        var paths: [String] = []
        var formats: [String: (format: TableFormat, language: String)] = [:]
        for file in files where formats[file.file.path] == nil {
            paths.append(file.file.path)
            formats[file.file.path] = (file.file.format, file.file.language ?? "")
        }
        var opened: [(path: String, values: [String: String?], keys: Set<String>)] = []
        for path in paths {
            guard let (format, language) = formats[path] else { continue }
            if read[path] == nil {
                do {
                    try documents.change(path, format: format, language: language, table: table) { change in
                        read[path] = (
                            change.document.values(ofKeys: namedKeys),
                            Set(change.document.keys.filter(namedKeys.contains))
                        )
                    }
                } catch {
                    plan.conflicts.append(DocumentCache.refusal(error, file: path))
                    return nil
                }
            }
            if let file = read[path] { opened.append((path, file.values, file.keys)) }
        }
        // Asked of the sets themselves: their union, a copy of every key, was made for every rename.
        func taken(_ key: String) -> Bool {
            index.tableKeys[table]?.contains(key) == true || index.codeKeys[table]?.contains(key) == true
                || newNames.contains(key)
        }
        var target = rename.new
        var merging = false
        // Calls that read the new key already while no file of the table has it: renamed
        // onto them, the old key's entry would become theirs too.
        let newInTables = opened.contains { $0.keys.contains(rename.new) }
        let newReaders = newInTables ? [] : (index.calls[table]?[rename.new] ?? []).map(\.usage.location)
        if newInTables || !newReaders.isEmpty {
            switch options.collision {
            case .fail:
                guard newInTables else {
                    reportCodeCollision(
                        rename, table: table, at: newReaders, advice: Messages.renameCodeCollisionAdvice, plan: &plan)
                    return nil
                }
                let clashing = opened.filter { $0.keys.contains(rename.new) && $0.keys.contains(rename.old) }
                reportCollision(
                    rename, table: table,
                    files: clashing.isEmpty ? opened.filter { $0.keys.contains(rename.new) } : clashing, entries: files,
                    advice: "--on-collision merge-identical keeps the existing entry when both read the same, "
                        + "--on-collision suffix picks a free key", plan: &plan)
                return nil
            case .mergeIdentical:
                // The whole table decides, every format and language: a .stringsdict plural
                // and a .strings text of one language are two entries, never one.
                guard
                    Self.contents(of: rename.old, in: opened, entries: files)
                        != Self.contents(of: rename.new, in: opened, entries: files)
                else {
                    merging = true
                    break
                }
                guard newInTables else {
                    reportCodeCollision(
                        rename, table: table, at: newReaders, advice: Messages.renameDifferAdvice, plan: &plan)
                    return nil
                }
                let differing = opened.filter { file in
                    (file.keys.contains(rename.old) || file.keys.contains(rename.new))
                        && Self.contents(of: rename.old, in: [file], entries: files)
                            != Self.contents(of: rename.new, in: [file], entries: files)
                }
                reportCollision(
                    rename, table: table, files: differing, entries: files, advice: Messages.renameDifferAdvice,
                    plan: &plan)
                return nil
            case .suffix:
                var number = 1
                while taken(rename.new + String(number)) { number += 1 }
                target = rename.new + String(number)
                plan.warnings.append(
                    "\(Messages.quoted(rename.new)) is already a key of \(table)\(module.name.map { " in module \($0)" } ?? ""); "
                        + "\(Messages.quoted(rename.old)) is renamed to \(Messages.quoted(target)) instead")
            }
        }
        // XML cannot hold most control characters: a .stringsdict entry cannot take such a key.
        if !TableFormat.stringsdict.canHold(target),
            let plural = opened.first(where: {
                $0.keys.contains(rename.old) && formats[$0.path]?.format == .stringsdict
            })
        {
            plan.conflicts.append(
                WriteConflict(
                    kind: .refusal,
                    message:
                        "\(Messages.quoted(target)) holds a control character, which a .stringsdict (XML) cannot hold",
                    location: Location(file: plural.path, line: 1, column: 1), key: rename.old))
            return nil
        }
        for file in opened where file.keys.contains(rename.old) {
            guard let (format, language) = formats[file.path] else { continue }
            try? documents.change(file.path, format: format, language: language, table: table) { change in
                if merging && file.keys.contains(rename.new) {
                    change.removed.append(rename.old)
                } else {
                    change.renamed[rename.old] = target
                }
            }
        }
        return (
            target, calls.map { path, call in (path, CallSite(location: call.location, old: rename.old, new: target)) }
        )
    }

    /// The string literals of `module`'s sources, outside localization calls, that read as
    /// `old`: a key passed around before it reaches a call. Listed as possible uses, and with
    /// `includeBareLiterals` renamed too.
    private func bareLiterals(
        _ old: String, becoming new: String, in index: RenameIndex,
        warnings: inout [(path: String, location: Location, message: String)]
    ) -> [(String, CallSite)] {
        var found: [(String, CallSite)] = []
        for (path, _, location) in index.literalsOutsideCalls(reading: old) {
            if options.includeBareLiterals {
                found.append((path, CallSite(location: location, old: old, new: new)))
                continue
            }
            // A generated accessor's own call (SwiftGen's `L10n.tr(…, "key")`) is no stray
            // literal: the generator writes it again from the renamed tables.
            let accessor = index.module.sources.first { $0.path == path }?.accessorDefinitions.first {
                $0.key == old
            }
            let message =
                accessor.map {
                    "is read here by the generated accessor `\($0.path)`; left as it is: generate this file "
                        + "again after the rename (--include-bare-literals renames it too)"
                }
                ?? "is written here outside a localization call, perhaps a key on its way to one; left as it is "
                + "(--include-bare-literals renames it too)"
            warnings.append(
                (path, location, "\(options.paths.location(location)): \(Messages.quoted(old)) " + message))
        }
        return found
    }

    /// Key `key`'s values in one file's `values`: its own and, in a catalog, each language's.
    private static func entry(_ key: String, in values: [String: String?]) -> [String: String?] {
        var result: [String: String?] = [:]
        for (name, value) in values {
            let base = name.prefix { $0 != "\u{0}" }
            if base == key { result[String(name[base.endIndex...])] = value }
        }
        return result
    }

    /// What `key` is in `files` of one table, comparable between two keys: per file, its
    /// values as the editor reads them and each entry's texts with their roles (a plural
    /// form, a device variation) as `lint` reads them, in every language.
    private static func contents(
        of key: String, in files: [(path: String, values: [String: String?], keys: Set<String>)],
        entries: [LoadedTableFile]
    ) -> [String] {
        var result: [String] = []
        for file in files where file.keys.contains(key) {
            let values = entry(key, in: file.values).sorted { $0.key < $1.key }.map {
                "\($0.key)=\($0.value ?? "\u{0}")"
            }
            result.append("\(file.path)\u{0}" + values.joined(separator: "\u{0}"))
            for loaded in entries where loaded.file.path == file.path {
                for entry in loaded.entries where entry.key == key {
                    let texts = entry.texts.map { "\($0.role)=\($0.text)" }.joined(separator: "\u{0}")
                    result.append("\(file.path)\u{0}\(loaded.file.language ?? "")\u{0}\(entry.format)\u{0}" + texts)
                }
            }
        }
        return result.sorted()
    }

    /// A conflict per file holding either key (at the new key's entry, else the old one's),
    /// with both keys' values.
    private func reportCollision(
        _ rename: Rename, table: String, files: [(path: String, values: [String: String?], keys: Set<String>)],
        entries: [LoadedTableFile], advice: String, plan: inout WritePlan
    ) {
        for file in files {
            func shown(_ key: String) -> String? {
                let values = Self.entry(key, in: file.values)
                guard !values.isEmpty else { return nil }
                return values.sorted { $0.key < $1.key }.map { suffix, value in
                    (suffix.isEmpty ? "" : "\(suffix.dropFirst()): ") + (value.map(Messages.quoted) ?? "(no text)")
                }.joined(separator: ", ")
            }
            func location(_ key: String) -> Location? {
                entries.lazy.filter { $0.file.path == file.path }.compactMap {
                    $0.entries.first { $0.key == key }?.location
                }.first
            }
            plan.conflicts.append(
                WriteConflict(
                    kind: .disagreement,
                    message: Messages.renameCollision(
                        old: rename.old, new: rename.new, table: table, oldValues: shown(rename.old),
                        newValues: shown(rename.new), advice: advice),
                    location: location(rename.new) ?? location(rename.old)
                        ?? Location(file: file.path, line: 1, column: 1), key: rename.old))
        }
    }

    /// A conflict at the first call that reads the new key, which no file of the table holds.
    private func reportCodeCollision(
        _ rename: Rename, table: String, at readers: [Location], advice: String, plan: inout WritePlan
    ) {
        guard let first = readers.min() else { return }
        plan.conflicts.append(
            WriteConflict(
                kind: .disagreement,
                message: Messages.renameCodeCollision(
                    old: rename.old, new: rename.new, table: table, calls: readers.count,
                    advice: advice),
                location: first, key: rename.old))
    }

    /// The change of one source: each call's key literal, found with the file's own lexer
    /// where the call says its key starts.
    private func sourceChange(
        _ path: String, _ wanted: [CallSite], index: RenameIndex?, conflicts: inout [WriteConflict]
    ) -> SourceChange? {
        let bytes: [UInt8]
        do {
            bytes = try index?.bytes(of: path) ?? read(path)
        } catch {
            conflicts.append(DocumentCache.refusal(error, file: path))
            return nil
        }
        let objectiveC = SourceScanner.language(ofFile: path).map { $0 != .swift } ?? false
        var change = SourceChange(path: path, bytes: bytes, objectiveC: objectiveC)
        let lines = bytes.withUnsafeBufferPointer { LineIndex($0) }
        let offsets = wanted.map { lines.offset(line: $0.location.line, column: $0.location.column) ?? -1 }
        let literals = bytes.withUnsafeBufferPointer {
            KeyLiteralEncoder.literals(in: $0, objectiveC: objectiveC, at: offsets)
        }
        var seen = Set<Int>()
        for (site, offset) in zip(wanted, offsets) {
            guard let literal = literals[offset], literal.text == site.old else {
                conflicts.append(
                    WriteConflict(
                        kind: .refusal,
                        message:
                            "the key \(Messages.quoted(site.old)) here is not one string literal Linza can rewrite",
                        location: site.location, key: site.old))
                continue
            }
            guard seen.insert(literal.range.lowerBound).inserted else { continue }
            change.replacements.append(SourceChange.Replacement(literal: literal, key: site.new))
        }
        guard !change.replacements.isEmpty else { return nil }
        // The edited file must hold the same calls, reading the new keys: a SwiftUI title
        // without a letter, for one, is shown as written and is no key at all.
        // Checked with the configuration of the module the file belongs to (its first, when shared).
        if let configuration = index?.module.configuration {
            let renamed = Dictionary(wanted.map { ($0.location, $0.new) }) { first, _ in first }
            // The file is scanned before and after the edit by one scanner of this file alone:
            // the project's scan of it has reads through generated accessors resolved from the
            // whole project, and calls through another module's bundle moved to that module.
            let scanner = SourceScanner(
                recognizer: CallRecognizer(
                    functions: configuration.functions, defaultTable: configuration.defaultTable))
            let before = scanner.scan(bytes, path: path).usages
            let expected = before.map { usage in
                "\(usage.function) \(renamed[usage.location].map(UsageKey.literal) ?? usage.key) \(usage.table)"
            }
            let found = scanner.scan(change.updated, path: path).usages.map { "\($0.function) \($0.key) \($0.table)" }
            if found != expected {
                // The first call that reads differently.
                let index =
                    zip(expected, found).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(expected.count, found.count)
                let location = before.indices.contains(index) ? before[index].location : nil
                let site = wanted.first { $0.location == location } ?? wanted[0]
                conflicts.append(
                    WriteConflict(
                        kind: .refusal,
                        message:
                            "renamed to \(Messages.quoted(site.new)), this call would no longer read a key Linza sees "
                            + "(a SwiftUI title without a letter, for one, is shown as written); choose another key",
                        location: site.location, key: site.old))
                return nil
            }
        }
        return change
    }

    /// The tables of `module` whose keys are renamed only when `named`: InfoPlist's keys are
    /// Info.plist's, an interface table's are Interface Builder's object ids; renamed, their
    /// text would no longer be found.
    static func tablesWithFixedKeys(_ module: Linter.LoadedModule, named: Set<String>) -> Set<String> {
        module.project.interfaceTables.subtracting(named)
    }

    /// Whether `key` of the interface table `table` is code's: a call reads it from there,
    /// and it is no Interface Builder object id's (`abc-de-fgh.text`) nor a system table's.
    static func isCodeKey(_ key: String, ofInterfaceTable table: String, index: RenameIndex) -> Bool {
        guard !ProjectIndex.systemTables.contains(table), index.calls[table]?[key]?.isEmpty == false else {
            return false
        }
        var key = key
        return !key.withUTF8(ProjectIndex.isInterfaceBuilderKey)
    }

    /// Sets a changed table file's edits from what the plan renamed and removed in it
    /// (internal, not private: the round-trip property tests plan a file's renames with it).
    static func finish(_ change: inout WritePlan.FileChange) {
        guard !change.renamed.isEmpty || !change.removed.isEmpty else { return }
        var edits: [TextEdit] = []
        let outcome = change.document.plan(
            TableChange(removing: Set(change.removed), renaming: change.renamed), edits: &edits)
        change.edits = edits
        change.keptTexts.merge(outcome.keptTexts) { _, kept in kept }
        change.droppedTexts.formUnion(outcome.droppedTexts)
    }
}

extension Messages {
    /// A catalog key renamed to one without its format specifiers.
    static func renameDropsSpecifiers(_ old: String, new: String, table: String, specifiers: [String]) -> String {
        "\(quoted(old)) in \(table) holds \(specifiers.joined(separator: " ")), which \(quoted(new)) does not: in a String "
            + "Catalog the key is the format the call passes, so its translations will be checked against the source "
            + "language's text instead (format_mismatch may report what the old key hid)"
    }

    /// A key some code reads through an accessor Linza does not count.
    static func unseenAccessorRead(_ key: String, root: UnseenAccessors.Root) -> String {
        "\(quoted(key)) looks read here through `\(root.name)`, which reads \(root.keys.count) keys of the table by name "
            + (root.declaration == nil
                ? "and is declared in no source Linza reads (generated at build time?)" : "without a call Linza sees")
            + "; Linza cannot rename such reads: describe it under accessors: in .linza.yml, or rename the key by hand"
    }

    /// A call that reads the table with a key Linza cannot see.
    static func renameUnseenReader(_ key: String, table: String) -> String {
        "\(quoted(key)) may be read by this call, which reads \(table) with a key Linza cannot see: renamed, "
            + "a key it builds would read nothing; mark it `// linza:disable:this dynamic_key` if it reads none of "
            + "the table's keys"
    }

    /// A table whose file code opens itself.
    static func renameOpenedTable(_ key: String, table: String) -> String {
        "\(quoted(key)) may be read by this code, which opens \(table)'s file itself and looks its keys up at run "
            + "time: renamed, such a lookup would read nothing; rename the key here and in the tables by hand"
    }

    /// A table that has the key while the calls that read it read other tables.
    static func renameUnreadTable(_ key: String, table: String) -> String {
        "\(quoted(key)) in \(table) is read by no call, while the calls of that key read other tables: "
            + "another key of the same spelling, not renamed there (--table \(table) renames it)"
    }

    /// A key of InfoPlist or of an interface table, left alone.
    static func renameFixedKey(_ key: String, table: String) -> String {
        "\(quoted(key)) in \(table) is read by that name by Info.plist or Interface Builder: not renamed there "
            + "(--table \(table) renames it)"
    }

    /// A source two modules check, whose call each would rename to another key.
    static func renameSharedSourceDisagrees(_ old: String, _ first: String, _ second: String) -> String {
        "\(quoted(old)) here would become \(quoted(first)) for one module that checks this source and "
            + "\(quoted(second)) for another; rename it to a key free in both, without --on-collision suffix"
    }

    /// A changed source that a module left out by `--module` checks too.
    static func renameSourceOutOfScope(_ module: String) -> String {
        "this source is checked with module \(quoted(module)) too, which --module leaves out: its tables would "
            + "keep the old key; add --module \(module)"
    }

    /// Keys renamed round a cycle (`a → b`, `b → a`): its outcome would depend on order.
    static func renameCycle(_ members: [String]) -> String {
        members.count == 2
            ? "\(quoted(members[0])) and \(quoted(members[1])) are renamed to each other (a cycle); rename one to a free key first"
            : (members + [members[0]]).map(quoted).joined(separator: " → ")
                + " is a cycle; rename one of them to a free key first"
    }

    /// A key renamed to one that is renamed in turn.
    static func renameChain(_ old: String, _ new: String, _ next: String) -> String {
        "\(quoted(old)) → \(quoted(new)) → \(quoted(next)) is a chain; rename \(quoted(old)) to \(quoted(next)) directly"
    }

    static let renameDifferAdvice = "they differ, so neither is dropped"
    static let renameCodeCollisionAdvice = "--on-collision suffix picks a free key"

    /// The new key is already in a file of the table that has (or lacks) the old one.
    static func renameCollision(
        old: String, new: String, table: String, oldValues: String?, newValues: String?, advice: String
    ) -> String {
        switch (newValues, oldValues) {
        case let (newValues?, oldValues?):
            "\(quoted(new)) is already a key of \(table) here (\(newValues)); \(quoted(old)) reads \(oldValues); \(advice)"
        case let (newValues?, nil):
            "\(quoted(new)) is already a key of \(table) here (\(newValues)); \(quoted(old)) is not in this file but in "
                + "another of the table, so the two are not one entry; \(advice)"
        case let (nil, oldValues):
            "\(quoted(new)) is already a key of \(table), though not in this file, where \(quoted(old)) reads "
                + "\(oldValues ?? "(nothing)"); \(advice)"
        }
    }

    /// The new key is read by code from the table, which has no entry for it.
    static func renameCodeCollision(old: String, new: String, table: String, calls: Int, advice: String) -> String {
        "\(quoted(new)) is already read as a key of \(table) here\(calls > 1 ? " (and at \(calls - 1) more call\(calls == 2 ? "" : "s"))" : ""), "
            + "though no file of the table has it; renamed to it, \(quoted(old)) would give \(calls == 1 ? "this call" : "these calls") its text; \(advice)"
    }
}
