import LinzaBase
import LinzaConfiguration
import LinzaTables

/// The `.xcloc` bundle Xcode writes for one language: `contents.json` (in Xcode's JSON
/// layout, no final newline), `Localized Contents/<lang>.xliff`, `Source Contents/<original>`
/// with a copy of each development table, and an empty `Notes/`.
struct ExportBundle {
    var path: String
    var language: String
    var developmentLanguage: String
    var tool: XLIFFTool
    /// `App.xcodeproj`, when the project folder holds exactly one (Xcode 12.5 and later name it).
    var project: String?

    /// `contents.json`: what Xcode writes, members in its order.
    var contents: [UInt8] {
        var toolInfo: [CatalogMember] = []
        if let build = tool.buildNumber {
            toolInfo.append(CatalogMember(key: "toolBuildNumber", value: .string(build)))
        }
        toolInfo.append(CatalogMember(key: "toolID", value: .string(tool.id)))
        toolInfo.append(CatalogMember(key: "toolName", value: .string(tool.name)))
        if let version = tool.version { toolInfo.append(CatalogMember(key: "toolVersion", value: .string(version))) }
        var members = [CatalogMember(key: "developmentRegion", value: .string(developmentLanguage))]
        if let project { members.append(CatalogMember(key: "project", value: .string(project))) }
        members.append(CatalogMember(key: "targetLocale", value: .string(language)))
        members.append(CatalogMember(key: "toolInfo", value: .object(toolInfo)))
        members.append(CatalogMember(key: "version", value: .string("1.0")))
        return XcodeJSONLayout().render(.object(members))
    }

    /// Adds the bundle's files to `plan`. An existing bundle is replaced only when it is an
    /// earlier export of this language (its `contents.json` names it as `targetLocale`).
    func plan(xliff: [UInt8], tables: [ExportTable], into plan: inout ExportPlan) throws {
        let isEarlier = try Self.isEarlierBundle(path, language: language)
        func previous(_ file: String) -> [UInt8]? {
            isEarlier ? try? FileReader.read(file) : nil
        }
        var files: [(String, [UInt8])] = [
            (Path.join(path, "contents.json"), contents),
            (Path.join(path, "Localized Contents/\(language).xliff"), xliff),
        ]
        for table in tables { files.append((Path.join(path, "Source Contents/" + table.original), table.bytes)) }
        for (file, bytes) in files { try plan.add(path: file, bytes: bytes, replacing: previous(file)) }
        plan.folders.append(Path.join(path, "Notes"))
        guard isEarlier else { return }
        let written = Set(files.map(\.0))
        DirectoryWalker.walk(
            Path.join(path, "Source Contents"),
            visit: { entry, _ in
                switch entry {
                case .directory: return true
                case .file(let file), .link(let file):
                    if !written.contains(file) { plan.removals.append(file) }
                    return false
                }
            }, failed: { _, _ in })
    }

    /// True when `path` is an earlier export of `language`; false when nothing is there;
    /// a refusal for anything else, so that an export never overwrites what it did not write.
    static func isEarlierBundle(_ path: String, language: String) throws -> Bool {
        switch Path.kind(path) {
        case .missing: return false
        case .file:
            throw TableRefusal(path: path, reason: refusal("is a file, not an .xcloc bundle"))
        case .directory:
            let manifest = Path.join(path, "contents.json")
            guard let bytes = try? FileReader.read(manifest),
                let node = try? bytes.withUnsafeBufferPointer({ try JSONParser.parse($0) })
            else {
                throw TableRefusal(path: path, reason: refusal("has no contents.json Linza can read"))
            }
            guard node["targetLocale"]?.string == language else {
                throw TableRefusal(
                    path: path,
                    reason: refusal(
                        "is an export of \(node["targetLocale"]?.string.map(Messages.quoted) ?? "no language")"))
            }
            return true
        }
    }

    /// The bytes of an earlier `.xliff` export of `language` at `path` (replaced), nil when
    /// nothing is there; a refusal for any other file.
    static func previousXLIFF(_ path: String, language: String) throws -> [UInt8]? {
        switch Path.kind(path) {
        case .missing: return nil
        case .directory: throw TableRefusal(path: path, reason: refusal("is a folder"))
        case .file:
            guard let bytes = try? FileReader.read(path), let document = try? XLIFFReader.read(bytes, path: path)
            else {
                throw TableRefusal(path: path, reason: refusal("is not an XLIFF file"))
            }
            guard document.files.allSatisfy({ $0.targetLanguage == language }) else {
                throw TableRefusal(path: path, reason: refusal("is an XLIFF of another language"))
            }
            return bytes
        }
    }

    private static func refusal(_ what: String) -> String {
        "\(what); export replaces only an earlier export of the same language: move it away or choose another "
            + "--output; nothing was written"
    }

    /// The `.xcodeproj` in `folder`, when there is exactly one.
    static func xcodeProjectName(in folder: String) -> String? {
        let projects = Path.entryNames(in: folder).filter { $0.hasSuffix(".xcodeproj") }
        return projects.count == 1 ? projects[0] : nil
    }
}
