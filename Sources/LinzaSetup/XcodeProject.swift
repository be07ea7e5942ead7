import LinzaBase

/// What `linza init` needs from an Xcode project: its development region and, for each
/// target, the files it compiles, the localization tables it copies and the targets and
/// package products it builds into its product.
///
/// `project.pbxproj` is an old-style property list: an `objects` dictionary of records
/// referring to each other by id. A file's path is found by walking up its groups
/// (`sourceTree = "<group>"`), or from the project folder (`SOURCE_ROOT`).
struct XcodeProject {
    struct Target {
        var name: String
        /// `com.apple.product-type.application`, `….bundle.unit-test`, …
        var productType: String
        /// Sources its Sources phase compiles (absolute paths).
        var sources: [String]
        /// `.strings`, `.stringsdict` and `.xcstrings` files its Resources phase copies.
        var tables: [String]
        /// What Xcode 16's synchronized folders give it: sources and tables alike.
        var synchronized: SynchronizedFolders.Membership
        /// The target's object id in its project.
        var id: String
        /// Targets built into this one's product: its target dependencies, and the products
        /// its copy-files ("Embed App Extensions", "Embed Frameworks") and frameworks phases
        /// copy or link. An app's main bundle is where such a target's code finds its tables.
        var embeds: [Reference] = []
        /// Swift package products it links (`packageProductDependencies`, or a frameworks
        /// phase's `productRef`), by product name.
        var packageProducts: [String] = []

        /// Unit and UI test bundles: their strings are test data, not the product's.
        var isTest: Bool { productType.contains("test") }
    }

    /// A target of this project or of another one (`.xcodeproj` folder, object id).
    struct Reference: Hashable {
        var project: String
        var target: String
    }

    /// The `.xcodeproj` folder.
    var path: String
    var developmentRegion: String?
    var targets: [Target]
    /// The names its build configurations list in `LOCALIZED_STRING_MACRO_NAMES`, besides
    /// `NSLocalizedString` and `CFCopyLocalizedString` (which Xcode always reads): the
    /// project's own macros and functions that Xcode's string extraction reads as
    /// `NSLocalizedString`, key first (`genstrings -s`). Sorted, each once.
    var localizationMacros: [String] = []
    /// Where the setting is first written in `project.pbxproj`.
    var localizationMacrosLocation: Location?

    /// Why a project could not be read, with where.
    struct ProjectReadError: Error {
        var failure: InputFailure

        init(location: Location, message: String) {
            failure = InputFailure(location: location, message: message)
        }
    }

    /// Reads `<path>/project.pbxproj`; throws saying where and why it cannot be read.
    init(path: String) throws {
        let file = Path.join(path, "project.pbxproj")
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(file)
        } catch {
            throw ProjectReadError(
                location: Location(file: file, line: 1, column: 1),
                message: Messages.unreadable((error as? FileReadError)?.reason ?? "\(error)"))
        }
        let root: PropertyListValue
        do {
            root = try OldStylePropertyList.parse(bytes)
        } catch {
            let error = error as? PropertyListSyntaxError ?? PropertyListSyntaxError(message: "\(error)", offset: 0)
            let (line, column) = bytes.withUnsafeBufferPointer {
                LineIndex($0).position(of: min(error.offset, bytes.count))
            }
            throw ProjectReadError(
                location: Location(file: file, line: line, column: column),
                message: "not an Xcode project property list: \(error.message)")
        }
        guard let objects = root["objects"]?.dictionary,
            let rootID = root["rootObject"]?.string, let project = objects[rootID]
        else {
            throw ProjectReadError(
                location: Location(file: file, line: 1, column: 1),
                message: "not an Xcode project: no objects or no rootObject")
        }
        self.path = path
        developmentRegion = project["developmentRegion"]?.string
        (localizationMacros, localizationMacrosLocation) = Self.localizationMacros(
            objects: objects, bytes: bytes, file: file)
        var projectDirectory = Path.parent(path)
        if let relative = project["projectDirPath"]?.string, !relative.isEmpty {
            projectDirectory = Path.absolute(relative, relativeTo: projectDirectory)
        }
        let paths = FilePaths(objects: objects, projectDirectory: projectDirectory)
        let embedded = EmbeddedTargets(objects: objects, project: path, rootID: rootID, paths: paths)
        let synchronizedFolders = SynchronizedFolders(objects: objects, paths: paths)
        targets = (project["targets"]?.array ?? []).compactMap { reference in
            guard let id = reference.string, let target = objects[id], target["isa"]?.string == "PBXNativeTarget",
                let name = target["name"]?.string
            else { return nil }
            var sources: [String] = []
            var tables: [String] = []
            for phaseID in target["buildPhases"]?.array?.compactMap(\.string) ?? [] {
                guard let phase = objects[phaseID] else { continue }
                let files = (phase["files"]?.array ?? []).compactMap {
                    $0.string.flatMap { objects[$0]?["fileRef"]?.string }
                }
                switch phase["isa"]?.string {
                case "PBXSourcesBuildPhase":
                    sources += files.compactMap(paths.path)
                case "PBXResourcesBuildPhase":
                    // A localized file is a variant group whose children are `en.lproj/…`.
                    tables += files.flatMap(paths.filesOf).filter(Self.isTable)
                default:
                    break
                }
            }
            let groups = (target["fileSystemSynchronizedGroups"]?.array ?? []).compactMap(\.string)
            var built = Target(
                name: name, productType: target["productType"]?.string ?? "", sources: sources, tables: tables,
                synchronized: synchronizedFolders.membership(of: id, groups: groups, paths: paths), id: id)
            (built.embeds, built.packageProducts) = embedded.of(target)
            return built
        }
    }

    private static let macroSetting = "LOCALIZED_STRING_MACRO_NAMES"

    /// `localizationMacros` and where the setting is, from every `XCBuildConfiguration`.
    private static func localizationMacros(
        objects: [String: PropertyListValue], bytes: [UInt8], file: String
    ) -> ([String], Location?) {
        var names = Set<String>()
        for object in objects.values where object["isa"]?.string == "XCBuildConfiguration" {
            guard let setting = object["buildSettings"]?[macroSetting] else { continue }
            // A list, or one string of names separated by spaces.
            let values = setting.array?.compactMap(\.string) ?? setting.string.map { [$0] } ?? []
            for name in values.flatMap({ $0.split(whereSeparator: \.isWhitespace) }).map(String.init)
            where isMacroName(name) && !["NSLocalizedString", "CFCopyLocalizedString"].contains(name) {
                names.insert(name)
            }
        }
        guard !names.isEmpty else { return ([], nil) }
        let setting = Array(macroSetting.utf8)
        let offset = bytes.indices.first { bytes[$0...].starts(with: setting) } ?? 0
        let (line, column) = bytes.withUnsafeBufferPointer { LineIndex($0).position(of: offset) }
        return (names.sorted(), Location(file: file, line: line, column: column))
    }

    /// A C or Swift identifier (`$(inherited)` and the like are not names).
    private static func isMacroName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    private static func isTable(_ path: String) -> Bool {
        path.hasSuffix(".strings") || path.hasSuffix(".stringsdict") || path.hasSuffix(".xcstrings")
    }
}

/// Absolute paths of a project's file records.
struct FilePaths {
    let objects: [String: PropertyListValue]
    let projectDirectory: String
    /// Each group member's group.
    let parents: [String: String]

    init(objects: [String: PropertyListValue], projectDirectory: String) {
        self.objects = objects
        self.projectDirectory = projectDirectory
        var parents: [String: String] = [:]
        for (id, object) in objects {
            for child in object["children"]?.array?.compactMap(\.string) ?? [] { parents[child] = id }
        }
        self.parents = parents
    }

    /// The record's absolute path; nil for paths Linza cannot know (`BUILT_PRODUCTS_DIR`,
    /// the SDK) or a group cycle.
    func path(_ id: String) -> String? {
        path(id, depth: 0)
    }

    private func path(_ id: String, depth: Int) -> String? {
        guard depth < 64, let object = objects[id] else { return nil }
        let own = object["path"]?.string
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>":
            let base = parents[id].map { path($0, depth: depth + 1) } ?? projectDirectory
            guard let base else { return nil }
            return own.map { Path.absolute($0, relativeTo: base) } ?? base
        case "SOURCE_ROOT":
            return own.map { Path.absolute($0, relativeTo: projectDirectory) } ?? projectDirectory
        case "<absolute>":
            return own
        default:
            return nil
        }
    }

    /// A file's path, or each child's path for a variant group.
    func filesOf(_ id: String) -> [String] {
        guard let object = objects[id] else { return [] }
        if object["isa"]?.string == "PBXVariantGroup" {
            return (object["children"]?.array ?? []).compactMap { $0.string.flatMap(path) }
        }
        return path(id).map { [$0] } ?? []
    }
}
