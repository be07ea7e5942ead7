import LinzaBase
import LinzaKit
import LinzaRules
import LinzaSources
import Testing

/// What a file's scan found, moved by an edit: mapped place by place only when nothing else
/// changed (`ShiftedFindings`).
struct ShiftedFindingsTests {
    private let scanner = SourceScanner(
        recognizer: CallRecognizer(functions: BuiltInFunctions.functions(), defaultTable: "Localizable"),
        collectsLiterals: true)
    private let code = #"let a = NSLocalizedString("x", comment: ""); let b = "unterminated"#

    private func scan(_ text: String) -> ScannedSource {
        scanner.scan(Array(text.utf8), path: "/p/App.swift")
    }

    @Test func linesAndIndentingMoveEveryPlace() throws {
        let old = scan(code)
        let new = scan("// added\n\n  " + code)
        let map = try #require(ShiftedFindings.map(from: old, to: new))
        #expect(map[old.usages[0].location] == new.usages[0].location)
        #expect(new.usages[0].location == Location(file: "/p/App.swift", line: 3, column: 29))
        #expect(map[old.syntaxProblems[0].location] == new.syntaxProblems[0].location)
        #expect(ShiftedFindings.map(from: old, to: old)?.allSatisfy { $0.key == $0.value } == true)
    }

    @Test func anythingElseChangedIsNoMove() {
        let old = scan(code)
        for other in [
            code.replacingOccurrences(of: #""x""#, with: #""y""#),
            code.replacingOccurrences(of: #"comment: """#, with: #"comment: "c""#),
            code + "\nlet c = NSLocalizedString(\"x\", comment: \"\")",
            "// linza:disable:next missing_key\n" + code,
        ] {
            #expect(ShiftedFindings.map(from: old, to: scan(other)) == nil)
        }
        #expect(
            ShiftedFindings.map(from: old, to: scanner.scan(Array(code.utf8), path: "/p/Other.swift")) == nil)
    }

    /// A finding in a moved file at a place its old scan did not record is no move: a rule
    /// worked that place out.
    @Test func aPlaceNoScanRecordedIsNoMove() throws {
        let old = scan(code)
        let new = scan("\n" + code)
        let map = try #require(ShiftedFindings.map(from: old, to: new))
        let recorded = Diagnostic(
            ruleID: "missing_key", severity: .error, message: "m", location: old.usages[0].location,
            notes: [DiagnosticNote("n", at: Location(file: "/p/en.lproj/Localizable.strings", line: 1, column: 1))])
        let elsewhere = Diagnostic(
            ruleID: "r", severity: .error, message: "m", location: Location(file: "/p/Other.swift", line: 7, column: 1))
        let moved = try #require(ShiftedFindings.moving([recorded, elsewhere], by: [old.path: map]))
        #expect(moved[0].location.line == 2 && moved[0].notes == recorded.notes && moved[1] == elsewhere)
        var worked = recorded
        worked.location.column += 1
        #expect(ShiftedFindings.moving([worked], by: [old.path: map]) == nil)
    }
}
