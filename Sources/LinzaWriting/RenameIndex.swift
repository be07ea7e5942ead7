import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

/// What renaming needs of one module, gathered once for all the renames of a plan (a
/// derived map renames hundreds of keys): calls by table and key, the calls whose key
/// Linza reads only in part, each table's keys, and on first use every string literal.
final class RenameIndex {
    let module: Linter.LoadedModule
    private let read: (String) throws -> [UInt8]
    /// Per table: each literal key's calls, with the file they are in.
    private(set) var calls: [String: [String: [(path: String, usage: LocalizationUsage)]]] = [:]
    /// Calls whose key is a literal start (`"promo.\(season)"`) or an interpolated template.
    private(set) var partialKeys: [LocalizationUsage] = []
    /// Per table: the keys its files hold, and the literal keys code reads from it.
    private(set) var tableKeys: [String: Set<String>] = [:]
    private(set) var codeKeys: [String: Set<String>] = [:]
    /// Every table name of the module: its files' and its calls'.
    let tableNames: [String]
    private var sourceBytes: [String: [UInt8]] = [:]
    private var literalsByText: [String: [(path: String, literal: KeyLiteral, location: Location)]]?
    private var templates: [(template: KeyTemplate, location: Location)] = []

    init(_ module: Linter.LoadedModule, read: @escaping (String) throws -> [UInt8]) {
        self.module = module
        self.read = read
        for source in module.sources {
            for usage in source.usages {
                if let key = usage.key.literal, let table = usage.table.name {
                    calls[table, default: [:]][key, default: []].append((source.path, usage))
                    codeKeys[table, default: []].insert(key)
                } else if usage.key.prefix?.isEmpty == false || usage.template != nil {
                    partialKeys.append(usage)
                }
            }
        }
        for file in module.tables where file.failure == nil {
            tableKeys[file.file.name, default: []].formUnion(file.entries.map(\.key))
        }
        tableNames = Set(tableKeys.keys).union(calls.keys).sorted()
    }

    /// A source's bytes, read once.
    func bytes(of path: String) throws -> [UInt8] {
        if let bytes = sourceBytes[path] { return bytes }
        let bytes = try read(path)
        sourceBytes[path] = bytes
        return bytes
    }

    /// The whole string literals (outside comments) of the module's sources that read as
    /// `text` and are not a call's key: each source is lexed once, on the first call.
    func literalsOutsideCalls(reading text: String) -> [(path: String, literal: KeyLiteral, location: Location)] {
        if literalsByText == nil {
            var index: [String: [(path: String, literal: KeyLiteral, location: Location)]] = [:]
            for source in module.sources {
                guard let bytes = try? bytes(of: source.path) else { continue }
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
                for literal in bytes.withUnsafeBufferPointer({
                    KeyLiteralEncoder.literals(in: $0, objectiveC: objectiveC)
                }) {
                    // A call's key starts inside its literal (at the quote, or at `@` or `#`).
                    let first = keyStarts.firstIndex { $0 >= literal.range.lowerBound }
                    if let first, literal.range.contains(keyStarts[first]) { continue }
                    let (line, column) = lines.position(of: literal.range.lowerBound)
                    index[literal.text, default: []].append(
                        (source.path, literal, Location(file: source.path, line: line, column: column)))
                }
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
