import Testing
@testable import LinzaBase
@testable import LinzaTables

/// `import`'s edits of `.stringsdict` files: forms rewritten in place, a missing form
/// added in CLDR order, a missing entry made like the development language's.
@Suite struct StringsdictTranslationTests {
    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)</dict>
        </plist>

        """
    }

    static func entry(_ key: String, valueType: String = "d", forms: [(String, String)]) -> String {
        """
        \t<key>\(key)</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%#@n@</string>
        \t\t<key>n</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>\(valueType)</string>

        """
            + forms.map { "\t\t\t<key>\($0.0)</key>\n\t\t\t<string>\($0.1)</string>\n" }.joined()
            + "\t\t</dict>\n\t</dict>\n"
    }

    private func ru(_ key: String, _ path: [String], _ value: String) -> TextTranslation {
        TextTranslation(key: key, language: "ru", path: path, value: value)
    }

    private func translate(
        _ text: String, _ translations: [TextTranslation], like: (String) -> TableEntryPayload? = { _ in nil }
    ) throws -> (String, TranslationOutcome) {
        var document = try StringsdictDocument(path: "/p/ru.lproj/L.stringsdict", bytes: Array(text.utf8))
        var edits: [TextEdit] = []
        let outcome = document.translate(translations, like: like, placing: { _ in nil }, edits: &edits)
        let updated = document.applying(edits)
        let reread = try StringsdictDocument(path: "/p/ru.lproj/L.stringsdict", bytes: updated)
        let values = reread.values
        for (key, value) in outcome.expected { #expect(values[key] == value) }
        return (String(decoding: updated, as: UTF8.self), outcome)
    }

    @Test func setsAFormInPlaceAndAddsAMissingOneInCLDROrder() throws {
        let text = Self.plist(Self.entry("files", forms: [("one", "%d файл"), ("other", "%d файлов")]))
        let (result, outcome) = try translate(
            text,
            [
                ru("files", ["n", "one"], "%d файл & <б>"), ru("files", ["n", "many"], "%d файлов"),
                ru("files", ["n", "few"], "%d файла"), ru("files", ["n", "other"], "%d файлов"),
            ])
        #expect(outcome.results == [.changed, .changed, .changed, .unchanged])
        #expect(
            result
                == Self.plist(
                    Self.entry(
                        "files",
                        forms: [
                            ("one", "%d файл &amp; &lt;б&gt;"), ("few", "%d файла"), ("many", "%d файлов"),
                            ("other", "%d файлов"),
                        ])))
    }

    @Test func setsTheFormatAndKeepsTheTypeKeys() throws {
        let text = Self.plist(Self.entry("files", valueType: "ld", forms: [("other", "%ld")]))
        let (result, outcome) = try translate(text, [ru("files", ["NSStringLocalizedFormatKey"], "Всего %#@n@")])
        #expect(outcome.expected == ["files": "Всего %#@n@"])
        #expect(
            result
                == Self.plist(Self.entry("files", valueType: "ld", forms: [("other", "%ld")])).replacing(
                    "<string>%#@n@</string>", with: "<string>Всего %#@n@</string>"))
    }

    @Test func aMissingEntryIsMadeLikeTheDevelopmentOne() throws {
        let development = try StringsdictDocument(
            path: "/p/en.lproj/L.stringsdict",
            bytes: Array(Self.plist(Self.entry("files", valueType: "lu", forms: [("one", "a"), ("other", "b")])).utf8))
        let text = Self.plist(Self.entry("old", forms: [("other", "x")]))
        let (result, outcome) = try translate(
            text,
            [
                ru("files", ["n", "other"], "%lu файлов"), ru("files", ["n", "one"], "%lu файл"),
                ru("files", ["NSStringLocalizedFormatKey"], "%#@n@"),
            ],
            like: { development.payload(of: $0) })
        #expect(outcome.results == [.changed, .changed, .changed])
        #expect(
            result
                == Self.plist(
                    Self.entry("old", forms: [("other", "x")])
                        + Self.entry("files", valueType: "lu", forms: [("one", "%lu файл"), ("other", "%lu файлов")])))
    }

    @Test func aMissingEntryWithoutDevelopmentShapeOrOtherFormIsRefused() throws {
        let text = Self.plist("")
        let (result, outcome) = try translate(text, [ru("files", ["n", "one"], "x")])
        #expect(result == text)
        guard case .refused = outcome.results[0] else {
            Issue.record("expected a refusal")
            return
        }
        let development = try StringsdictDocument(
            path: "/p/en.lproj/L.stringsdict",
            bytes: Array(Self.plist(Self.entry("files", forms: [("other", "b")])).utf8))
        let (_, second) = try translate(text, [ru("files", ["n", "one"], "x")], like: { development.payload(of: $0) })
        #expect(second.results == [.refused("the new entry's variable n would have no \"other\" form")])
    }
}
