@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaReporting
@testable import LinzaRules
@testable import LinzaSetup
@testable import LinzaSources
@testable import LinzaTables
@testable import LinzaWriting
import Testing

@Suite struct SuppressionTests {
    /// The (rule, line) pairs left after suppression, given findings on every line 1...9.
    func remaining(_ code: String, rules: [String] = ["missing_key", "dynamic_key"], path: String = "/p/A.swift")
        -> [String]
    {
        let source = SourceScanner(recognizer: CallRecognizer(functions: [], defaultTable: "L"))
            .scan(Array(code.utf8), path: path)
        let findings = (1...9).flatMap { line in
            rules.map {
                Diagnostic(
                    ruleID: $0, severity: .error, message: "", location: Location(file: path, line: line, column: 1))
            }
        }
        return RuleEngine.applySuppressions(findings, sources: [source]).map { "\($0.ruleID)@\($0.location.line)" }
    }

    @Test func nextThisAndPrevious() {
        let result = remaining(
            """
            // linza:disable:next missing_key
            line 2
            line 3 // linza:disable:this dynamic_key
            line 4
            /* linza:disable:previous missing_key dynamic_key */
            """, rules: ["missing_key", "dynamic_key"])
        #expect(!result.contains("missing_key@2"))
        #expect(result.contains("dynamic_key@2"))
        #expect(!result.contains("dynamic_key@3"))
        #expect(!result.contains("missing_key@4") && !result.contains("dynamic_key@4"))
        #expect(result.count == 18 - 4)
    }

    @Test func regionsAndAll() {
        let result = remaining(
            """
            // linza:disable missing_key
            line 2
            // linza:enable missing_key
            // linza:disable all
            line 5
            // linza:enable dynamic_key
            line 7
            // linza:enable all
            line 9
            """)
        #expect(
            result == [
                "dynamic_key@1", "dynamic_key@2", "missing_key@3", "dynamic_key@3",
                "dynamic_key@6", "dynamic_key@7", "missing_key@8", "dynamic_key@8", "missing_key@9", "dynamic_key@9",
            ])
    }

    @Test func lineDirectiveBeatsRegion() {
        let result = remaining(
            """
            // linza:disable all
            // linza:enable:next missing_key
            line 3
            """, rules: ["missing_key"])
        #expect(result == ["missing_key@3"])
    }

    @Test func reasonsAreNotRuleIds() {
        let source = SourceScanner(recognizer: CallRecognizer(functions: [], defaultTable: "L"))
            .scan(Array("// linza:disable:next missing_key - the server sends this key\n".utf8), path: "/p/A.swift")
        #expect(source.suppressions.first?.rules.map(\.id) == ["missing_key"])
    }

    @Test func worksInObjectiveC() {
        let result = remaining(
            """
            NSString *a; // linza:disable:this missing_key
            """, rules: ["missing_key"], path: "/p/A.m")
        #expect(!result.contains("missing_key@1"))
    }

    @Test func malformedDirectivesSuppressNothing() {
        let result = remaining(
            """
            // linza:disabel:next missing_key
            line 2
            // linza:disable:next
            line 4
            """, rules: ["missing_key"])
        #expect(result.count == 9)
    }
}
