import LinzaBase
import LinzaConfiguration
import LinzaSources
import LinzaTables

/// Turns the accessor paths found in code (`L10n.Settings.title`) into usages of the keys
/// they read, so that `missing_key`, `unused_key`, `usages` and the writing commands see
/// code that never names a key.
///
/// The path -> key map comes from the generated file's declarations when the configuration
/// names the file, otherwise from the tables' keys under the generator's naming rule.
struct AccessorResolver: Sendable {
    private struct Target {
        var key: String
        var table: String
        /// The development text the generated code passes (SwiftGen's `fallback:`).
        var value: String?
        var root: String
        /// The module holding the generated file: the tables the accessor reads are that
        /// module's. Nil when there is no such file: the using module's tables.
        var home: Int?
        /// The other forms of a plural text read through one member (`Chat.Members_1`,
        /// `_3_10`…, the target being `_any`): used, though not every language needs each.
        var otherForms: [String] = []
    }

    /// A root whose every member reads a key (`only_keys: true`): what names a member that
    /// names none.
    private struct KeysOnlyRoot {
        var components: [String]
        var accessor: AccessorSet
        var table: String
        var home: Int?
    }

    /// Full accessor path (`L10n.Settings.title`) -> what it reads.
    private var targets: [String: Target] = [:]
    /// For `naming: letters`, per root: the keys' letters -> what the key reads (nil where
    /// two keys share their letters: no accessor).
    private var spelled: [String: [String: Target?]] = [:]
    private var keysOnlyRoots: [KeysOnlyRoot] = []

    /// Every module's sources with its accessor paths resolved. A use whose accessor lives
    /// in another module's generated file moves to that module (`MovedUsages`).
    ///
    /// The keys of a module's tables are taken from `cache` when it has them for the same
    /// table files with the same signatures (`ScanCache.accessorKeys`).
    static func resolve(
        _ modules: [[ScannedSource]], discovered: [(module: Configuration, files: DiscoveredFiles)],
        scanner: (Configuration) -> SourceScanner, cache: ScanCache? = nil
    ) -> [[ScannedSource]] {
        var homes: [String: Int] = [:]
        var scannedByPath: [String: ScannedSource] = [:]
        for (index, sources) in modules.enumerated() {
            for source in sources where homes[source.path] == nil {
                homes[source.path] = index
                scannedByPath[source.path] = source
            }
        }
        var result = modules
        var moved = MovedUsages(moduleCount: modules.count)
        for (index, found) in discovered.enumerated() where !found.module.accessors.isEmpty {
            let resolver = AccessorResolver(
                configuration: found.module, scanned: scannedByPath, homes: homes,
                keys: { home in
                    let tables = discovered[home ?? index].files.tables
                    let read = { () -> (keys: AccessorKeys, complete: Bool) in
                        let loaded = tables.concurrentMap(TableLoader.load).flatMap { $0 }
                        return (AccessorKeys(loaded), loaded.allSatisfy { $0.failure == nil })
                    }
                    return (cache?.accessorKeys(of: tables, read: read) ?? read().keys).byTable
                },
                scanner: scanner(found.module))
            // Resolved on all cores (Telegram-iOS: 15,580 accessor reads in one module), then
            // applied in order.
            let sources = modules[index]
            let referring = sources.indices.filter { !sources[$0].accessorReferences.isEmpty }
            let resolved = referring.concurrentMap { resolver.usages(sources[$0].accessorReferences) }
            for (position, found) in zip(referring, resolved) {
                let source = sources[position]
                var kept = source
                kept.accessorReferences = []
                var elsewhere: [Int: [LocalizationUsage]] = [:]
                for (usage, home, otherForms) in found {
                    // The other plural forms count as used the way a key written anywhere
                    // in code does, so that missing_key asks each language only for the
                    // form every language has.
                    kept.literalHashes += otherForms.map { StableHash.fnv1a($0) }
                    if let home, home != index {
                        elsewhere[home, default: []].append(usage)
                    } else {
                        kept.usages.append(usage)
                    }
                }
                kept.usages.sort { $0.location < $1.location }
                result[index][position] = kept
                for (home, usages) in elsewhere.sorted(by: { $0.key < $1.key }) {
                    moved.move(usages, of: source, to: home)
                }
            }
        }
        return moved.appended(to: result)
    }

    /// The sources of one module whose tables are already read (rule examples), resolved.
    static func resolve(
        _ sources: [ScannedSource], configuration: Configuration, tables: [LoadedTableFile],
        scanner: SourceScanner
    ) -> [ScannedSource] {
        let scanned = Dictionary(sources.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let resolver = AccessorResolver(
            configuration: configuration, scanned: scanned, homes: [:],
            keys: { _ in AccessorKeys(tables).byTable }, scanner: scanner)
        return sources.map { source in
            var resolved = source
            resolved.accessorReferences = []
            let found = resolver.usages(source.accessorReferences)
            resolved.usages = (source.usages + found.map(\.0)).sorted { $0.location < $1.location }
            resolved.literalHashes += found.flatMap(\.otherForms).map { StableHash.fnv1a($0) }
            return resolved
        }
    }

    /// The map for `configuration.accessors`. A generated file is taken from `scanned`
    /// (every module's sources) or scanned with `scanner`. An accessor known by a naming rule
    /// reads the keys `keys(home)` gives: the generated file's module's tables, or the using
    /// module's (nil) when there is no file.
    private init(
        configuration: Configuration, scanned: [String: ScannedSource], homes: [String: Int],
        keys: (Int?) -> [String: Set<String>], scanner: SourceScanner
    ) {
        var keysByHome: [Int?: [String: Set<String>]] = [:]
        for accessor in configuration.accessors {
            if accessor.naming == .declarations, let file = accessor.file {
                var definitions = scanned[file]?.accessorDefinitions ?? []
                if definitions.isEmpty { definitions = scanner.scanFile(at: file).accessorDefinitions }
                for definition in definitions
                where definition.path == accessor.root || definition.path.hasPrefix(accessor.root + ".") {
                    targets[definition.path] =
                        targets[definition.path]
                        ?? Target(
                            key: definition.key, table: definition.table, value: definition.value, root: accessor.root,
                            home: homes[file])
                }
                continue
            }
            let home = accessor.file.flatMap { homes[$0] }
            let keysByTable = keysByHome[home] ?? keys(home)
            keysByHome[home] = keysByTable
            let tableNames: [String] =
                switch accessor.naming {
                case .rSwift: accessor.table.map { [$0] } ?? keysByTable.keys.sorted()
                default: [accessor.table ?? configuration.defaultTable]
                }
            if accessor.onlyKeys {
                keysOnlyRoots.append(
                    KeysOnlyRoot(
                        components: accessor.root.split(separator: ".").map(String.init),
                        accessor: accessor, table: accessor.table ?? configuration.defaultTable,
                        home: home))
            }
            if accessor.naming == .transform, let transform = accessor.transform {
                let table = accessor.table ?? configuration.defaultTable
                addTransformed(
                    keysByTable[table] ?? [], table: table, accessor: accessor, transform: transform, home: home)
                continue
            }
            for table in tableNames {
                for key in (keysByTable[table] ?? []).sorted() {
                    guard let path = AccessorNaming.path(of: key, table: table, naming: accessor.naming) else {
                        continue
                    }
                    if accessor.naming == .letters {
                        let target = Target(key: key, table: table, root: accessor.root, home: home)
                        spelled[accessor.root, default: [:]][path[0]] =
                            spelled[accessor.root]?[path[0]] == nil ? .some(target) : .some(nil)
                        continue
                    }
                    let full = ([accessor.root] + path).joined(separator: ".")
                    targets[full] = targets[full] ?? Target(key: key, table: table, root: accessor.root, home: home)
                }
            }
        }
    }

    /// The members `transform` makes of `keys`: a plain key's member reads it; the forms of a
    /// plural text share one member, which reads the form named by the last of the plural
    /// endings (`_other`, `_any`), the one every language has.
    private mutating func addTransformed(
        _ keys: Set<String>, table: String, accessor: AccessorSet,
        transform: KeyTransform, home: Int?
    ) {
        var plurals: [String: [String]] = [:]
        for key in keys.sorted() {
            guard let member = transform.member(of: key) else { continue }
            let path = accessor.root + "." + member.name
            if member.isPluralForm {
                plurals[path, default: []].append(key)
            } else if targets[path] == nil {
                targets[path] = Target(key: key, table: table, root: accessor.root, home: home)
            }
        }
        let order = { (key: String) in
            transform.pluralSuffix(of: key).flatMap(transform.pluralSuffixes.firstIndex) ?? -1
        }
        for (path, forms) in plurals where targets[path] == nil {
            guard let main = forms.max(by: { (order($0), $1) < (order($1), $0) }) else { continue }
            targets[path] = Target(
                key: main, table: table, root: accessor.root, home: home,
                otherForms: forms.filter { $0 != main })
        }
    }

    /// A usage for each reference that names a known accessor: the longest leading part of
    /// its path that does (the rest is what the code does with the string), with the module
    /// whose tables it reads and the other forms of a plural text it reads. A reference
    /// naming no accessor is dropped, unless its root reads keys only.
    private func usages(_ references: [AccessorReference]) -> [(LocalizationUsage, home: Int?, otherForms: [String])] {
        var found: [(LocalizationUsage, home: Int?, otherForms: [String])] = []
        for reference in references {
            var components = reference.components
            while !components.isEmpty {
                let path = components.joined(separator: ".")
                if let target = targets[path] {
                    found.append(
                        (
                            LocalizationUsage(
                                function: target.root, key: .literal(target.key),
                                table: .named(target.table), defaultValue: target.value,
                                location: reference.location,
                                accessor: path), target.home, target.otherForms
                        ))
                    break
                }
                components.removeLast()
            }
            // A name an extension of the root uses bare is a use only when it is an accessor
            // whole: most such names are locals, types or functions of anything.
            guard components.isEmpty, !reference.isImplicit else { continue }
            if let target = spelledTarget(reference.components) {
                found.append(
                    (
                        LocalizationUsage(
                            function: target.root, key: .literal(target.key), table: .named(target.table),
                            location: reference.location, accessor: reference.components.joined(separator: ".")),
                        target.home, []
                    ))
            } else if let unmatched = unmatchedUsage(reference) {
                found.append(unmatched)
            }
        }
        return found
    }

    /// A member of a root that reads keys only (`only_keys: true`) that names no key: a use
    /// of the key that would make it, which no table has, so `missing_key` reports it at
    /// the use. Nil where no key makes that member.
    private func unmatchedUsage(_ reference: AccessorReference) -> (
        LocalizationUsage, home: Int?, otherForms: [String]
    )? {
        for root in keysOnlyRoots {
            let count = root.components.count
            guard reference.components.count > count, Array(reference.components.prefix(count)) == root.components
            else { continue }
            let member = reference.components[count]
            guard !Self.typeMembers.contains(member), let key = Self.key(making: member, accessor: root.accessor) else {
                return nil
            }
            let path = (root.components + [member]).joined(separator: ".")
            return (
                LocalizationUsage(
                    function: root.accessor.root, key: .literal(key), table: .named(root.table),
                    location: reference.location, accessor: path), root.home, []
            )
        }
        return nil
    }

    /// What the language gives every type (`LocalString.self`): never a key's member.
    private static let typeMembers: Set<String> = ["self", "Type", "Protocol", "init"]

    /// A key whose member under `accessor`'s naming is `member`, when the naming says one.
    private static func key(making member: String, accessor: AccessorSet) -> String? {
        switch accessor.naming {
        case .transform: accessor.transform?.key(making: member)
        // Letters and digits alike, and the key is the member: the member itself makes it.
        case .letters, .key: member
        case .swiftGenFlat: AccessorNaming.path(of: member, table: "", naming: .swiftGenFlat) == [member] ? member : nil
        case .declarations, .swiftGen, .rSwift: nil
        }
    }

    /// The key a path names under a `letters` root: the longest run of members after the
    /// root whose letters are a key's (`LocalString.cart_title.uppercased()` reads `cart.title`).
    private func spelledTarget(_ components: [String]) -> Target? {
        for (root, keys) in spelled {
            let rootComponents = root.split(separator: ".").map(String.init)
            guard components.count > rootComponents.count,
                Array(components.prefix(rootComponents.count)) == rootComponents
            else {
                continue
            }
            var end = components.count
            while end > rootComponents.count {
                let letters = AccessorNaming.letters(of: Substring(components[rootComponents.count..<end].joined()))
                if let found = keys[letters] { return found }
                end -= 1
            }
        }
        return nil
    }
}
