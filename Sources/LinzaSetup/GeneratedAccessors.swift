import LinzaBase
import LinzaSources

/// Accessors generated from the tables (`L10n.settingsTitle` by SwiftGen,
/// `R.string.localizable.settingsTitle()` by R.swift): code reads keys through them, not
/// through calls with the key.
package struct GeneratedAccessors: Sendable, Hashable {
    package enum Tool: String, Sendable {
        case swiftGen = "SwiftGen"
        case rSwift = "R.swift"
    }

    package var tool: Tool
    /// The generated file in the repository; nil when the build generates it.
    package var file: String?
    /// What shows the tool is used: the generated file, or where the build runs it.
    package var evidence: String
    /// The build description that runs the tool (absolute), when the file is not in the repository.
    var evidencePath: String?

    /// The `accessors:` entry for this generator. A SwiftGen file whose accessors call a
    /// form in `forms` (its `L10n.tr`, once inferred as a wrapper) is read by its
    /// declarations, which is exact for any template; otherwise the generator's naming rule
    /// is used: R.swift's, or SwiftGen's structured or flat template, with the enum name
    /// `swiftgen.yml` gives.
    func accessor(forms: [LocalizationFunction]) -> AccessorSet {
        switch (tool, file) {
        case (.rSwift, let file):
            return AccessorSet(root: "R.string", naming: .rSwift, file: file)
        case (.swiftGen, let file?):
            let probe = AccessorSet(root: "_", naming: .declarations, file: file)
            let scanner = SourceScanner(
                recognizer: CallRecognizer(functions: forms, defaultTable: "Localizable"),
                accessors: [probe])
            var roots: [String: Int] = [:]
            for definition in scanner.scanFile(at: file).accessorDefinitions {
                roots[String(definition.path.prefix { $0 != "." }), default: 0] += 1
            }
            if let root = roots.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key {
                return AccessorSet(root: root, naming: .declarations, file: file)
            }
            let text = (try? FileReader.read(file)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let root = Self.firstEnumName(in: text) ?? "L10n"
            return AccessorSet(
                root: root, naming: text.contains("enum") && Self.nestsEnums(text) ? .swiftGen : .swiftGenFlat,
                file: file, table: Self.table(passedBy: root, in: file))
        case (.swiftGen, nil):
            let text =
                evidencePath.flatMap { try? FileReader.read($0) }.map { String(decoding: $0, as: UTF8.self) } ?? ""
            return AccessorSet(
                root: Self.setting("enumName", in: text) ?? "L10n",
                naming: text.contains("flat-swift") ? .swiftGenFlat : .swiftGen)
        }
    }

    /// The one table every accessor of a SwiftGen file passes to its `tr` (`CoreStrings.tr("Core",
    /// "common::state::active")`): when `tr` reads through the app's own code rather than a
    /// call Linza knows, the declarations cannot say the table, and the naming rule alone
    /// would look the keys up in the default table. Nil when the file passes none, several,
    /// or one Linza cannot read: then the default table is all that is known.
    static func table(passedBy root: String, in file: String) -> String? {
        // SwiftGen's templates call `Root.tr(table, key, args…)` (and `fallback:` in newer ones).
        let tr = LocalizationFunction(name: root + ".tr", key: .position(1), table: .position(0), languages: [.swift])
        let scanner = SourceScanner(recognizer: CallRecognizer(functions: [tr], defaultTable: ""))
        var tables = Set<UsageTable>()
        for usage in scanner.scanFile(at: file).usages where usage.tableLocation != nil { tables.insert(usage.table) }
        guard tables.count == 1, let name = tables.first?.name, !name.isEmpty else { return nil }
        return name
    }

    /// `rswift` (the tool), or `r.swift` standing alone (the pod, a build phase's name), not
    /// the end of a file name such as `BottomBar.swift`.
    static func mentionsRSwift(_ lowercased: String) -> Bool {
        // Standing alone: `treesitterswift` (a package product) is no mention.
        for name in ["rswift", "r.swift"] {
            for range in lowercased.ranges(of: name) {
                guard range.lowerBound > lowercased.startIndex else { return true }
                let before = lowercased[lowercased.index(before: range.lowerBound)]
                if !(before.isLetter || before.isNumber || before == "_" || before == "-") { return true }
            }
        }
        return false
    }

    /// The name after the first `enum `.
    private static func firstEnumName(in text: String) -> String? {
        guard let range = text.firstRange(of: "enum ") else { return nil }
        let name = text[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    /// Whether an enum is declared inside another (the structured template).
    private static func nestsEnums(_ text: String) -> Bool {
        text.ranges(of: "enum ").count > 1
    }

    /// `name: value` in a YAML or shell text (`enumName: Strings` in swiftgen.yml).
    private static func setting(_ name: String, in text: String) -> String? {
        guard let range = text.firstRange(of: name + ":") else { return nil }
        let value = text[range.upperBound...].drop { $0 == " " || $0 == "\"" || $0 == "'" }
            .prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        return value.isEmpty ? nil : String(value)
    }

    /// The generators used in `directory`: their output among `sources`, or their use in one
    /// of `buildDescriptions` (Xcode build phase, Package.swift, Podfile, Mintfile, XcodeGen).
    static func find(in directory: String, sources: [String], buildDescriptions: [String]) -> [GeneratedAccessors] {
        var found: [GeneratedAccessors] = []
        for path in sources where path.hasSuffix(".swift") {
            guard let bytes = try? FileReader.read(path) else { continue }
            let text = String(decoding: bytes.prefix(2048), as: UTF8.self)
            let relative = Path.relative(path, to: directory) ?? path
            if text.contains("Generated using SwiftGen") {
                // SwiftGen also writes image, colour and font accessors (`Asset.Colors.primary`):
                // only its strings output reads tables.
                let whole = String(decoding: bytes, as: UTF8.self)
                guard whole.contains("// MARK: - Strings") || whole.contains("func tr(") else { continue }
                found.append(GeneratedAccessors(tool: .swiftGen, file: path, evidence: relative))
            } else if text.contains("Generated by R.swift") {
                found.append(GeneratedAccessors(tool: .rSwift, file: path, evidence: relative))
            }
        }
        var mentions: [Tool: String] = [:]
        for path in buildDescriptions {
            guard let bytes = try? FileReader.read(path) else { continue }
            let text = String(decoding: bytes, as: UTF8.self).lowercased()
            // swiftgen.yml, which holds the enum name and template, is the best evidence.
            if Path.lastComponent(path) == "swiftgen.yml" { mentions[.swiftGen] = path }
            if text.contains("swiftgen") { mentions[.swiftGen] = mentions[.swiftGen] ?? path }
            if Self.mentionsRSwift(text) { mentions[.rSwift] = mentions[.rSwift] ?? path }
        }
        for (tool, path) in mentions.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where !found.contains(where: { $0.tool == tool }) {
            found.append(
                GeneratedAccessors(
                    tool: tool, file: nil, evidence: Path.relative(path, to: directory) ?? path,
                    evidencePath: path))
        }
        return found
    }
}
