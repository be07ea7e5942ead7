import LinzaBase

/// JUnit XML, for CI systems that show test reports (Jenkins, GitLab, Azure, CircleCI):
/// one failed test case per finding, named after its place and classed by its rule.
package struct JUnitReporter: Reporter {
    package static let name = "junit"

    package init() {}

    package func write(_ context: ReportContext, to output: inout TextOutput) {
        let count = context.diagnostics.count
        let failures = context.diagnostics.count { fails($0, context) }
        let errorsAttribute = "tests=\"\(count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(count - failures)\""
        output.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        output.write("<testsuites name=\"linza\" \(errorsAttribute)>\n")
        output.write("  <testsuite name=\"linza\" \(errorsAttribute)>\n")
        for diagnostic in context.diagnostics {
            let file = context.relativePath(diagnostic.location.file)
            let place = "\(file):\(diagnostic.location.line):\(diagnostic.location.column)"
            output.write(
                "    <testcase classname=\"linza.\(diagnostic.ruleID)\" name=\"\(XMLEscaping.escape(place))\" "
                    + "file=\"\(XMLEscaping.escape(file))\" line=\"\(diagnostic.location.line)\">\n")
            let body = XMLEscaping.escape(XcodeReporter().report([diagnostic]))
            // A warning does not fail the build (unless --strict), so it is reported as
            // skipped with its text.
            if fails(diagnostic, context) {
                output.write(
                    "      <failure type=\"\(diagnostic.severity.rawValue)\" message=\"\(XMLEscaping.escape(diagnostic.message))\">\(body)</failure>\n"
                )
            } else {
                output.write("      <skipped message=\"\(XMLEscaping.escape("warning: " + diagnostic.message))\"/>\n")
            }
            output.write("    </testcase>\n")
        }
        output.write("  </testsuite>\n</testsuites>\n")
    }

    private func fails(_ diagnostic: Diagnostic, _ context: ReportContext) -> Bool {
        diagnostic.severity == .error || (context.warningsFail && diagnostic.severity == .warning)
    }
}
