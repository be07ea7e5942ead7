import Testing

@testable import LinzaBase
@testable import LinzaTables

/// For random tables of all three formats and a random target language: the units export
/// makes, written as XLIFF and read back, are the same units; every key of the table is
/// exported; every unit id is unique and leads back to its key.
@Suite struct ExchangePropertyTests {
    static let languages = ["en", "de", "ru", "ja", "ar"]
    static let pieces = [
        "a", "Z", " ", "&", "<", ">", "\"", "'", "\n", "\t", "é", "😀", "%@", "%1$lld", "]]>", "&amp;", ":dict/", ";",
        "\u{1}", "\r",
    ]

    static func text(_ random: inout SplitMix64, nonEmpty: Bool = false) -> String {
        let count = Int.random(in: (nonEmpty ? 1 : 0)...6, using: &random)
        return (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    /// Unique keys; some hold what XML, the id schemes or `.strings` escaping must survive.
    static func keys(_ random: inout SplitMix64) -> [String] {
        var keys: [String] = []
        for index in 0..<Int.random(in: 0...7, using: &random) {
            keys.append("k\(index)" + text(&random).replacingOccurrences("\u{1}", "").replacingOccurrences("\r", ""))
        }
        return keys
    }

    static func strings(_ entries: [(String, String)]) -> [UInt8] {
        Array(
            entries.map {
                "/* note \($0.0.count) */\n" + String(decoding: Style.quoted($0.0), as: UTF8.self)
                    + " = " + String(decoding: Style.quoted($0.1), as: UTF8.self) + ";\n"
            }.joined().utf8)
    }

    static func plist(_ text: String) -> String {
        XLIFFWriter.text(text).replacingOccurrences("\r", "&#13;")
    }

    static func stringsdict(_ entries: [(String, [String: String])]) -> [UInt8] {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        for (key, forms) in entries {
            text += "<key>\(plist(key))</key>\n<dict>\n<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n"
            text +=
                "<key>n</key>\n<dict>\n<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n"
            for (category, value) in forms.sorted(by: { $0.key < $1.key }) {
                text += "<key>\(category)</key><string>\(plist(value))</string>\n"
            }
            text += "</dict>\n</dict>\n"
        }
        return Array((text + "</dict>\n</plist>\n").utf8)
    }

    static func forms(_ random: inout SplitMix64, language: String) -> [String: String] {
        var forms = ["other": text(&random, nonEmpty: true)]
        for category in PluralCategories.categories(for: language) ?? [] where Bool.random(using: &random) {
            forms[category] = text(&random)
        }
        return forms
    }

    static func unit(_ value: String, _ state: String) -> CatalogValue {
        .object([
            CatalogMember(
                key: "stringUnit",
                value: .object([
                    CatalogMember(key: "state", value: .string(state)),
                    CatalogMember(key: "value", value: .string(value)),
                ]))
        ])
    }

    static func localization(_ random: inout SplitMix64, language: String, shape: Int) -> CatalogValue {
        let state = ["new", "translated", "needs_review", "stale"].randomElement(using: &random)!
        switch shape {
        case 0: return unit(text(&random), state)
        case 1:
            let forms = forms(&random, language: language).sorted { $0.key < $1.key }
            return .object([
                CatalogMember(
                    key: "variations",
                    value: .object([
                        CatalogMember(
                            key: "plural",
                            value: .object(forms.map { CatalogMember(key: $0.key, value: unit($0.value, state)) }))
                    ]))
            ])
        case 3:
            // An App Shortcut's phrases.
            let values = (0..<Int.random(in: 1...3, using: &random)).map { _ in CatalogValue.string(text(&random)) }
            return .object([
                CatalogMember(
                    key: "stringSet",
                    value: .object([
                        CatalogMember(key: "state", value: .string(state)),
                        CatalogMember(key: "values", value: .array(values)),
                    ]))
            ])
        default:
            let devices = ["ipad", "iphone", "mac"].filter { _ in Bool.random(using: &random) } + ["other"]
            return .object([
                CatalogMember(
                    key: "variations",
                    value: .object([
                        CatalogMember(
                            key: "device",
                            value: .object(devices.map { CatalogMember(key: $0, value: unit(text(&random), state)) }))
                    ]))
            ])
        }
    }

    static func catalog(_ random: inout SplitMix64, keys: [String]) -> [UInt8] {
        let members = keys.map { key -> CatalogMember in
            var entry: [CatalogMember] = []
            if Bool.random(using: &random) {
                entry.append(CatalogMember(key: "comment", value: .string(text(&random))))
            }
            let shape = Int.random(in: 0...3, using: &random)
            var localizations: [CatalogMember] = []
            for language in languages.sorted() where Bool.random(using: &random) {
                localizations.append(
                    CatalogMember(key: language, value: localization(&random, language: language, shape: shape)))
            }
            if !localizations.isEmpty {
                entry.append(CatalogMember(key: "localizations", value: .object(localizations)))
            }
            if Bool.random(using: &random) {
                entry.append(CatalogMember(key: "shouldTranslate", value: .literal("false")))
            }
            return CatalogMember(key: key, value: .object(entry))
        }
        let root = CatalogValue.object([
            CatalogMember(key: "sourceLanguage", value: .string("en")),
            CatalogMember(key: "strings", value: .object(members)),
            CatalogMember(key: "version", value: .string("1.0")),
        ])
        return XcodeJSONLayout().render(root)
    }

    @Test func exportedUnitsReadBackAsTheSameUnits() throws {
        var random = SplitMix64(seed: 34)
        var counts: [TableFormat: Int] = [:]
        for round in 0..<300 {
            let language = Self.languages.randomElement(using: &random)!
            let keys = Self.keys(&random)
            let format = TableFormat.allCases.randomElement(using: &random)!
            let units: [XLIFFUnit]
            switch format {
            case .strings:
                let development = Self.strings(keys.map { ($0, Self.text(&random)) })
                let target = Self.strings(
                    keys.filter { _ in Bool.random(using: &random) }.map { ($0, Self.text(&random)) })
                units = try ExchangeMapping.stringsUnits(
                    development: development, path: "en.lproj/L.strings", target: target,
                    targetPath: "x.lproj/L.strings",
                    sameLanguage: language == "en")
                #expect(units.map(\.id) == keys.sorted(by: ExchangeMapping.xcodeKeyOrder), "round \(round)")
            case .stringsdict:
                let development = Self.stringsdict(keys.map { ($0, Self.forms(&random, language: "en")) })
                let target = Self.stringsdict(
                    keys.filter { _ in Bool.random(using: &random) }.map {
                        ($0, Self.forms(&random, language: language))
                    })
                units = try ExchangeMapping.stringsdictUnits(
                    development: development, path: "en.lproj/L.stringsdict", target: target,
                    targetPath: "x.lproj/L.stringsdict", targetLanguage: language, sameLanguage: language == "en")
            case .xcstrings:
                units = try ExchangeMapping.catalogUnits(
                    Self.catalog(&random, keys: keys), path: "L.xcstrings", targetLanguage: language
                ).units
            }
            counts[format, default: 0] += units.count
            // Every key is exported, and every id is unique and leads back to its key.
            #expect(Set(units.map(\.id)).count == units.count, "round \(round)")
            let addressed = units.compactMap { ExchangeUnitAddress(id: $0.id, format: format) }
            #expect(addressed.count == units.count, "round \(round)")
            #expect(zip(addressed, units).allSatisfy { $0.id(format: format) == $1.id }, "round \(round)")
            #expect(Set(addressed.map(\.key)) == Set(keys), "round \(round): \(format)")
            let document = XLIFFDocument(files: [
                XLIFFFile(
                    original: "App/L.\(format.rawValue)", sourceLanguage: "en", targetLanguage: language,
                    tool: XLIFFTool(version: "16.4", buildNumber: "16F6"), units: units)
            ])
            let bytes = XLIFFWriter.bytes(of: document)
            let reread = try XLIFFReader.read(bytes, path: "x.xliff")
            #expect(reread == document, "round \(round): \(format)")
            #expect(XLIFFWriter.bytes(of: reread) == bytes)
        }
        // The generator reaches every format with units to compare.
        #expect(TableFormat.allCases.allSatisfy { (counts[$0] ?? 0) > 100 }, "\(counts)")
    }
}

extension String {
    fileprivate func replacingOccurrences(_ old: String, _ new: String) -> String {
        split(separator: old, omittingEmptySubsequences: false).joined(separator: new)
    }
}
