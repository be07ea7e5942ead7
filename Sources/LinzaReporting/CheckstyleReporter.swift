import LinzaBase

/// Checkstyle XML, which Jenkins (Warnings Next Generation), Danger and many CI systems read.
package struct CheckstyleReporter: Reporter {
    package static let name = "checkstyle"

    package init() {}

    package func write(_ context: ReportContext, to output: inout TextOutput) {
        output.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n")
        var files: [String] = []
        var byFile: [String: [Int]] = [:]
        for (index, diagnostic) in context.diagnostics.enumerated() {
            if byFile[diagnostic.location.file] == nil { files.append(diagnostic.location.file) }
            byFile[diagnostic.location.file, default: []].append(index)
        }
        for file in files {
            output.write("  <file name=\"\(XMLEscaping.escape(file))\">\n")
            for index in byFile[file]! {
                let diagnostic = context.diagnostics[index]
                output.write(
                    "    <error line=\"\(diagnostic.location.line)\" column=\"\(diagnostic.location.column)\" "
                        + "severity=\"\(diagnostic.severity.rawValue)\" message=\"\(XMLEscaping.escape(diagnostic.message))\" "
                        + "source=\"linza.\(diagnostic.ruleID)\"/>\n")
            }
            output.write("  </file>\n")
        }
        output.write("</checkstyle>\n")
    }
}
