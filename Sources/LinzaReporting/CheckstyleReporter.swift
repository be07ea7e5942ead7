import LinzaBase

/// Checkstyle XML, which Jenkins (Warnings Next Generation), Danger and many CI systems read.
public struct CheckstyleReporter: Reporter {
    public static let name = "checkstyle"

    public init() {}

    public func report(_ context: ReportContext) -> String {
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        var files: [String] = []
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in context.diagnostics {
            if byFile[diagnostic.location.file] == nil { files.append(diagnostic.location.file) }
            byFile[diagnostic.location.file, default: []].append(diagnostic)
        }
        for file in files {
            output += "  <file name=\"\(XMLEscaping.escape(file))\">\n"
            for diagnostic in byFile[file]! {
                output += "    <error line=\"\(diagnostic.location.line)\" column=\"\(diagnostic.location.column)\" "
                    + "severity=\"\(diagnostic.severity.rawValue)\" message=\"\(XMLEscaping.escape(diagnostic.message))\" "
                    + "source=\"linza.\(diagnostic.ruleID)\"/>\n"
            }
            output += "  </file>\n"
        }
        return output + "</checkstyle>\n"
    }
}
