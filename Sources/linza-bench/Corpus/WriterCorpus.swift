import Foundation
import LinzaKit

/// A project for the writing commands at scale (issue 37): one table of `entries` keys
/// that code reads one call each, in `.strings` files (English and German) or in one
/// String Catalog (`languages` languages). The last key is read by no call (what `prune`
/// removes, or marks stale in a catalog, where it was added by hand), and one call reads a
/// key no table has yet (what `sync` adds). The same specification gives the same bytes.
struct WriterCorpus: Equatable {
    enum Kind: String {
        case strings, catalog
    }

    var kind: Kind
    var entries: Int
    /// Languages of a catalog; `.strings` tables are always English and German.
    var languages: Int

    /// Bump when the output changes, so cached corpora are rebuilt.
    static let generatorVersion = 1
    static let callsPerFile = 2000
    /// The key `sync` adds, the key `rename` renames and its new name.
    static let newKey = "screen.added"
    static let renamedKey = "screen.item.0000005"
    static let renamedTo = "screen.item.renamed"
    static let markerName = ".linza-bench-writers"

    var folderName: String {
        "writers-\(kind.rawValue)-\(entries)-entries-\(kind == .catalog ? languages : 2)-languages-v\(Self.generatorVersion)"
    }

    /// The table files, relative to the corpus: what the writers edit.
    var tables: [String] {
        kind == .strings
            ? ["Resources/en.lproj/Localizable.strings", "Resources/de.lproj/Localizable.strings"]
            : ["Resources/Localizable.xcstrings"]
    }

    /// The source `rename` rewrites.
    static let renamedSource = "Sources/Calls/F00000.swift"

    static func key(_ index: Int) -> String {
        let digits = String(index)
        return "screen.item." + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    }

    static func text(_ index: Int, language: String) -> String {
        "\(language): item \(index) of the list, \(["shown", "saved", "shared", "sent"][index % 4]) today"
    }

    /// Writes the corpus into `folder` (created).
    func generate(into folder: String) throws {
        let files = FileManager.default
        try files.createDirectory(atPath: folder + "/Sources/Calls", withIntermediateDirectories: true)
        let codeLanguages = kind == .strings ? ["en", "de"] : Array(CorpusLanguages.all.prefix(languages))
        try Data("development_language: en\nrequired_languages: [\(codeLanguages.joined(separator: ", "))]\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/.linza.yml"))
        for start in stride(from: 0, to: entries - 1, by: Self.callsPerFile) {
            var text = "import Foundation\n\nfunc screen\(start / Self.callsPerFile)() {\n"
            for index in start..<min(entries - 1, start + Self.callsPerFile) {
                text += "    _ = NSLocalizedString(\"\(Self.key(index))\", comment: \"Item \(index % 50)\")\n"
            }
            text += "}\n"
            try write(text, to: folder + "/Sources/Calls/F" + Self.padded(start / Self.callsPerFile, 5) + ".swift")
        }
        try write(
            "let added = NSLocalizedString(\"\(Self.newKey)\", value: \"Added\", comment: \"A new screen\")\n",
            to: folder + "/Sources/New.swift")
        switch kind {
        case .strings:
            for language in ["en", "de"] {
                try files.createDirectory(
                    atPath: folder + "/Resources/\(language).lproj", withIntermediateDirectories: true)
                var text = ""
                text.reserveCapacity(entries * 80)
                for index in 0..<entries {
                    text +=
                        "/* Item \(index % 50) */\n\"\(Self.key(index))\" = \"\(Self.text(index, language: language))\";\n\n"
                }
                try write(text, to: folder + "/Resources/\(language).lproj/Localizable.strings")
            }
        case .catalog:
            try files.createDirectory(atPath: folder + "/Resources", withIntermediateDirectories: true)
            let sorted = codeLanguages.sorted(by: CatalogCollation.precedes)
            var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
            for index in 0..<entries {
                text += "    \"\(Self.key(index))\" : {\n      \"comment\" : \"Item \(index % 50)\",\n"
                // The last key was added by hand: unused, `prune` marks it stale.
                if index == entries - 1 { text += "      \"extractionState\" : \"manual\",\n" }
                text += "      \"localizations\" : {\n"
                for (position, language) in sorted.enumerated() {
                    text +=
                        "        \"\(language)\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n"
                        + "            \"value\" : \"\(Self.text(index, language: language))\"\n          }\n        }"
                        + (position < sorted.count - 1 ? ",\n" : "\n")
                }
                text += "      }\n    }" + (index < entries - 1 ? ",\n" : "\n")
            }
            text += "  },\n  \"version\" : \"1.0\"\n}\n"
            try write(text, to: folder + "/Resources/Localizable.xcstrings")
        }
    }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The corpus in `cache` (generated there first when missing), as a folder to measure in.
    func cached(in cache: String) throws -> String {
        let path = cache + "/" + folderName
        if FileManager.default.fileExists(atPath: path + "/" + Self.markerName) { return path }
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let temporary = path + ".partial"
        try? FileManager.default.removeItem(atPath: temporary)
        log("generating the writers' \(kind.rawValue) corpus of \(entries) entries…")
        try generate(into: temporary)
        try Data().write(to: URL(fileURLWithPath: temporary + "/" + Self.markerName))
        try FileManager.default.moveItem(atPath: temporary, toPath: path)
        return path
    }
}
