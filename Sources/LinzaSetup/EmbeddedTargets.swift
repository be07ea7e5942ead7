import LinzaBase

/// Which targets and package products an Xcode target builds into its product, read from
/// `project.pbxproj`: `linza init` lends an app's tables to the code of a target without
/// tables only when the app embeds it.
///
/// Three records say so: a target dependency (`PBXTargetDependency`, whose `target` is in
/// this project or whose proxy names a target of a referenced project); a copy-files or
/// frameworks phase that copies or links another target's product (its `productReference`);
/// and a linked package product (`XCSwiftPackageProductDependency`).
struct EmbeddedTargets {
    let objects: [String: PropertyListValue]
    let project: String
    let rootID: String
    let paths: FilePaths
    /// Each target's product file record, to the target.
    private let producers: [String: String]

    init(objects: [String: PropertyListValue], project: String, rootID: String, paths: FilePaths) {
        self.objects = objects
        self.project = project
        self.rootID = rootID
        self.paths = paths
        var producers: [String: String] = [:]
        for (id, object) in objects where object["isa"]?.string == "PBXNativeTarget" {
            if let product = object["productReference"]?.string { producers[product] = id }
        }
        self.producers = producers
    }

    /// The targets `target` embeds or depends on, and the package products it links.
    func of(_ target: PropertyListValue) -> (targets: [XcodeProject.Reference], products: [String]) {
        var targets: [XcodeProject.Reference] = []
        var products: [String] = []
        for dependencyID in target["dependencies"]?.array?.compactMap(\.string) ?? [] {
            guard let dependency = objects[dependencyID] else { continue }
            if let id = dependency["target"]?.string {
                targets.append(XcodeProject.Reference(project: project, target: id))
            } else if let proxy = dependency["targetProxy"]?.string.flatMap({ objects[$0] }),
                let reference = self.reference(proxy)
            {
                targets.append(reference)
            }
        }
        for phaseID in target["buildPhases"]?.array?.compactMap(\.string) ?? [] {
            guard let phase = objects[phaseID],
                ["PBXCopyFilesBuildPhase", "PBXFrameworksBuildPhase"].contains(phase["isa"]?.string ?? "")
            else { continue }
            for fileID in phase["files"]?.array?.compactMap(\.string) ?? [] {
                guard let file = objects[fileID] else { continue }
                if let reference = file["fileRef"]?.string, let producer = producers[reference] {
                    targets.append(XcodeProject.Reference(project: project, target: producer))
                }
                if let product = file["productRef"]?.string.flatMap(productName) { products.append(product) }
            }
        }
        products += (target["packageProductDependencies"]?.array ?? []).compactMap { $0.string.flatMap(productName) }
        var seen = Set<XcodeProject.Reference>()
        var named = Set<String>()
        return (targets.filter { seen.insert($0).inserted }, products.filter { named.insert($0).inserted })
    }

    /// `XCSwiftPackageProductDependency`'s `productName`.
    private func productName(_ id: String) -> String? {
        objects[id]?["productName"]?.string
    }

    /// The target a `PBXContainerItemProxy` names: in this project, or in the project its
    /// `containerPortal` file record points at (a nested `.xcodeproj`).
    private func reference(_ proxy: PropertyListValue) -> XcodeProject.Reference? {
        guard let target = proxy["remoteGlobalIDString"]?.string, let portal = proxy["containerPortal"]?.string else {
            return nil
        }
        if portal == rootID { return XcodeProject.Reference(project: project, target: target) }
        return paths.path(portal).map { XcodeProject.Reference(project: $0, target: target) }
    }
}
