import LinzaBase

/// Which files Xcode 16's synchronized folders (`PBXFileSystemSynchronizedRootGroup`) give a
/// target. A target lists the folders it takes whole in `fileSystemSynchronizedGroups`; a
/// folder's `exceptions` are `PBXFileSystemSynchronizedBuildFileExceptionSet`s, each naming
/// one `target` and files relative to the folder (`membershipExceptions`) whose membership
/// in that target is the opposite of the folder's: left out of a target that takes the
/// folder (IceCubesApp's `Info.plist`; `ListEntity.swift`, which only its widget compiles),
/// added to one that does not (IceCubesApp's `IceCubesNotifications/NotificationService.swift`,
/// the extension's principal class, in a folder no target takes). This is what Xcode's
/// target membership checkbox writes for such a folder.
struct SynchronizedFolders {
    /// What one target gets from synchronized folders (absolute paths).
    struct Membership {
        /// The folders it takes whole.
        var folders: [String] = []
        /// Files or folders inside those that it does not take.
        var excluded: [String] = []
        /// Files or folders of other synchronized folders that it takes.
        var added: [String] = []

        /// Whether the target takes the file at `path`.
        func contains(_ path: String) -> Bool {
            let inside = { (folders: [String]) in folders.contains { Path.relative(path, to: $0) != nil } }
            return (inside(folders) && !inside(excluded)) || inside(added)
        }
    }

    /// Each exception set's target, with the folder it belongs to and its files.
    private var exceptions: [(target: String, group: String, files: [String])] = []

    init(objects: [String: PropertyListValue], paths: FilePaths) {
        for id in objects.keys.sorted() where objects[id]?["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
            guard let group = objects[id], let folder = paths.path(id) else { continue }
            for exceptionID in group["exceptions"]?.array?.compactMap(\.string) ?? [] {
                guard let exception = objects[exceptionID],
                    exception["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                    let target = exception["target"]?.string
                else { continue }
                // A name that climbs out of the folder (`../x`) is no member of it, nor is an empty one.
                let files = (exception["membershipExceptions"]?.array ?? []).compactMap(\.string).filter { !$0.isEmpty }
                    .map { Path.absolute($0, relativeTo: folder) }.filter { Path.relative($0, to: folder) != nil }
                exceptions.append((target, id, files))
            }
        }
    }

    /// The membership of the target whose id is `target` and whose synchronized groups are `groups`.
    func membership(of target: String, groups: [String], paths: FilePaths) -> Membership {
        var membership = Membership(folders: groups.compactMap(paths.path))
        for exception in exceptions where exception.target == target {
            if groups.contains(exception.group) {
                membership.excluded += exception.files
            } else {
                membership.added += exception.files
            }
        }
        return membership
    }
}
