import Testing
@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaRules
@testable import LinzaTables

/// unused_key names the file that defines the key: a key of the .stringsdict is reported
/// "in en.lproj/Localizable.stringsdict", not in the table's first file (a real app's report
/// pointed at the .stringsdict and named the .strings file).
@Suite struct UnusedKeyMessageTests {
    @Test func namesTheDefiningFile() {
        let stringsdict = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>items</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string><key>other</key><string>%d items</string></dict>
            </dict></dict></plist>
            """
        let tables =
            TableLoader.load(
                ExampleRun.tableFile("/p/en.lproj/Localizable.strings"), bytes: Array(#""title" = "T";"#.utf8))
            + TableLoader.load(
                ExampleRun.tableFile("/p/en.lproj/Localizable.stringsdict"), bytes: Array(stringsdict.utf8))
        let project = LintProject(
            sources: [], tables: TableCatalog(files: tables), configuration: Configuration(baseDirectory: "/p"))
        let messages = UnusedKeyRule().check(project, severity: .warning).map(\.message).sorted()
        #expect(
            messages == [
                "'items' in Localizable.stringsdict is not used by any call",
                "'title' in Localizable.strings is not used by any call",
            ])
    }
}
