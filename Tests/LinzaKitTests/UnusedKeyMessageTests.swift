import Testing
@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaRules
@testable import LinzaSources
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

    /// A table code reads with keys Linza cannot see (OpenEmu's control labels, read with the
    /// titles of a property list: 120 findings) says so on its first finding, at the call;
    /// a call marked as reading none of its keys does not.
    @Test func aTableReadWithUnseenKeysSaysSoAtTheCall() {
        let tables = TableLoader.load(
            ExampleRun.tableFile("/p/en.lproj/Controls.strings"),
            bytes: Array("\"Up\" = \"Up\";\n\"Down\" = \"Down\";\n".utf8))
        let call = Location(file: "/p/Setup.swift", line: 3, column: 30)
        func notes(suppressed: Bool) -> [DiagnosticNote] {
            let source = ScannedSource(
                path: "/p/Setup.swift",
                usages: [
                    LocalizationUsage(
                        function: "NSLocalizedString", key: .dynamic(prefix: nil), table: .named("Controls"),
                        location: call)
                ],
                suppressions: suppressed
                    ? [
                        SuppressionDirective(
                            action: .disable, scope: .this, rules: [.init(id: "dynamic_key", location: call)],
                            location: call, endLine: 3, malformation: nil)
                    ] : [])
            let project = LintProject(
                sources: [source], tables: TableCatalog(files: tables),
                configuration: Configuration(baseDirectory: "/p"))
            return UnusedKeyRule().check(project, severity: .warning).flatMap(\.notes)
        }
        #expect(
            notes(suppressed: false) == [
                DiagnosticNote(
                    "this call reads Controls with a key Linza cannot see, which may be any of the keys reported unused "
                        + "(prune leaves the table for that reason); mark each `// linza:disable:this dynamic_key` if it "
                        + "reads none of them, or switch unused_key off for the table with ignore_tables", at: call)
            ])
        #expect(notes(suppressed: true) == [])
    }
}
