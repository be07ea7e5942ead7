import LinzaBase
import LinzaConfiguration
import LinzaSources
import LinzaTables

/// A part of the project with its own sources and tables, as `init` found it.
package struct InferredModule: Sendable {
    package var name: String
    /// Where it comes from, for what `init` prints: `target App (application) in App.xcodeproj`,
    /// one entry per target merged into it.
    package var origins: [String]
    /// The first origin, and how many more.
    package var origin: String {
        origins.count > 1 ? "\(origins[0]) and \(origins.count - 1) more" : origins.first ?? name
    }
    /// The sources it compiles and the tables it ships (absolute paths).
    package var sources: Set<String>
    package var tables: Set<String>
    /// The development language its project or package declares.
    package var developmentLanguage: String?
    /// Calls in its sources with a literal key (SwiftUI's titles too when `init` switches
    /// SwiftUI on), how many of them carry their text in `value:`/`defaultValue:`, and how
    /// many others have a key that is itself text (`"Eventual"`, `"%@ U"`), which is what a
    /// table without that key shows (counted by the survey's scan).
    package var literalCalls = 0
    package var callsWithValue = 0
    package var callsWithTextKey = 0

    /// It ships tables, none of them in its development language (or `Base`, interface
    /// tables aside): `linza` stops on such a module unless told how to read it.
    package var lacksDevelopmentTable = false
    /// It lacks a development table and its calls keep their development text in code, in
    /// `value:` or as their own key: a translated-only extension (Loop's widget and intent
    /// extensions) whose text is exported from code and which shows a key as its own text in
    /// the development language, as `Bundle.main` of an extension is the extension's bundle,
    /// not the app's. `development_values_in_code: true` is then how it reads.
    package var keepsTextInCode = false
}

/// Modules from the project's build descriptions: each Xcode project's targets (nested
/// projects too) and each Swift package's targets. Tests are left out; targets that ship
/// the same tables are one module; a target without tables reads the tables of the module
/// that embeds it, and is in no module when none does. When no target ships a table, there
/// are no modules.
enum ModuleInference {
    /// The modules, and what `init` must say about the code they leave out or share.
    struct Inferred {
        var modules: [InferredModule]
        /// Targets without tables that no target with tables embeds (a command-line tool, a
        /// test helper, a macOS target in an iOS app's repository): whose tables their code
        /// reads cannot be known, so it is in no module, and `init` says so.
        var unembedded: [(origin: String, sources: Set<String>)]
        /// Targets without tables embedded by modules with different tables (a package both
        /// an iOS and a macOS app link): a source is checked with one module only, the first.
        var shared: [(name: String, modules: [String])]
        /// Every source a target compiles, product or test.
        var compiled: Set<String>
        /// The targets read when none of them ships a table, and so none is a module.
        var withoutTables: [String] = []
        /// Every table a product target ships.
        var shipped: Set<String> = []
    }

    static func modules(in layout: ProjectLayout, files: DiscoveredFiles) -> Inferred {
        let graph = TargetGraph(layout: layout, files: files)
        let compiled = graph.nodes.reduce(into: graph.testSources) { $0.formUnion($1.sources) }
        // Targets sharing a table file become one module (an app and its extensions that
        // copy the same tables): a key one of them uses is used.
        var modules: [InferredModule] = []
        var moduleOfNode: [Int: Int] = [:]
        for (index, node) in graph.nodes.enumerated() where !node.tables.isEmpty {
            let target =
                modules.firstIndex { !$0.tables.isDisjoint(with: node.tables) }
                ?? modules.firstIndex { $0.name == node.name }
            if let target {
                modules[target].sources.formUnion(node.sources)
                modules[target].tables.formUnion(node.tables)
                modules[target].origins.append(node.origin)
                moduleOfNode[index] = target
            } else {
                moduleOfNode[index] = modules.count
                modules.append(
                    InferredModule(
                        name: node.name, origins: [node.origin], sources: node.sources,
                        tables: node.tables, developmentLanguage: node.developmentLanguage))
            }
        }
        let tableless = graph.nodes.indices.filter {
            graph.nodes[$0].tables.isEmpty && !graph.nodes[$0].sources.isEmpty
        }
        guard !modules.isEmpty else {
            // No target ships a table: the targets read here do not build the app (Telegram
            // builds with Bazel and keeps a few `Package.swift` for other uses), or nothing
            // has tables. A module without tables checks nothing, so there are no modules:
            // every folder with sources is read against every table, as without a project.
            return Inferred(
                modules: [], unembedded: [], shared: [], compiled: compiled,
                withoutTables: tableless.map { graph.nodes[$0].origin }, shipped: [])
        }
        // The rest read the tables of the module that embeds them, and join it: a key any
        // of them uses is used (as a separate module, each would call the others' keys unused).
        var unembedded: [(origin: String, sources: Set<String>)] = []
        var shared: [(name: String, modules: [String])] = []
        for index in tableless {
            let node = graph.nodes[index]
            let lenders = Array(Set(graph.hosts(of: index).compactMap { moduleOfNode[$0] })).sorted()
            guard let lender = lenders.first else {
                unembedded.append((node.origin, node.sources))
                continue
            }
            if lenders.count > 1 { shared.append((node.name, lenders.map { modules[$0].name })) }
            modules[lender].sources.formUnion(node.sources)
            modules[lender].origins.append(node.origin)
        }
        return Inferred(
            modules: ordered(modules.filter { !$0.sources.isEmpty }),
            unembedded: unembedded, shared: shared, compiled: compiled,
            shipped: modules.reduce(into: Set<String>()) { $0.formUnion($1.tables) })
    }

    /// A source file belongs to the first module that includes it: small modules first let
    /// a large one include whole folders that hold a few of their files.
    private static func ordered(_ modules: [InferredModule]) -> [InferredModule] {
        modules.enumerated().sorted { lhs, rhs in
            lhs.element.sources.count != rhs.element.sources.count
                ? lhs.element.sources.count < rhs.element.sources.count : lhs.offset < rhs.offset
        }.map(\.element)
    }
}
