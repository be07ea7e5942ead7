import LinzaBase

/// GitLab Code Quality JSON: an array of issues with a stable fingerprint each, so GitLab
/// can tell new findings in a merge request from old ones even when lines move.
package struct GitLabReporter: Reporter {
    package static let name = "gitlab"

    package init() {}

    package func write(_ context: ReportContext, to output: inout TextOutput) {
        let fingerprints = Fingerprint.all(context.diagnostics, context: context)
        let diagnostics = context.diagnostics
        JSONValue.items(count: diagnostics.count) { index in
            let diagnostic = diagnostics[index], fingerprint = fingerprints[index]
            return .object([
                ("description", .string(diagnostic.message)),
                ("check_name", .string(diagnostic.ruleID)),
                ("fingerprint", .string(fingerprint)),
                ("severity", .string(diagnostic.severity == .error ? "major" : "minor")),
                (
                    "location",
                    .object([
                        ("path", .string(context.relativePath(diagnostic.location.file))),
                        ("lines", .object([("begin", .number(diagnostic.location.line))])),
                    ])
                ),
            ])
        }.write(to: &output)
        output.write("\n")
    }
}
