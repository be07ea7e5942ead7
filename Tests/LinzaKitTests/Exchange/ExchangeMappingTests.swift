import Foundation
import Testing

@testable import LinzaBase
@testable import LinzaTables

@Suite struct ExchangeMappingTests {
    @Test func stringsUnitsAreInByteOrderWithCommentsAsNotes() throws {
        let development = """
            /* Bundle name */
            "CFBundleName" = "MyApp";
            "signin" = "Sign in";
            // Twice: the last value wins
            "signin" = "Sign in now";
            "a & <b>" = "A\\nB";
            """
        let german = "\"signin\" = \"Anmelden\";\n\"gone\" = \"Weg\";\n"
        let units = try ExchangeMapping.stringsUnits(
            development: Array(development.utf8), path: "en.lproj/Localizable.strings", target: Array(german.utf8),
            targetPath: "de.lproj/Localizable.strings", sameLanguage: false)
        #expect(
            units == [
                XLIFFUnit(id: "CFBundleName", source: "MyApp", note: "Bundle name"),
                XLIFFUnit(id: "a & <b>", source: "A\nB", note: ""),
                XLIFFUnit(id: "signin", source: "Sign in now", target: "Anmelden", note: ""),
            ])
        let english = try ExchangeMapping.stringsUnits(
            development: Array(development.utf8), path: "en.lproj/Localizable.strings", target: nil, targetPath: nil,
            sameLanguage: true)
        #expect(english.map(\.target) == ["MyApp", "A\nB", "Sign in now"])
    }

    static let stringsdict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>%ld color(s)</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%#@colors@</string>
        \t\t<key>colors</key>
        \t\t<dict>
        \t\t\t<key>NSStringFormatSpecTypeKey</key>
        \t\t\t<string>NSStringPluralRuleType</string>
        \t\t\t<key>NSStringFormatValueTypeKey</key>
        \t\t\t<string>ld</string>
        \t\t\t<key>one</key>
        \t\t\t<string>%ld color</string>
        \t\t\t<key>other</key>
        \t\t\t<string>%ld colors</string>
        \t\t</dict>
        \t</dict>
        </dict>
        </plist>
        """

    @Test func stringsdictUnitsGiveTheTargetLanguagesCategories() throws {
        let russian = Self.stringsdict.replacingOccurrences("%ld color</string>", "%ld цвет</string>")
            .replacingOccurrences("%ld colors</string>", "%ld цветов</string>")
        let units = try ExchangeMapping.stringsdictUnits(
            development: Array(Self.stringsdict.utf8), path: "en.lproj/L.stringsdict", target: Array(russian.utf8),
            targetPath: "ru.lproj/L.stringsdict", targetLanguage: "ru", sameLanguage: false)
        let prefix = "/%ld color(s):dict/"
        #expect(
            units == [
                XLIFFUnit(
                    id: prefix + "NSStringLocalizedFormatKey:dict/:string", source: "%#@colors@", target: "%#@colors@"),
                XLIFFUnit(id: prefix + "colors:dict/few:dict/:string", source: "%ld colors"),
                XLIFFUnit(id: prefix + "colors:dict/many:dict/:string", source: "%ld colors"),
                XLIFFUnit(id: prefix + "colors:dict/one:dict/:string", source: "%ld color", target: "%ld цвет"),
                XLIFFUnit(id: prefix + "colors:dict/other:dict/:string", source: "%ld colors", target: "%ld цветов"),
            ])
        let japanese = try ExchangeMapping.stringsdictUnits(
            development: Array(Self.stringsdict.utf8), path: "en.lproj/L.stringsdict", target: nil, targetPath: nil,
            targetLanguage: "ja", sameLanguage: false)
        #expect(
            japanese.map(\.id) == [
                prefix + "NSStringLocalizedFormatKey:dict/:string", prefix + "colors:dict/other:dict/:string",
            ])
    }

    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%@ via %@" : {
              "comment" : "Route",
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "needs_review", "value" : "%1$@ über %2$@" } },
                "en" : { "stringUnit" : { "state" : "translated", "value" : "%1$@ via %2$@" } }
              }
            },
            "brand" : { "shouldTranslate" : false },
            "files" : {
              "localizations" : {
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } }
              }
            },
            "hint" : {
              "localizations" : {
                "en" : { "variations" : { "device" : {
                  "ipad" : { "stringUnit" : { "state" : "translated", "value" : "Tap" } },
                  "mac" : { "stringUnit" : { "state" : "translated", "value" : "Click" } } } } }
              }
            },
            "sub" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "This %1$@ has %2$#@n@." },
                  "substitutions" : { "n" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "%2$lld string" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%2$lld strings" } } } } } }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """

    @Test func catalogUnitsCoverPluralsDevicesSubstitutionsStatesAndTranslateNo() throws {
        let (source, units) = try ExchangeMapping.catalogUnits(
            Array(Self.catalog.utf8), path: "Localizable.xcstrings", targetLanguage: "de")
        #expect(source == "en")
        #expect(
            units == [
                XLIFFUnit(
                    id: "%@ via %@", source: "%1$@ via %2$@", target: "%1$@ über %2$@", state: "needs-review-l10n",
                    note: "Route"),
                XLIFFUnit(id: "brand", source: "brand", isTranslatable: false),
                XLIFFUnit(id: "files|==|plural.one", source: "%lld file"),
                XLIFFUnit(id: "files|==|plural.other", source: "%lld files"),
                XLIFFUnit(id: "hint|==|device.ipad", source: "Tap"),
                XLIFFUnit(id: "hint|==|device.mac", source: "Click"),
                XLIFFUnit(id: "sub", source: "This %1$@ has %2$#@n@."),
                XLIFFUnit(id: "sub|==|substitutions.n.plural.one", source: "%2$lld string"),
                XLIFFUnit(id: "sub|==|substitutions.n.plural.other", source: "%2$lld strings"),
            ])
        let english = try ExchangeMapping.catalogUnits(
            Array(Self.catalog.utf8), path: "Localizable.xcstrings", targetLanguage: "en"
        ).units
        #expect(
            english[1] == XLIFFUnit(id: "brand", source: "brand", target: "brand", state: "new", isTranslatable: false))
        #expect(english[2].target == "%lld file" && english[2].state == "translated")
        let polish = try ExchangeMapping.catalogUnits(
            Array(Self.catalog.utf8), path: "Localizable.xcstrings", targetLanguage: "pl"
        ).units
        #expect(
            polish.filter { $0.id.hasPrefix("files") }.map(\.id)
                == ["few", "many", "one", "other"].map { "files|==|plural.\($0)" })
        #expect(polish.first { $0.id == "files|==|plural.few" }?.source == "%lld files")
    }

    @Test func everyUnitIdReadsBackToItsKey() throws {
        let units = try ExchangeMapping.catalogUnits(
            Array(Self.catalog.utf8), path: "L.xcstrings", targetLanguage: "ru"
        ).units
        for unit in units {
            let address = try #require(ExchangeUnitAddress(id: unit.id, format: .xcstrings))
            #expect(address.id(format: .xcstrings) == unit.id)
            #expect(["%@ via %@", "brand", "files", "hint", "sub"].contains(address.key))
        }
    }

    @Test func unreadableTablesAreRefusedWithAPosition() {
        #expect(throws: TableRefusal.self) {
            try ExchangeMapping.catalogUnits(
                Array("{\n  \"strings\" : [".utf8), path: "L.xcstrings", targetLanguage: "de")
        }
        #expect(throws: TableRefusal.self) {
            try ExchangeMapping.stringsUnits(
                development: Array("\"a\" = \"b\"".utf8), path: "L.strings", target: nil, targetPath: nil,
                sameLanguage: false)
        }
    }
}

extension String {
    fileprivate func replacingOccurrences(_ old: String, _ new: String) -> String {
        split(separator: old, omittingEmptySubsequences: false).joined(separator: new)
    }
}

/// The committed export of Fixtures/RoundTrip (Expected/ru.xliff) read back: the reader gives
/// the writer's bytes back, and every unit id leads to a key of the table its file names.
@Suite struct ExportedFixtureReadBackTests {
    static let fixture =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path + "/Fixtures/RoundTrip"

    func bytes(_ path: String) throws -> [UInt8] {
        try FileReader.read(Self.fixture + "/" + path)
    }

    @Test func everyUnitReadsBackToAKeyOfItsTable() throws {
        let exported = try bytes("Expected/ru.xliff")
        let document = try XLIFFReader.read(exported, path: "ru.xliff")
        #expect(XLIFFWriter.bytes(of: document) == exported)
        var units = 0
        for file in document.files {
            let path = "App/" + file.original
            let table = try bytes(path)
            let keys: Set<String>
            let format: TableFormat
            if file.original.hasSuffix(".xcstrings") {
                format = .xcstrings
                keys = Set(
                    try ExchangeMapping.parseCatalog(table, path: path).root["strings"]?.members?.map(\.key) ?? [])
            } else if file.original.hasSuffix(".stringsdict") {
                format = .stringsdict
                keys = Set(try StringsdictDocument(path: path, bytes: table).keys)
            } else {
                format = .strings
                keys = Set(try StringsDocument(path: path, bytes: table).keys)
            }
            for unit in file.units {
                let address = try #require(ExchangeUnitAddress(id: unit.id, format: format), "\(unit.id)")
                #expect(address.id(format: format) == unit.id)
                #expect(keys.contains(address.key), "\(address.key) in \(file.original)")
                units += 1
            }
        }
        #expect(units == 36)
    }

    /// Xcode 26 (Kitsune's exports, 26.0.1 to 26.3) writes a comment it generated itself
    /// (`isCommentAutoGenerated`) as `<note from="auto-generated">`; reading gives it back.
    @Test func anAutoGeneratedCommentIsANoteFromAutoGenerated() throws {
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "%@" : {
                  "comment" : "A button's title.",
                  "isCommentAutoGenerated" : true
                },
                "Done" : {
                  "comment" : "Written by hand"
                }
              },
              "version" : "1.1"
            }
            """
        let units = try ExchangeMapping.catalogUnits(
            Array(catalog.utf8), path: "Localizable.xcstrings", targetLanguage: "de"
        )
        .units
        #expect(units.map(\.noteFrom) == ["auto-generated", nil])
        let document = XLIFFDocument(files: [
            XLIFFFile(
                original: "Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "de",
                tool: XLIFFTool(version: "26.3", buildNumber: "17C529"), units: units)
        ])
        let text = String(decoding: XLIFFWriter.bytes(of: document), as: UTF8.self)
        #expect(text.contains("        <note from=\"auto-generated\">A button's title.</note>\n"))
        #expect(text.contains("        <note>Written by hand</note>\n"))
        #expect(try XLIFFReader.read(XLIFFWriter.bytes(of: document), path: "de.xliff") == document)
    }

    /// Xcode 13.1 (FocusedWork) lists `FOCUSREMINDER_MESSAGE2` before `…MESSAGE10`: digit
    /// runs compare by value; the rest byte by byte (`Your pet:` before `years old`, 12.4).
    @Test func keysWithNumbersAreInXcodesOrder() {
        let keys = ["MESSAGE10", "years old", "MESSAGE2", "Your pet:", "MESSAGE1", "MESSAGE", "a02", "a2", "a10b"]
        #expect(
            keys.sorted(by: ExchangeMapping.xcodeKeyOrder)
                == ["MESSAGE", "MESSAGE1", "MESSAGE2", "MESSAGE10", "Your pet:", "a2", "a02", "a10b", "years old"])
    }

    /// Xcode 15.0 (Elytra) exports a development entry with zero, one, two, few, many and
    /// other to its own language as one, other and zero: CLDR's categories and `zero`.
    @Test func theDevelopmentLanguageGetsItsOwnCategoriesAndZero() throws {
        let forms = ["zero", "one", "two", "few", "many", "other"].map {
            "<key>\($0)</key><string>\($0) line</string>"
        }.joined()
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>lines</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\(forms)</dict>
            </dict></dict></plist>
            """
        let units = try ExchangeMapping.stringsdictUnits(
            development: Array(plist.utf8), path: "en.lproj/Localizable.stringsdict", target: nil, targetPath: nil,
            targetLanguage: "en", sameLanguage: true)
        #expect(
            units.map(\.id) == [
                "/lines:dict/NSStringLocalizedFormatKey:dict/:string", "/lines:dict/n:dict/one:dict/:string",
                "/lines:dict/n:dict/other:dict/:string", "/lines:dict/n:dict/zero:dict/:string",
            ])
    }

    /// A catalog's shapes Kitsune's exports show (Xcode 26.3): an App Shortcut's phrases (a
    /// `stringSet`), a Ukrainian translation varying by device and a Portuguese one by plural
    /// where English has one text (each case its own unit with the English text), and no
    /// Portuguese `many` of Xcode's own.
    @Test func catalogUnitsOfStringSetsAndOfTranslationsThatVaryAlone() throws {
        func unit(_ state: String, _ value: String) -> String {
            "{ \"stringUnit\" : { \"state\" : \"\(state)\", \"value\" : \"\(value)\" } }"
        }
        let catalog = """
            { "sourceLanguage" : "en", "version" : "1.1", "strings" : {
              "Disable" : { "localizations" : {
                "en" : \(unit("translated", "Disable")),
                "uk" : { "variations" : { "device" : { "mac" : \(unit("translated", "Вимкнути")),
                                                       "other" : \(unit("translated", "Вимкнути!")) } } },
                "pt-BR" : { "variations" : { "plural" : { "one" : \(unit("translated", "um")),
                                                          "other" : \(unit("translated", "vários")) } } } } },
              "Search on ${applicationName}" : { "localizations" : {
                "de" : { "stringSet" : { "state" : "translated", "values" : [ "Suche in ${applicationName}" ] } },
                "en" : { "stringSet" : { "state" : "new", "values" : [ "Search on ${applicationName}", "Find" ] } } } },
              "items" : { "localizations" : { "en" : { "variations" : { "plural" : {
                "one" : \(unit("translated", "%lld item")), "other" : \(unit("translated", "%lld items")) } } } } } } }
            """
        func units(_ language: String) throws -> [XLIFFUnit] {
            try ExchangeMapping.catalogUnits(Array(catalog.utf8), path: "L.xcstrings", targetLanguage: language).units
        }
        let phrases = ["Search on ${applicationName}", "Find"]
        #expect(
            try units("de")[1]
                == .stringSet(
                    id: "Search on ${applicationName}", values: phrases, targetValues: ["Suche in ${applicationName}"],
                    state: "translated", note: ""))
        #expect(
            try units("en")[1]
                == .stringSet(
                    id: "Search on ${applicationName}", values: phrases, targetValues: phrases, state: "new", note: ""))
        #expect(
            try units("fr")[1] == .stringSet(id: phrases[0], values: phrases, targetValues: nil, state: nil, note: ""))
        #expect(
            try units("uk").prefix(2)
                == [
                    XLIFFUnit(id: "Disable|==|device.mac", source: "Disable", target: "Вимкнути", state: "translated"),
                    XLIFFUnit(
                        id: "Disable|==|device.other", source: "Disable", target: "Вимкнути!", state: "translated"),
                ])
        #expect(
            try units("pt-BR").map(\.id) == [
                "Disable|==|plural.one", "Disable|==|plural.other", "Search on ${applicationName}",
                "items|==|plural.one", "items|==|plural.other",
            ])
        #expect(try units("de").first == XLIFFUnit(id: "Disable", source: "Disable"))
        #expect(try units("fr").map(\.id).suffix(2) == ["items|==|plural.one", "items|==|plural.other"])
        #expect(try units("ru").map(\.id).filter { $0.hasPrefix("items") }.count == 4)
    }
}
