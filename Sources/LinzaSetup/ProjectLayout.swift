import LinzaBase
import LinzaConfiguration

/// What one walk of the project folder finds for `init`: folders that hold no product
/// code, the Xcode projects (read once), the Swift package manifests, and the files that
/// describe the build (where code generators are run from).
struct ProjectLayout {
    /// Folders holding tests, screenshots or vendored code, not walked into: names (any
    /// depth) or paths relative to the project folder.
    var nonProductFolders: [String]
    /// Why each vendored folder of `nonProductFolders` was left out, and why a folder named
    /// like one was not.
    var vendorReasons: [(folder: String, reason: String, excluded: Bool)]
    /// Folders with a license of their own that neither git nor a name like vendored code
    /// says are foreign (absolute paths, walked into): foreign when no target compiles their
    /// code, which only the targets tell (`ProjectSurvey`).
    var licensedFolders: [String]
    /// Readable Xcode projects, shallowest first.
    var projects: [XcodeProject]
    /// Projects that could not be read, with where and why: `init` says so and goes on
    /// without them.
    var unreadableProjects: [InputFailure]
    var manifests: [String]
    /// `project.pbxproj`, `Package.swift`, `Podfile`, `Mintfile`, `Cartfile`, `project.yml`.
    var buildDescriptions: [String]
    /// Files at the top of the folder that describe a build Linza does not read (Bazel's
    /// `MODULE.bazel`, Buck's `BUCK`, Tuist's `Project.swift`), for what `init` prints.
    var otherBuildFiles: [String]

    init(walking directory: String) {
        var names: Set<String> = []
        var vendorReasons: [(folder: String, reason: String, excluded: Bool)] = []
        let vendored = VendoredFolders(root: directory)
        var projectPaths: [String] = []
        var manifests: [String] = []
        var descriptions: [String] = []
        var licensed: Set<String> = []
        // Every folder left out by its name, as a path relative to `directory`.
        var namedFolders: [String] = []
        DirectoryWalker.walk(
            directory,
            visit: { entry, name in
                switch entry {
                case .directory(let path):
                    if Configuration.alwaysExcludedFolders.contains(name) {
                        // Skipped by lint too, whatever the configuration says: say so.
                        if let reason = VendoredFolders.alwaysSkippedReason(name) {
                            vendorReasons.append((Path.relative(path, to: directory) ?? name, reason, true))
                        }
                        return false
                    }
                    if name.hasPrefix(".") { return false }
                    if name.hasSuffix(".xcodeproj") {
                        projectPaths.append(path)
                        descriptions.append(Path.join(path, "project.pbxproj"))
                        return false
                    }
                    let relative = Path.relative(path, to: directory) ?? name
                    if Self.isNonProduct(name) {
                        names.insert(name)
                        namedFolders.append(relative)
                        return false
                    }
                    if let reason = VendoredFolders.packageCheckoutReason(path, name: name) {
                        names.insert(relative)
                        vendorReasons.append((relative, reason, true))
                        return false
                    }
                    if VendoredFolders.isVendorName(name) {
                        if let reason = vendored.vendorFolderReason(path) {
                            names.insert(relative)
                            vendorReasons.append((relative, reason, true))
                            return false
                        }
                        vendorReasons.append((relative, "named like vendored code, but holds the project's own", false))
                        return true
                    }
                    // Anywhere inside a folder named like vendored code (`third-party/webrtc/webrtc`
                    // with its license, `third-party/td/td` whose example project would name the
                    // development language), or anywhere git says so: one folder.
                    if vendored.submodules.contains(relative)
                        || relative.split(separator: "/").dropLast().contains(where: {
                            VendoredFolders.isVendorName(String($0))
                        }),
                        let reason = vendored.foreignReason(path)
                    {
                        names.insert(relative)
                        vendorReasons.append((relative, reason, true))
                        return false
                    }
                    return true
                case .file(let path):
                    if name == "Package.swift" { manifests.append(path) }
                    if Self.buildDescriptionNames.contains(name) { descriptions.append(path) }
                    if VendoredFolders.isLicense(name), Path.parent(path) != directory {
                        licensed.insert(Path.parent(path))
                    }
                    return false
                case .link:
                    return false
                }
            }, failed: { _, _ in })
        self.vendorReasons = vendorReasons.sorted { $0.folder < $1.folder }
        licensedFolders = licensed.sorted()
        var projects: [XcodeProject] = []
        var failures: [InputFailure] = []
        for path in projectPaths.sorted(by: { lhs, rhs in
            let (left, right) = (lhs.split(separator: "/").count, rhs.split(separator: "/").count)
            return left != right ? left < right : lhs < rhs
        }) {
            do {
                projects.append(try XcodeProject(path: path))
            } catch {
                failures.append(
                    (error as? XcodeProject.ProjectReadError)?.failure
                        ?? InputFailure(location: Location(file: path, line: 1, column: 1), message: "\(error)"))
            }
        }
        self.projects = projects
        unreadableProjects = failures
        nonProductFolders = Self.sparingProductCode(
            names.sorted(), namedFolders: namedFolders, projects: projects, root: directory)
        self.manifests = manifests.sorted()
        buildDescriptions = descriptions.sorted()
        otherBuildFiles = Path.entryNames(in: directory).filter(Self.otherBuildNames.contains).sorted()
    }

    private static let otherBuildNames: Set<String> = [
        "MODULE.bazel", "WORKSPACE", "WORKSPACE.bazel", "BUILD", "BUILD.bazel", "BUCK", ".buckconfig",
        "Project.swift", "Workspace.swift", "project.yml",
    ]

    private static let buildDescriptionNames: Set<String> = [
        "Package.swift", "Podfile", "Mintfile", "project.yml", "Cartfile",
        "swiftgen.yml",
    ]

    /// `folders` with each name that a folder of product code has (`Cryptomator/Snapshots`,
    /// compiled into the app under `#if SNAPSHOTS`, beside the UI-test target's `Snapshots`)
    /// replaced by the paths of its other folders: only a target that is no test tells.
    static func sparingProductCode(
        _ folders: [String], namedFolders: [String], projects: [XcodeProject], root: String
    ) -> [String] {
        let products = projects.flatMap(\.targets).filter { !$0.isTest }
        guard !products.isEmpty else { return folders }
        let holdsProductCode = { (relative: String) -> Bool in
            let folder = Path.join(root, relative)
            return products.contains { target in
                target.sources.contains { Path.relative($0, to: folder) != nil }
                    || target.synchronized.contains(folder)
                    || target.synchronized.folders.contains { Path.relative($0, to: folder) != nil }
            }
        }
        let product = Set(namedFolders.filter(holdsProductCode))
        guard !product.isEmpty else { return folders }
        let sparedNames = Set(product.map { String(Path.lastComponent($0)) })
        // `./Snapshots`: a path without a slash would be the name again, at any depth.
        let others = namedFolders.filter {
            sparedNames.contains(String(Path.lastComponent($0))) && !product.contains($0)
        }
        .map { $0.contains("/") ? $0 : "./" + $0 }
        return (folders.filter { !sparedNames.contains($0) } + others).sorted()
    }

    /// A folder name that holds no product code: tests, UI tests, screenshots, fastlane.
    /// Written to `excluded:` (a name without a slash matches at any depth). Vendored code is
    /// told by evidence, not by name (`VendoredFolders`).
    static func isNonProduct(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasSuffix("tests") || lowered.hasSuffix("test") || lowered == "testing"
            || ["screenshots", "snapshots", "fastlane", "preview content"].contains(lowered)
    }
}
