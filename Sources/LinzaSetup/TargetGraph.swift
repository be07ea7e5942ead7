import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

/// Every target of the project's Xcode projects and Swift packages (tests left out): what
/// it compiles, what tables it ships, and which targets it builds into its product. `init`
/// reads it to decide whose tables the code of a target without tables reads: those of the
/// nearest target with tables that embeds it, and no other.
struct TargetGraph {
    struct Node {
        var name: String
        /// `target App (application) in App.xcodeproj`, for what `init` prints.
        var origin: String
        /// Sources it compiles and tables it ships, among the files discovery found.
        var sources: Set<String>
        var tables: Set<String>
        var developmentLanguage: String?
        /// Nodes built into this one's product (an app's extensions, frameworks, linked
        /// package targets), as indices into `nodes`.
        var embeds: [Int]
    }

    var nodes: [Node]
    /// For each node, the nodes that embed it.
    private var embedders: [Int: [Int]] = [:]
    /// Sources test targets compile: compiled, though by no product target.
    var testSources: Set<String>

    init(layout: ProjectLayout, files: DiscoveredFiles) {
        let sources = Set(files.sources)
        let tables = Set(files.tables.map(\.path))
        var nodes: [Node] = []
        var testSources = Set<String>()
        var xcodeNodes: [XcodeProject.Reference: Int] = [:]
        var pending: [(node: Int, targets: [XcodeProject.Reference], products: [String])] = []
        for project in layout.projects {
            let projectName = String(Path.lastComponent(project.path))
            for target in project.targets {
                let synchronized = { (path: String) in target.synchronized.contains(path) }
                let compiled = Set(target.sources.filter(sources.contains)).union(sources.filter(synchronized))
                if target.isTest { testSources.formUnion(compiled); continue }
                let kind = target.productType.split(separator: ".").last.map(String.init) ?? "target"
                xcodeNodes[XcodeProject.Reference(project: project.path, target: target.id)] = nodes.count
                pending.append((nodes.count, target.embeds, target.packageProducts))
                nodes.append(
                    Node(
                        name: target.name, origin: "target \(target.name) (\(kind)) in \(projectName)",
                        sources: compiled,
                        tables: Set(target.tables.filter(tables.contains)).union(tables.filter(synchronized)),
                        developmentLanguage: project.developmentRegion.flatMap(LanguageCode.normalize), embeds: []))
            }
        }
        let packages = layout.manifests.compactMap { manifest -> (folder: String, manifest: PackageManifest)? in
            guard let bytes = try? FileReader.read(manifest) else { return nil }
            return (Path.parent(manifest), PackageManifest(bytes))
        }
        var packageNodes: [[String: Int]] = []
        for (folder, package) in packages {
            let packageName = package.name ?? String(Path.lastComponent(folder))
            var byName: [String: Int] = [:]
            for target in package.targets {
                let root = Path.absolute(target.folder, relativeTo: folder)
                let inside = { (path: String) in Path.relative(path, to: root) != nil }
                if target.isTest { testSources.formUnion(sources.filter(inside)); continue }
                byName[target.name] = byName[target.name] ?? nodes.count
                nodes.append(
                    Node(
                        name: target.name, origin: "target \(target.name) of the Swift package \(packageName)",
                        sources: sources.filter(inside), tables: tables.filter(inside),
                        developmentLanguage: package.defaultLocalization.flatMap(LanguageCode.normalize), embeds: []))
            }
            packageNodes.append(byName)
        }
        let products = PackageProducts(packages: packages.map { ($0.folder, $0.manifest) }, nodes: packageNodes)
        for (node, targets, productNames) in pending {
            nodes[node].embeds =
                targets.compactMap { xcodeNodes[$0] } + productNames.flatMap { products.nodes(of: $0, package: nil) }
        }
        for (index, (_, package)) in packages.enumerated() {
            for target in package.targets where !target.isTest {
                guard let node = packageNodes[index][target.name] else { continue }
                nodes[node].embeds += target.dependencies.flatMap { dependency in
                    dependency.package == nil
                        ? products.nodes(inPackage: index, named: dependency.name)
                        : products.nodes(of: dependency.name, package: dependency.package)
                }
            }
        }
        self.nodes = nodes
        self.testSources = testSources
        for (index, host) in nodes.enumerated() {
            for embedded in Set(host.embeds) where embedded != index { embedders[embedded, default: []].append(index) }
        }
    }

    /// The nearest nodes with tables that build `node` into their product, directly or
    /// through nodes without tables (an app embedding an extension that links a package).
    func hosts(of node: Int) -> [Int] {
        var hosts: Set<Int> = []
        var seen: Set<Int> = [node]
        var queue = [node]
        while let current = queue.popLast() {
            for embedder in embedders[current] ?? [] where seen.insert(embedder).inserted {
                if nodes[embedder].tables.isEmpty { queue.append(embedder) } else { hosts.insert(embedder) }
            }
        }
        return hosts.sorted()
    }
}

/// Package targets by product: a name in a target's `dependencies:` is a target or a
/// product of its own package, or a product of another; `.product(name:package:)` and an
/// Xcode target's linked product name one of any package in the folder (packages outside
/// it are not read).
private struct PackageProducts {
    /// Each package's folder and manifest, and its targets' nodes by name.
    let packages: [(folder: String, manifest: PackageManifest)]
    let nodes: [[String: Int]]

    /// A bare name (`"RSCore"`, `.byName`): a target or product of this package, else, as
    /// SwiftPM resolves it, a product of another package.
    func nodes(inPackage index: Int, named name: String) -> [Int] {
        if let node = nodes[index][name] { return [node] }
        let own = members(of: name, in: index)
        return own.isEmpty ? nodes(of: name, package: nil) : own
    }

    /// The targets of product `name`: in the package `package` names (by its name or its
    /// folder's, as SwiftPM's identity) when it is one of these, else in every package that
    /// declares it (an Xcode project's link names no package; two manifests may declare it,
    /// one a copy whose sources are a link Linza does not follow).
    func nodes(of name: String, package: String?) -> [Int] {
        let named = packages.indices.filter { index in
            guard let package = package?.lowercased() else { return false }
            return packages[index].manifest.name?.lowercased() == package
                || Path.lastComponent(packages[index].folder).lowercased() == package
        }
        let found = named.flatMap { members(of: name, in: $0) }
        return found.isEmpty ? packages.indices.flatMap { members(of: name, in: $0) } : found
    }

    /// A product's targets; a target named like the product when no product is declared
    /// by that name (an Xcode project linking a package's target directly).
    private func members(of product: String, in index: Int) -> [Int] {
        if let declared = packages[index].manifest.products.first(where: { $0.name == product }) {
            return declared.targets.compactMap { nodes[index][$0] }
        }
        return nodes[index][product].map { [$0] } ?? []
    }
}
