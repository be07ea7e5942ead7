import LinzaBase
import LinzaConfiguration
import LinzaSources
import LinzaTables

/// A part of the project with its own sources and tables, as `init` found it.
public struct InferredModule: Sendable {
    public var name: String
    /// Where it comes from, for what `init` prints: `target App (application) in App.xcodeproj`,
    /// one entry per target merged into it.
    public var origins: [String]
    /// The first origin, and how many more.
    public var origin: String {
        origins.count > 1 ? "\(origins[0]) and \(origins.count - 1) more" : origins.first ?? name
    }
    /// The sources it compiles and the tables it ships (absolute paths).
    public var sources: Set<String>
    public var tables: Set<String>
    /// The development language its project or package declares.
    public var developmentLanguage: String?
    /// True when it has no tables of its own and reads another module's (an app
    /// extension reading the app's, a package reading the main bundle).
    public var borrowsTables = false
    /// Calls in its sources with a literal key, and how many of them carry their text in
    /// `value:`/`defaultValue:` (counted by the survey's scan).
    public var literalCalls = 0
    public var callsWithValue = 0

    /// It ships tables, none of them in its development language (or `Base`), and its calls
    /// carry their text in `value:`: a translated-only extension whose text is exported from
    /// code. Without `development_values_in_code: true` its run would stop for want of a
    /// development table.
    public var keepsTextInCode = false
}

/// Modules from the project's build descriptions: each Xcode project's targets (nested
/// projects too) and each Swift package's targets. Tests are left out; targets that ship
/// the same tables are one module.
enum ModuleInference {
    static func modules(in layout: ProjectLayout, files: DiscoveredFiles) -> [InferredModule] {
        let sources = Set(files.sources)
        let tables = Set(files.tables.map(\.path))
        var modules: [InferredModule] = []
        for project in layout.projects {
            let projectName = String(Path.lastComponent(project.path))
            for target in project.targets where !target.isTest {
                let synchronized = { (path: String) in target.synchronizedFolders.contains { Path.relative(path, to: $0) != nil } }
                let kind = target.productType.split(separator: ".").last.map(String.init) ?? "target"
                modules.append(InferredModule(
                    name: target.name, origins: ["target \(target.name) (\(kind)) in \(projectName)"],
                    sources: Set(target.sources.filter(sources.contains)).union(sources.filter(synchronized)),
                    tables: Set(target.tables.filter(tables.contains)).union(tables.filter(synchronized)),
                    developmentLanguage: project.developmentRegion.flatMap(LanguageCode.normalize)))
            }
        }
        for manifest in layout.manifests {
            guard let bytes = try? FileReader.read(manifest) else { continue }
            let package = PackageManifest(bytes)
            let folder = Path.parent(manifest)
            let packageName = package.name ?? String(Path.lastComponent(folder))
            for target in package.targets where !target.isTest {
                let root = Path.absolute(target.folder, relativeTo: folder)
                let inside = { (path: String) in Path.relative(path, to: root) != nil }
                modules.append(InferredModule(
                    name: target.name, origins: ["target \(target.name) of the Swift package \(packageName)"],
                    sources: sources.filter(inside), tables: tables.filter(inside),
                    developmentLanguage: package.defaultLocalization.flatMap(LanguageCode.normalize)))
            }
        }
        return merged(modules.filter { !$0.sources.isEmpty })
    }

    /// Targets sharing a table file become one module (an app and its extensions): a key
    /// one of them uses is used; a module without tables reads the first module's that has some.
    private static func merged(_ modules: [InferredModule]) -> [InferredModule] {
        var result: [InferredModule] = []
        for module in modules {
            if !module.tables.isEmpty, let index = result.firstIndex(where: { !$0.tables.isDisjoint(with: module.tables) }) {
                result[index].sources.formUnion(module.sources)
                result[index].tables.formUnion(module.tables)
                result[index].origins += module.origins
            } else if let index = result.firstIndex(where: { $0.name == module.name }) {
                result[index].sources.formUnion(module.sources)
                result[index].tables.formUnion(module.tables)
            } else {
                result.append(module)
            }
        }
        guard let lender = result.first(where: { !$0.tables.isEmpty }) else { return ordered(result) }
        for index in result.indices where result[index].tables.isEmpty {
            result[index].tables = lender.tables
            result[index].borrowsTables = true
        }
        // Modules without tables of their own join the module they borrow from.
        var joined: [InferredModule] = []
        for module in result {
            if module.borrowsTables, let index = joined.firstIndex(where: { $0.tables == module.tables }) {
                joined[index].sources.formUnion(module.sources)
                joined[index].origins += module.origins
            } else {
                joined.append(module)
            }
        }
        return ordered(joined)
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
