import Testing

@testable import LinzaTables

/// The units import and `lint --xliff` judge an XLIFF against: with the language's own file,
/// what an untouched export of it carries is known too.
@Suite struct ExchangeCurrentUnitTests {
    static func plurals(_ forms: [(String, String)]) -> [UInt8] {
        let cases = forms.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined()
        return Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>items</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>\(cases)</dict>
            </dict></dict></plist>
            """.utf8)
    }

    static func table(_ format: TableFormat) -> TableFile {
        TableFile(
            path: "/p/en.lproj/Localizable.\(format.rawValue)", language: "en", name: "Localizable", format: format,
            displayName: "en.lproj/Localizable")
    }

    /// German has no `zero` in CLDR, but a German file that has one is exported with it
    /// (DuckDuckGo's `bookmarks.invalid.objects.present.description`): importing that export
    /// untouched reported "plural category zero is not one de has" for each.
    @Test func aStringsdictKnowsTheCategoriesTheLanguagesOwnEntryHas() throws {
        let development = Self.plurals([("one", "%d item"), ("other", "%d items")])
        let german = Self.plurals([("zero", "Keine"), ("one", "%d Artikel"), ("other", "%d Artikel")])
        let zero = "/items:dict/n:dict/zero:dict/:string"
        let without = try ExchangeCurrentUnit.units(
            of: Self.table(.stringsdict), bytes: development, language: "de", developmentLanguage: "en")
        #expect(without[zero] == nil)
        let with = try ExchangeCurrentUnit.units(
            of: Self.table(.stringsdict), bytes: development, language: "de", developmentLanguage: "en",
            target: (german, "/p/de.lproj/Localizable.stringsdict"))
        #expect(with[zero]?.source == "%d items")
        #expect(with["/items:dict/n:dict/one:dict/:string"] != nil)
        // A German file that does not parse adds nothing, and refuses nothing.
        let broken = try ExchangeCurrentUnit.units(
            of: Self.table(.stringsdict), bytes: development, language: "de", developmentLanguage: "en",
            target: (Array("<plist><dict><key>".utf8), "/p/de.lproj/Localizable.stringsdict"))
        #expect(broken.keys.sorted() == without.keys.sorted())
    }

    /// A `.strings` key the `.stringsdict` also has is not to be translated, and its text in
    /// the language is known, so that an untouched export's target is no translation.
    @Test func aStringsKeyTheStringsdictHasKnowsItsTextInTheLanguage() throws {
        let development = Array(#""items" = "%d items";"title" = "Title";"#.utf8)
        let german = Array(#""items" = "%d Artikel";"title" = "Titel";"#.utf8)
        let units = try ExchangeCurrentUnit.units(
            of: Self.table(.strings), bytes: development, language: "de", developmentLanguage: "en",
            stringsdictKeys: ["items"], target: (german, "/p/de.lproj/Localizable.strings"))
        #expect(units["items"]?.translatable == false)
        #expect(units["items"]?.currentTarget == "%d Artikel")
        #expect(units["title"]?.translatable == true)
        #expect(units["title"]?.currentTarget == nil)
        let unit = XLIFFUnit(id: "items", source: "%d items", target: "%d Artikel", isTranslatable: false)
        #expect(
            ExchangeUnitVerdict(unit, target: "%d Artikel", known: units, language: "de", format: .strings)
                == .untranslatable)
        #expect(
            ExchangeUnitVerdict(unit, target: "%d Stück", known: units, language: "de", format: .strings)
                == .translatedNotTranslatable(units["items"]!))
    }

    /// Export writes no French `many` (as Xcode), but a French file translating one (another
    /// tool's export, an older Linza's) is applied at `many` from `other`'s source; a
    /// category French does not have is still reported.
    @Test func aFrenchManyExportLeavesOutIsStillApplied() throws {
        let development = Self.plurals([("one", "%d item"), ("other", "%d items")])
        let known = try ExchangeCurrentUnit.units(
            of: Self.table(.stringsdict), bytes: development, language: "fr", developmentLanguage: "en")
        let many = "/items:dict/n:dict/many:dict/:string"
        #expect(known[many] == nil)
        let unit = XLIFFUnit(id: many, source: "%d items", target: "%d d’articles")
        guard
            case .current(let current) = ExchangeUnitVerdict(
                unit, target: "%d d’articles", known: known, language: "fr", format: .stringsdict)
        else {
            Issue.record("a French many unit is not applied")
            return
        }
        #expect(current.path == ["n", "many"])
        let few = XLIFFUnit(id: "/items:dict/n:dict/few:dict/:string", source: "%d items", target: "x")
        #expect(
            ExchangeUnitVerdict(few, target: "x", known: known, language: "fr", format: .stringsdict)
                == .categoryNotInLanguage(category: "few", categories: ["one", "many", "other"]))
    }

    /// Apple's run time reads a `.stringsdict` `zero` form in every language (an English
    /// entry's shows for 0), so a German `zero` is applied although CLDR gives German none and
    /// the German file has none yet: from the development `zero` form's text when it has one,
    /// else from `other`'s.
    @Test func aStringsdictZeroIsAppliedInAnyLanguage() throws {
        let zero = "/items:dict/n:dict/zero:dict/:string"
        for (forms, source) in [
            ([("zero", "No items"), ("one", "%d item"), ("other", "%d items")], "No items"),
            ([("one", "%d item"), ("other", "%d items")], "%d items"),
        ] {
            let known = try ExchangeCurrentUnit.units(
                of: Self.table(.stringsdict), bytes: Self.plurals(forms), language: "de", developmentLanguage: "en")
            let unit = XLIFFUnit(id: zero, source: source, target: "Keine Artikel")
            guard
                case .current(let current) = ExchangeUnitVerdict(
                    unit, target: "Keine Artikel", known: known, language: "de", format: .stringsdict)
            else {
                Issue.record("a German zero form from \(source) is not applied")
                continue
            }
            #expect(current.path == ["n", "zero"])
        }
        // In a String Catalog `zero` is still a category German lacks.
        let catalogZero = XLIFFUnit(id: "items|==|plural.zero", source: "%lld items", target: "Keine")
        #expect(
            ExchangeUnitVerdict(
                catalogZero, target: "Keine",
                known: [
                    "items|==|plural.other": ExchangeCurrentUnit(
                        key: "items", path: ["plural", "other"], source: "%lld items", translatable: true)
                ],
                language: "de", format: .xcstrings)
                == .categoryNotInLanguage(category: "zero", categories: ["one", "other"]))
    }
}
