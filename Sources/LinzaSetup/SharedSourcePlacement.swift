import LinzaBase
import LinzaSources

/// Where `init` puts a Swift source that several modules compile: a source is checked with
/// one module, by default the first (the smallest) that compiles it. When that module's
/// other code never names the declarations holding the file's localization calls and
/// another module's code does, the calls run in that other module, and its tables are the
/// ones they read: Loop's `Common/Extensions/NSBundle.swift` is compiled by seven targets,
/// and only the app names `localizedNameAndVersion`, the property reading `%1$@ v%2$@`.
///
/// Only direct mentions count, as identifiers in the modules' other sources (their shared
/// sources too). Where the first module names any of them, where no module does (code
/// reached only through the file itself, or by the system), or where a call lies in no
/// named declaration, the source stays with the first module: a move needs evidence.
struct SharedSourcePlacement: Sendable {
    /// A source checked with another module than the first that compiles it.
    struct Move: Sendable {
        var source: String
        /// Indices into the modules: the one now checking it, and every one compiling it.
        var module: Int
        var compiledBy: [Int]
        /// The declarations holding its calls (and the types around them) that the module's
        /// code names, for what `init` prints.
        var names: [String]
    }

    private(set) var moves: [Move] = []

    /// `calls`: the positions of each source's localization calls (its key, or an accessor
    /// reference). `modules` in the order in which a source belongs to the first.
    init(modules: [InferredModule], calls: [String: [Location]]) {
        var compilers: [String: [Int]] = [:]
        for (index, module) in modules.enumerated() {
            for source in module.sources { compilers[source, default: []].append(index) }
        }
        // Each shared Swift source with calls, and the names its calls are reached through.
        var wanted: [(source: String, compiledBy: [Int], names: Set<String>)] = []
        for (source, locations) in calls.sorted(by: { $0.key < $1.key }) {
            guard let compiledBy = compilers[source], compiledBy.count > 1, !locations.isEmpty,
                SourceScanner.language(ofFile: source) == .swift, let bytes = try? FileReader.read(source)
            else { continue }
            let enclosing = CallerNames.enclosing(locations.map { ($0.line, $0.column) }, inSwift: bytes)
            guard !enclosing.contains(where: \.isEmpty) else { continue }
            wanted.append((source, compiledBy, Set(enclosing.joined())))
        }
        guard !wanted.isEmpty else { return }
        // Read each source of the modules concerned once, for the names any of them needs.
        let allNames = wanted.reduce(into: Set<String>()) { $0.formUnion($1.names) }
        let readers = Set(wanted.flatMap(\.compiledBy))
        let paths = Array(readers.reduce(into: Set<String>()) { $0.formUnion(modules[$1].sources) }).sorted()
        let found = paths.concurrentMap { path -> Set<String> in
            guard let bytes = try? FileReader.read(path) else { return [] }
            return CallerNames.mentioned(allNames, in: bytes, path: path)
        }
        var mentionedIn: [String: Set<String>] = [:]
        for (path, names) in zip(paths, found) where !names.isEmpty { mentionedIn[path] = names }
        for (source, compiledBy, names) in wanted {
            let callers = compiledBy.map { module -> Set<String> in
                modules[module].sources.reduce(into: Set<String>()) { named, other in
                    guard other != source, let mentions = mentionedIn[other] else { return }
                    named.formUnion(mentions.intersection(names))
                }
            }
            guard callers[0].isEmpty, let chosen = callers.firstIndex(where: { !$0.isEmpty }) else { continue }
            moves.append(
                Move(
                    source: source, module: compiledBy[chosen], compiledBy: compiledBy,
                    names: callers[chosen].sorted()))
        }
    }

    /// The module checking each moved source, by path.
    var moduleOfSource: [String: Int] {
        Dictionary(moves.map { ($0.source, $0.module) }, uniquingKeysWith: { first, _ in first })
    }
}
