import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

/// What renaming needs of one module, gathered once for all the renames of a plan (a
/// derived map renames hundreds of keys): the named keys' calls by table, the calls whose
/// key Linza reads only in part, each table's keys, and on first use the string literals
/// that read as a named key.
final class RenameIndex {
    let module: Linter.LoadedModule
    /// The keys the renames rename and rename to: the only keys asked about.
    private let named: Set<String>
    private let read: (String) throws -> [UInt8]
    /// Per table: the calls of each literal key the renames name (`named`), with the file
    /// they are in. Only those: every key's calls, copied, took more memory than the tables.
    private(set) var calls: [String: [String: [(path: String, usage: LocalizationUsage)]]] = [:]
    /// Calls whose key is a literal start (`"promo.\(season)"`) or an interpolated template.
    private(set) var partialKeys: [LocalizationUsage] = []
    /// The named keys some call reads from a table Linza cannot see (`tableName: variable`).
    private(set) var keysOfUnseenTables = Set<String>()
    /// Per table (`""`: any table), the calls that read it with a key Linza cannot see at all
    /// and whose `dynamic_key` finding is not suppressed: any key of it may be theirs.
    let unseenKeyReaders: [String: [Location]]
    /// Per table (`""`: any table), where code opens its file itself (`TableFileRead`).
    let openedTables: [String: [Location]]
    /// Per table: the keys its files hold, and the literal keys code reads from it.
    private(set) var tableKeys: [String: Set<String>] = [:]
    private(set) var codeKeys: [String: Set<String>] = [:]
    /// Every table name of the module: its files' and its calls'.
    let tableNames: [String]
    private var sourceBytes: [String: [UInt8]] = [:]
    private var literalsByText: [String: [(path: String, literal: KeyLiteral, location: Location)]]?
    private var templates: [(template: KeyTemplate, location: Location)] = []
    /// The module's call forms, to tell a call's other arguments from keys outside calls.
    private lazy var recognizer = CallRecognizer(
        functions: module.configuration.functions, defaultTable: module.configuration.defaultTable)

    /// `named`: the keys the renames rename and rename to, whose calls are kept.
    init(_ module: Linter.LoadedModule, named: Set<String>, read: @escaping (String) throws -> [UInt8]) {
        self.module = module
        self.named = named
        self.read = read
        for source in module.sources {
            for usage in source.usages {
                if let key = usage.key.literal, let table = usage.table.name {
                    if named.contains(key) {
                        calls[table, default: [:]][key, default: []].append((source.path, usage))
                    } else if calls[table] == nil {
                        // Every table code reads is one of `tableNames`.
                        calls[table] = [:]
                    }
                    codeKeys[table, default: []].insert(key)
                } else if let key = usage.key.literal, named.contains(key) {
                    keysOfUnseenTables.insert(key)
                } else if usage.key.prefix?.isEmpty == false || usage.template != nil {
                    partialKeys.append(usage)
                }
            }
        }
        for file in module.tables where file.failure == nil {
            tableKeys[file.file.name, default: []].formUnion(file.entries.map(\.key))
        }
        tableNames = Set(tableKeys.keys).union(calls.keys).sorted()
        unseenKeyReaders = UnseenKeyReaders.tables(module.sources)
        openedTables = PrunePlanner.tablesOpenedByCode(module.sources)
    }

    /// Whether code reads `key` from tables other than `table` and never from one it cannot
    /// see, while no call reads it from `table`: that table's entry is another key of the
    /// same spelling (OpenEmu's "Edit" of `MainMenu`, which its menus read at run time,
    /// beside the "Edit" its code reads from `OEControls`).
    func isReadOnlyElsewhere(_ key: String, than table: String) -> Bool {
        guard calls[table]?[key] == nil, !keysOfUnseenTables.contains(key) else { return false }
        return calls.contains { $0.key != table && $0.value[key] != nil }
    }

    /// A source's bytes, read once.
    func bytes(of path: String) throws -> [UInt8] {
        if let bytes = sourceBytes[path] { return bytes }
        let bytes = try read(path)
        sourceBytes[path] = bytes
        return bytes
    }

    /// The whole string literals (outside comments) of the module's sources that read as
    /// `text`, one of the named keys, and are not a call's key: each source is lexed once,
    /// on the first call, and only the literals of named keys are kept.
    func literalsOutsideCalls(reading text: String) -> [(path: String, literal: KeyLiteral, location: Location)] {
        if literalsByText == nil {
            var index: [String: [(path: String, literal: KeyLiteral, location: Location)]] = [:]
            for source in module.sources {
                // Kept for the sources a rename may edit (a call or literal of a named key),
                // the only ones `bytes(of:)` is asked for later; every source's bytes were held.
                let bytes: [UInt8]
                if let cached = sourceBytes[source.path] {
                    bytes = cached
                } else {
                    guard let fresh = try? read(source.path) else { continue }
                    bytes = fresh
                }
                var keeps = source.usages.contains { $0.key.literal.map(named.contains) == true }
                let objectiveC = SourceScanner.language(ofFile: source.path).map { $0 != .swift } ?? false
                let lines = bytes.withUnsafeBufferPointer { LineIndex($0) }
                let keyStarts = source.usages
                    .compactMap { lines.offset(line: $0.location.line, column: $0.location.column) }.sorted()
                if !objectiveC {
                    for (range, template) in bytes.withUnsafeBufferPointer({
                        KeyLiteralEncoder.interpolatedTemplates(in: $0)
                    }) {
                        if let first = keyStarts.firstIndex(where: { $0 >= range.lowerBound }),
                            range.contains(keyStarts[first])
                        {
                            continue
                        }
                        let (line, column) = lines.position(of: range.lowerBound)
                        templates.append((template, Location(file: source.path, line: line, column: column)))
                    }
                }
                // Where calls' other arguments start: made only for a source with a literal
                // of a named key that is no call's key.
                var argumentStarts: [Int]?
                for literal in bytes.withUnsafeBufferPointer({
                    KeyLiteralEncoder.literals(in: $0, objectiveC: objectiveC)
                }) {
                    // Only the literals of named keys are asked for.
                    guard named.contains(literal.text) else { continue }
                    // A call's key starts inside its literal (at the quote, or at `@` or `#`).
                    let first = keyStarts.firstIndex { $0 >= literal.range.lowerBound }
                    if let first, literal.range.contains(keyStarts[first]) { continue }
                    // So does its comment, value or table that spells the key: part of the
                    // call, not a key on its way to one.
                    if argumentStarts == nil {
                        argumentStarts = bytes.withUnsafeBufferPointer {
                            recognizer.argumentStarts(in: $0, language: objectiveC ? .objc : .swift).sorted()
                        }
                    }
                    if let starts = argumentStarts,
                        let next = starts.firstIndex(where: { $0 >= literal.range.lowerBound }),
                        literal.range.contains(starts[next])
                    {
                        continue
                    }
                    let (line, column) = lines.position(of: literal.range.lowerBound)
                    index[literal.text, default: []].append(
                        (source.path, literal, Location(file: source.path, line: line, column: column)))
                    keeps = true
                }
                if keeps { sourceBytes[source.path] = bytes }
            }
            literalsByText = index
        }
        return literalsByText?[text] ?? []
    }

    /// The interpolated literals outside calls whose template reads as `key` (handed to a
    /// `LocalizedStringKey`, `"posts.\(count)"` reads `posts.%lld`): uses Linza cannot rewrite.
    func interpolatedLiteralsOutsideCalls(reading key: String) -> [Location] {
        _ = literalsOutsideCalls(reading: key)
        return templates.filter { $0.template.matches(key) }.map(\.location)
    }
}
