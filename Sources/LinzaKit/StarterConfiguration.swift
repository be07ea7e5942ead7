import LinzaBase
import LinzaConfiguration
import LinzaTables

/// What `linza init` writes: a starter `.linza.yml` for the project in a folder, from what
/// is on disk: source folders, resource folders, languages, tables, and the development
/// language (the Xcode project's `developmentRegion`, a catalog's `sourceLanguage`, or `en`).
public struct StarterConfiguration: Sendable {
    public var sourceFolders: [String]
    public var resourceFolders: [String]
    public var languages: [String]
    public var tables: [String: Set<TableFormat>]
    public var developmentLanguage: String
    /// Where the development language came from, for the comment next to it.
    public var developmentLanguageSource: String
    public var usesBase: Bool

    /// Surveys `directory` (skipping what Linza always skips).
    public init(surveying directory: String) {
        var configuration = Configuration(baseDirectory: directory)
        configuration.resources = [directory]
        let files = FileDiscovery.discover(configuration)
        let relative = { (path: String) in Path.relative(path, to: directory) ?? path }

        sourceFolders = Set(files.sources.map { path -> String in
            let parts = relative(path).split(separator: "/")
            return parts.count > 1 ? String(parts[0]) : "."
        }).sorted()
        resourceFolders = Self.outermost(Set(files.tables.map { table -> String in
            let folder = Path.parent(table.path)
            return relative(folder.hasSuffix(".lproj") ? Path.parent(folder) : folder)
        }))
        var tables: [String: Set<TableFormat>] = [:]
        for table in files.tables { tables[table.name, default: []].insert(table.format) }
        self.tables = tables

        let loaded = files.tables.filter { $0.format == .xcstrings }.flatMap(TableLoader.load)
        let languages = Set(files.tables.compactMap(\.language) + loaded.map(\.language))
            .subtracting([LanguageCode.base, ""])
        if let region = Self.developmentRegion(in: directory) {
            (developmentLanguage, developmentLanguageSource) = (region.language, "developmentRegion in \(region.project)")
        } else if let source = files.tables.lazy.filter({ $0.format == .xcstrings }).compactMap(Self.sourceLanguage).first {
            (developmentLanguage, developmentLanguageSource) = (source, "the String Catalog's source language")
        } else if languages.contains("en") || languages.isEmpty {
            (developmentLanguage, developmentLanguageSource) = ("en", "assumed; no Xcode project says otherwise")
        } else {
            developmentLanguage = languages.sorted().first!
            developmentLanguageSource = "assumed; no Xcode project says otherwise"
        }
        usesBase = files.tables.contains { $0.language == LanguageCode.base } && !languages.contains(developmentLanguage)
        self.languages = [developmentLanguage] + languages.subtracting([developmentLanguage]).sorted()
    }

    /// The `.linza.yml` text.
    public func text() -> String {
        func list(_ items: [String]) -> String { "[" + items.map(quotedIfNeeded).joined(separator: ", ") + "]" }
        var lines = [
            "# Linza configuration, written by `linza init`. The README explains every setting;",
            "# `linza rules` lists the rules.",
            "",
            "included: \(list(sourceFolders.isEmpty ? ["."] : sourceFolders))   # folders with Swift and Objective-C sources",
            "# excluded: [\"**/Generated/**\", \"**/*Tests/**\"]",
        ]
        if !resourceFolders.isEmpty {
            lines.append("resources:                         # folders with <language>.lproj tables and String Catalogs")
            lines += resourceFolders.map { "  - \(quotedIfNeeded($0))" }
        }
        lines.append("development_language: \(developmentLanguage)   # \(developmentLanguageSource)")
        if usesBase { lines.append("base_language: Base                # Base.lproj holds the development language") }
        lines.append("required_languages: \(list(languages))   # every language with tables; drop those you do not ship")
        let tableNames = tables.keys.sorted().map { name in
            name + " (" + tables[name]!.map { "." + $0.rawValue }.sorted().joined(separator: ", ") + ")"
        }
        if !tableNames.isEmpty { lines.append("# Tables found: " + tableNames.joined(separator: ", ")) }
        lines += [
            "# default_table: Localizable",
            "# swiftui: true                    # also read Text(\"key\") and other SwiftUI titles",
            "# functions:                       # your own wrappers around NSLocalizedString",
            "#   - name: MyLocalizedString",
            "#     key: 0",
            "# rules:",
            "#   missing_key: error",
            "#   unused_key: warning",
            "# opt_in_rules: [untranslated]",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a YAML scalar that reads back as exactly that string: plain when it is a
    /// simple path that YAML does not take for something else (`null`, `true`, `1.0`), else
    /// double-quoted with `\\`, `"` and control characters escaped.
    private func quotedIfNeeded(_ text: String) -> String {
        let reserved: Set<String> = ["null", "Null", "NULL", "~", "true", "True", "TRUE", "false", "False", "FALSE",
                                     "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF"]
        let plain = !text.isEmpty && !reserved.contains(text) && text.first?.isNumber == false
            && text.first != "-" && text.allSatisfy { ($0.isLetter || $0.isNumber || "_-./".contains($0)) && $0.isASCII }
        if plain { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                quoted += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// Folders not inside another one of the set, sorted.
    private static func outermost(_ folders: Set<String>) -> [String] {
        let sorted = folders.sorted()
        return sorted.filter { folder in
            !sorted.contains { other in other != folder && (other == "." || folder.hasPrefix(other + "/")) }
        }
    }

    /// `developmentRegion = ru;` from the first Xcode project found at the top level.
    private static func developmentRegion(in directory: String) -> (language: String, project: String)? {
        var found: (String, String)?
        DirectoryWalker.walk(directory, visit: { entry in
            guard found == nil, case .directory(let path) = entry else { return false }
            let name = Path.lastComponent(path)
            guard name.hasSuffix(".xcodeproj"),
                  let bytes = try? FileReader.read(Path.join(path, "project.pbxproj")) else { return false }
            let text = String(decoding: bytes, as: UTF8.self)
            if let range = text.firstRange(of: "developmentRegion = ") {
                let value = text[range.upperBound...].prefix { $0 != ";" && $0 != "\n" }
                    .trimmingCharacters(in: "\" ")
                if let language = LanguageCode.normalize(value) { found = (language, String(name)) }
            }
            return false
        }, failed: { _, _ in })
        return found
    }

    /// A String Catalog's `sourceLanguage`.
    private static func sourceLanguage(_ catalog: TableFile) -> String? {
        guard let bytes = try? FileReader.read(catalog.path),
              let root = try? bytes.withUnsafeBufferPointer({ try JSONParser.parse($0) }),
              let code = root["sourceLanguage"]?.string else { return nil }
        return LanguageCode.normalize(code)
    }
}

private extension Substring {
    func trimmingCharacters(in characters: String) -> String {
        String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}
