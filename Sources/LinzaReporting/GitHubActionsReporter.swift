import LinzaBase
/// GitHub Actions workflow commands, which become annotations on the pull request:
/// `::error file=App/Login.swift,line=12,col=23,title=Linza missing_key::message`.
/// Notes follow the message on their own lines. Chosen automatically when
/// `GITHUB_ACTIONS=true` and no reporter is set.
///
/// GitHub shows 10 error and 10 warning annotations per step and drops the rest, so at most
/// that many are written: first the findings on lines the change under review adds or
/// rewrites (`ReportContext.changedLines`), then errors, then warnings
/// (`ChangedFirstOrder`). The findings left over are counted in one `::notice` and listed,
/// as the xcode reporter prints them, in a collapsed group of the step's log; the job
/// summary (`ReportContext.jobSummary`) has them all.
package struct GitHubActionsReporter: Reporter {
    package static let name = "github-actions"
    /// The annotations of one severity GitHub shows per step.
    package static let annotationsPerSeverity = 10

    /// The token that turns workflow commands off around the listed findings: random, as
    /// GitHub asks, so no text in a finding can turn them back on. Drawn once per reporter
    /// (once per run), so the report is the same however it is written.
    private let stopToken: String

    package init() { stopToken = "linza-" + String(UInt64.random(in: .min ... .max), radix: 16) }

    /// A reporter with a fixed token, for tests.
    package init(stopToken: String) { self.stopToken = stopToken }

    package func write(_ context: ReportContext, to output: inout TextOutput) {
        let (annotated, others) = ChangedFirstOrder.annotated(
            context.diagnostics, changed: context.changedLines, perSeverity: Self.annotationsPerSeverity)
        for diagnostic in annotated { write(diagnostic, context: context, to: &output) }
        guard !others.isEmpty else { return }
        let limit = Self.annotationsPerSeverity
        let group = "Linza: \(others.count) \(others.count == 1 ? "finding" : "findings") not annotated"
        let order = context.changedLines == nil ? "errors first" : "those on changed lines first, then errors"
        output.write(
            "::notice title=Linza::"
                + escapeData(
                    "\(others.count) of \(context.diagnostics.count) findings are not annotated: GitHub shows "
                        + "\(limit) error and \(limit) warning annotations per step (\(order)). "
                        + (context.jobSummary ? "The job summary lists all \(context.diagnostics.count). " : "")
                        + "This step's log lists the \(others.count) under \"\(group)\".") + "\n")
        output.write("::group::\(escapeData(group))\n::stop-commands::\(stopToken)\n")
        let paths = DisplayPaths(relativeTo: context.projectRoot)
        for diagnostic in others {
            XcodeReporter().write(
                diagnostic, verbose: context.verbose, paths: paths, style: ANSIStyle(enabled: false), to: &output)
        }
        output.write("::\(stopToken)::\n::endgroup::\n")
    }

    /// One finding as an `::error` or `::warning` command.
    private func write(_ diagnostic: Diagnostic, context: ReportContext, to output: inout TextOutput) {
        let level = diagnostic.severity == .error ? "error" : "warning"
        let properties = [
            "file=" + escapeProperty(Path.printable(context.relativePath(diagnostic.location.file))),
            "line=\(diagnostic.location.line)",
            "col=\(diagnostic.location.column)",
            "title=" + escapeProperty("Linza \(diagnostic.ruleID)"),
        ].joined(separator: ",")
        let notes = diagnostic.notes.map { note in
            let location =
                note.location.map { "\(Path.printable(context.relativePath($0.file))):\($0.line):\($0.column): " }
                ?? ""
            return "\n" + location + note.message
        }.joined()
        output.write("::\(level) \(properties)::\(escapeData(diagnostic.message + notes))\n")
    }

    /// `%`, CR and LF are encoded in a command's message.
    private func escapeData(_ text: String) -> String {
        text.replacingEvery(["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    /// Properties also encode `:` and `,`, which separate them.
    private func escapeProperty(_ text: String) -> String {
        text.replacingEvery(["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }
}

extension String {
    /// Replaces each listed character, in one pass so replacements are not replaced again.
    func replacingEvery(_ replacements: [Character: String]) -> String {
        var result = ""
        for character in self {
            if let replacement = replacements[character] { result += replacement } else { result.append(character) }
        }
        return result
    }
}
