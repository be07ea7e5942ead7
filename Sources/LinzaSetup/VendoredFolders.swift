import LinzaBase
import LinzaConfiguration

/// Which folders hold someone else's code, by evidence rather than by name: a folder git
/// checks out as a submodule (`.gitmodules`), a package manager's checkout (`Pods`,
/// `Carthage`, `.build`, Xcode's `SourcePackages`), or one with a license of its own. A
/// folder named like vendored code (`Vendor`, `submodules`, `External`) is left out only when
/// it, or every folder in it, is such; otherwise it is walked into, leaving out just its
/// foreign folders, at any depth. A large app keeps its 278 own modules in `submodules/`, only
/// a few of them real submodules: a name alone is no proof. A licensed folder elsewhere is
/// foreign only when no target compiles its code (`ProjectSurvey` decides, once the targets
/// are read): an app's own module may carry a license too.
struct VendoredFolders {
    /// Submodule paths relative to the project folder, from `.gitmodules`.
    let submodules: Set<String>
    let root: String

    init(root: String) {
        self.root = root
        let text =
            (try? FileReader.read(Path.join(root, ".gitmodules"))).map { String(decoding: $0, as: UTF8.self) } ?? ""
        submodules = Set(
            text.split(whereSeparator: \.isNewline).compactMap { line in
                let parts = line.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingSpaces == "path" else { return nil }
                let path = parts[1].trimmingSpaces
                return path.isEmpty ? nil : String(path.hasSuffix("/") ? path.dropLast() : path)
            })
    }

    /// Names a folder of vendored code usually has.
    static func isVendorName(_ name: String) -> Bool {
        ["vendor", "vendors", "thirdparty", "third-party", "third_party", "external", "externals", "submodules"]
            .contains(name.lowercased())
    }

    /// Why the folder at `path` is someone else's code, or nil when nothing shows it is.
    func foreignReason(_ path: String) -> String? {
        guard let relative = Path.relative(path, to: root) else { return nil }
        if submodules.contains(relative) { return "a git submodule" }
        if Self.hasLicense(path) { return "has a license of its own" }
        return nil
    }

    /// Why a folder named like vendored code is left out whole, or nil when it holds code of
    /// the project's own: every folder in it (at least one) must be foreign.
    func vendorFolderReason(_ path: String) -> String? {
        if let reason = foreignReason(path) { return reason }
        let children = Self.subfolders(path)
        guard !children.isEmpty, children.allSatisfy({ foreignReason($0) != nil }) else { return nil }
        return "each folder in it is a git submodule or has a license of its own"
    }

    /// Why a licensed folder is foreign code, once it is known that no target compiles it.
    static let unreferencedReason = "has a license of its own and no target compiles its code"

    /// Why Linza always skips a folder of this name (`Configuration.alwaysExcludedFolders`),
    /// for what `init` prints: each is a build tool's output or a package manager's checkout.
    static func alwaysSkippedReason(_ name: String) -> String? {
        switch name {
        case "Pods": "a CocoaPods checkout"
        case "Carthage": "a Carthage checkout"
        case ".build": "SwiftPM's build folder and package checkouts"
        case "DerivedData": "Xcode's build folder"
        case "node_modules": "npm's package folder"
        default: nil
        }
    }

    /// Why the folder at `path` is Xcode's checkout of Swift packages (`SourcePackages`, where
    /// `xcodebuild -clonedSourcePackagesDirPath` or a CI script puts it), or nil: the name
    /// and what Xcode writes in it, `checkouts/` or `workspace-state.json`.
    static func packageCheckoutReason(_ path: String, name: String) -> String? {
        guard name == "SourcePackages" else { return nil }
        let entries = Path.entryNames(in: path)
        guard entries.contains("checkouts") || entries.contains("workspace-state.json") else { return nil }
        return "Xcode's Swift package checkouts"
    }

    private static func hasLicense(_ folder: String) -> Bool {
        Path.entryNames(in: folder).contains(where: isLicense)
    }

    /// Whether a file of this name is a license (`LICENSE`, `LICENCE.md`, `COPYING.LGPLv2.1`,
    /// `LICENSE-MIT`): not code or a resource named after licenses (CotEditor's
    /// `LicenseItem.swift`, XcodesApp's acknowledgements in `Licenses.rtf`).
    static func isLicense(_ name: String) -> Bool {
        let lowered = name.lowercased()
        guard lowered.hasPrefix("license") || lowered.hasPrefix("licence") || lowered.hasPrefix("copying") else {
            return false
        }
        let parts = lowered.split(separator: ".")
        return parts.count == 1 || !notLicenseExtensions.contains(String(parts[parts.count - 1]))
    }

    private static let notLicenseExtensions: Set<String> = [
        "swift", "m", "mm", "h", "c", "cc", "cpp", "hpp", "js", "ts", "kt", "java", "py", "rb", "go", "rs",
        "strings", "stringsdict", "xcstrings", "storyboard", "xib", "plist", "json", "yml", "yaml", "xml",
        "rtf", "html", "png", "jpg", "pdf",
    ]

    private static func subfolders(_ folder: String) -> [String] {
        Path.entryNames(in: folder).filter { !$0.hasPrefix(".") }.map { Path.join(folder, $0) }
            .filter { Path.kind($0) == .directory }
    }
}

private extension Substring {
    /// Without the spaces and tabs around it.
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
