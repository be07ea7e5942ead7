import LinzaBase
/// GitHub Actions workflow commands, which become annotations on the pull request:
/// `::error file=App/Login.swift,line=12,col=23,title=Linza missing_key::message`.
/// Notes follow the message on their own lines. Chosen automatically when
/// `GITHUB_ACTIONS=true` and no reporter is set.
package struct GitHubActionsReporter: Reporter {
    package static let name = "github-actions"

    package init() {}

    package func write(_ context: ReportContext, to output: inout TextOutput) {
        for diagnostic in context.diagnostics {
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
