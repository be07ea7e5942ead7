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
struct AccessorResolver {
    private struct Target {
        var key: String
        var table: String
        /// The development text the generated code passes (SwiftGen's `fallback:`).
        var value: String?
        var root: String
        /// The module holding the generated file: the tables the accessor reads are that
        /// module's. Nil when there is no such file: the using module's tables.
        var home: Int?
    }

    /// Full accessor path (`L10n.Settings.title`) -> what it reads.
    private var targets: [String: Target] = [:]
    /// For `naming: letters`, per root: the keys' letters -> what the key reads (nil where
    /// two keys share their letters: no accessor).
    private var spelled: [String: [String: Target?]] = [:]

    /// Every module's sources with its accessor paths resolved. A use whose accessor lives
    /// in another module's generated file moves to that module (`MovedUsages`).
    static func resolve(_ modules: [[ScannedSource]], discovered: [(module: Configuration, files: DiscoveredFiles)],
                        scanner: (Configuration) -> SourceScanner) -> [[ScannedSource]] {
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
            let resolver = AccessorResolver(configuration: found.module, scanned: scannedByPath, homes: homes,
                                            keys: { keysByTable(discovered[$0 ?? index].files.tables.concurrentMap(TableLoader.load).flatMap { $0 }) },
                                            scanner: scanner(found.module))
            for (position, source) in modules[index].enumerated() where !source.accessorReferences.isEmpty {
                var kept = source
                kept.accessorReferences = []
                var elsewhere: [Int: [LocalizationUsage]] = [:]
                for (usage, home) in resolver.usages(source.accessorReferences) {
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
    static func resolve(_ sources: [ScannedSource], configuration: Configuration, tables: [LoadedTableFile],
                        scanner: SourceScanner) -> [ScannedSource] {
        let scanned = Dictionary(sources.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let resolver = AccessorResolver(configuration: configuration, scanned: scanned, homes: [:],
                                        keys: { _ in keysByTable(tables) }, scanner: scanner)
        return sources.map { source in
            var resolved = source
            resolved.accessorReferences = []
            resolved.usages = (source.usages + resolver.usages(source.accessorReferences).map(\.0))
                .sorted { $0.location < $1.location }
            return resolved
        }
    }

    /// The map for `configuration.accessors`. A generated file is taken from `scanned`
    /// (every module's sources) or scanned with `scanner`. An accessor known by a naming rule
    /// reads the keys `keys(home)` gives: the generated file's module's tables, or the using
    /// module's (nil) when there is no file.
    private init(configuration: Configuration, scanned: [String: ScannedSource], homes: [String: Int],
                 keys: (Int?) -> [String: Set<String>], scanner: SourceScanner) {
        var keysByHome: [Int?: [String: Set<String>]] = [:]
        for accessor in configuration.accessors {
            if accessor.naming == .declarations, let file = accessor.file {
                var definitions = scanned[file]?.accessorDefinitions ?? []
                if definitions.isEmpty { definitions = scanner.scanFile(at: file).accessorDefinitions }
                for definition in definitions
                    where definition.path == accessor.root || definition.path.hasPrefix(accessor.root + ".") {
                    targets[definition.path] = targets[definition.path]
                        ?? Target(key: definition.key, table: definition.table, value: definition.value, root: accessor.root,
                                  home: homes[file])
                }
                continue
            }
            let home = accessor.file.flatMap { homes[$0] }
            let keysByTable = keysByHome[home] ?? keys(home)
            keysByHome[home] = keysByTable
            let tableNames: [String] = switch accessor.naming {
            case .rSwift: accessor.table.map { [$0] } ?? keysByTable.keys.sorted()
            default: [accessor.table ?? configuration.defaultTable]
            }
            for table in tableNames {
                for key in (keysByTable[table] ?? []).sorted() {
                    guard let path = AccessorNaming.path(of: key, table: table, naming: accessor.naming) else { continue }
                    if accessor.naming == .letters {
                        let target = Target(key: key, table: table, root: accessor.root, home: home)
                        spelled[accessor.root, default: [:]][path[0]] = spelled[accessor.root]?[path[0]] == nil ? .some(target) : .some(nil)
                        continue
                    }
                    let full = ([accessor.root] + path).joined(separator: ".")
                    targets[full] = targets[full] ?? Target(key: key, table: table, root: accessor.root, home: home)
                }
            }
        }
    }

    /// A usage for each reference that names a known accessor: the longest leading part of
    /// its path that does (the rest is what the code does with the string), with the module
    /// whose tables it reads. References naming no accessor are dropped.
    private func usages(_ references: [AccessorReference]) -> [(LocalizationUsage, home: Int?)] {
        var found: [(LocalizationUsage, home: Int?)] = []
        for reference in references {
            var components = reference.components
            while !components.isEmpty {
                let path = components.joined(separator: ".")
                if let target = targets[path] {
                    found.append((LocalizationUsage(function: target.root, key: .literal(target.key),
                                                    table: .named(target.table), defaultValue: target.value,
                                                    location: reference.location,
                                                    accessor: path), target.home))
                    break
                }
                components.removeLast()
            }
            if components.isEmpty, let target = spelledTarget(reference.components) {
                found.append((LocalizationUsage(function: target.root, key: .literal(target.key), table: .named(target.table),
                                                location: reference.location, accessor: reference.components.joined(separator: ".")),
                              target.home))
            }
        }
        return found
    }

    /// The key a path names under a `letters` root: the longest run of members after the
    /// root whose letters are a key's (`LocalString.cart_title.uppercased()` reads `cart.title`).
    private func spelledTarget(_ components: [String]) -> Target? {
        for (root, keys) in spelled {
            let rootComponents = root.split(separator: ".").map(String.init)
            guard components.count > rootComponents.count, Array(components.prefix(rootComponents.count)) == rootComponents else {
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

    /// Every key of every table, by table name.
    private static func keysByTable(_ tables: [LoadedTableFile]) -> [String: Set<String>] {
        var keys: [String: Set<String>] = [:]
        for loaded in tables {
            keys[loaded.file.name, default: []].formUnion(loaded.entries.map(\.key))
        }
        return keys
    }
}
