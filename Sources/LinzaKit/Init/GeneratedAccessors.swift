import LinzaBase
import LinzaConfiguration

/// Accessors generated from the tables (`L10n.settingsTitle` by SwiftGen,
/// `R.string.localizable.settingsTitle()` by R.swift): code reads keys through them, not
/// through calls with the key.
public struct GeneratedAccessors: Sendable, Hashable {
    public enum Tool: String, Sendable {
        case swiftGen = "SwiftGen"
        case rSwift = "R.swift"
    }

    public var tool: Tool
    /// The generated file in the repository; nil when the build generates it.
    public var file: String?
    /// What shows the tool is used: the generated file, or where the build runs it.
    public var evidence: String

    /// The generators used in `directory`: their output among `sources`, or their use in a
    /// build description (Xcode build phase, Package.swift, Podfile, Mintfile, XcodeGen).
    static func find(in directory: String, sources: [String]) -> [GeneratedAccessors] {
        var found: [GeneratedAccessors] = []
        for path in sources where path.hasSuffix(".swift") {
            guard let head = try? FileReader.read(path).prefix(2048) else { continue }
            let text = String(decoding: head, as: UTF8.self)
            let relative = Path.relative(path, to: directory) ?? path
            if text.contains("Generated using SwiftGen") {
                found.append(GeneratedAccessors(tool: .swiftGen, file: path, evidence: relative))
            } else if text.contains("R.swift") && (text.contains("generated") || text.contains("Generated")) {
                found.append(GeneratedAccessors(tool: .rSwift, file: path, evidence: relative))
            }
        }
        var mentions: [Tool: String] = [:]
        DirectoryWalker.walk(directory, visit: { entry in
            switch entry {
            case .directory(let path):
                let name = String(Path.lastComponent(path))
                return !name.hasPrefix(".") && !Configuration.alwaysExcludedFolders.contains(name)
                    && !ProjectSurvey.isNonProduct(name)
            case .file(let path):
                let name = String(Path.lastComponent(path))
                guard ["project.pbxproj", "Package.swift", "Podfile", "Mintfile", "project.yml", "Cartfile"].contains(name),
                      let bytes = try? FileReader.read(path) else { return false }
                let text = String(decoding: bytes, as: UTF8.self).lowercased()
                let relative = Path.relative(path, to: directory) ?? path
                if text.contains("swiftgen") { mentions[.swiftGen] = mentions[.swiftGen] ?? relative }
                if text.contains("r.swift") || text.contains("rswift") { mentions[.rSwift] = mentions[.rSwift] ?? relative }
                return false
            case .link:
                return false
            }
        }, failed: { _, _ in })
        for (tool, place) in mentions.sorted(by: { $0.key.rawValue < $1.key.rawValue })
            where !found.contains(where: { $0.tool == tool }) {
            found.append(GeneratedAccessors(tool: tool, file: nil, evidence: place))
        }
        return found
    }
}
