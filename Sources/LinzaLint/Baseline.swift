import LinzaBase
import LinzaConfiguration
import LinzaReporting
import LinzaRules
import LinzaSources
import LinzaTables

/// Findings a team has accepted for now, so a project with hundreds of old findings can
/// adopt Linza and fail only on new ones.
///
/// Findings are matched by rule, file, key, language and the text of the finding's line
/// (and the message, for findings about no key), never by line number or order: lines
/// added or removed elsewhere in a file do not bring a finding back, and a new use of a key
/// on another line is not hidden by an old one. Each entry absorbs one finding. Entries of
/// a version 1 baseline, which has no line text, match by the rest.
package struct Baseline: Sendable, Equatable {
    package struct Entry: Hashable, Sendable {
        package var rule: String
        /// Relative to the project root.
        package var file: String
        package var key: String?
        package var language: String?
        package var message: String
        /// The finding's line without leading and trailing white space; nil in a version 1
        /// baseline or for a file Linza could not read.
        package var lineText: String?

        package init(
            rule: String, file: String, key: String?, language: String?, message: String, lineText: String? = nil
        ) {
            self.rule = rule
            self.file = file
            self.key = key
            self.language = language
            self.message = message
            self.lineText = lineText
        }

        /// What two findings must share to be the same finding, apart from the line text.
        var identity: [String] {
            [rule, file, key ?? "", language ?? "", key == nil ? message : ""]
        }
    }

    package var entries: [Entry]

    /// The file format's version: 2 added each finding's line text.
    package static let version = 2
    /// Where `linza baseline write` puts the baseline when neither the command nor the
    /// configuration names a file.
    package static let defaultFileName = ".linza-baseline.json"

    /// The baseline a project uses: the one `baseline:` names, else `.linza-baseline.json`
    /// next to `.linza.yml` when it exists. `lint` and the writers take the same one, so
    /// that what lint holds back, prune keeps.
    package static func path(for configuration: Configuration) -> String? {
        if let named = configuration.baseline { return named }
        let path = Path.join(configuration.baseDirectory, defaultFileName)
        return Path.kind(path) == .missing ? nil : path
    }

    package init(entries: [Entry]) {
        self.entries = entries
    }

    /// A baseline holding `diagnostics` (one per language), paths relative to `root`.
    package init(recording diagnostics: [Diagnostic], root: String) {
        var lines = SourceLines()
        entries = diagnostics.map { Self.entry($0, root: root, lines: &lines) }
    }

    static func entry(_ diagnostic: Diagnostic, root: String, lines: inout SourceLines) -> Entry {
        Entry(
            rule: diagnostic.ruleID,
            file: Path.relative(diagnostic.location.file, to: root) ?? diagnostic.location.file,
            key: diagnostic.key, language: diagnostic.language, message: diagnostic.message,
            lineText: lines.text(of: diagnostic.location))
    }

    /// The findings not in the baseline, and how many entries matched nothing (fixed since).
    package func filter(_ diagnostics: [Diagnostic], root: String) -> (new: [Diagnostic], stale: Int) {
        var matcher = Matcher(self, root: root)
        let new = diagnostics.filter { !matcher.absorbs($0) }
        return (new, matcher.unmatched)
    }

    /// Matches findings one at a time against the entries not yet used.
    struct Matcher {
        private let root: String
        private var lines = SourceLines()
        /// Entries with line text, by identity and text.
        private var withText: [[String]: Int] = [:]
        /// Entries of a version 1 baseline, by identity alone.
        private var withoutText: [[String]: Int] = [:]

        init(_ baseline: Baseline, root: String) {
            self.root = root
            for entry in baseline.entries {
                if let text = entry.lineText {
                    withText[entry.identity + [text], default: 0] += 1
                } else {
                    withoutText[entry.identity, default: 0] += 1
                }
            }
        }

        /// True when an unused entry is this finding (the entry is then used up).
        mutating func absorbs(_ diagnostic: Diagnostic) -> Bool {
            let entry = Baseline.entry(diagnostic, root: root, lines: &lines)
            if let text = entry.lineText, Self.take(entry.identity + [text], from: &withText) { return true }
            return Self.take(entry.identity, from: &withoutText)
        }

        /// How many entries matched no finding: fixed since the baseline was written.
        var unmatched: Int { withText.values.reduce(0, +) + withoutText.values.reduce(0, +) }

        private static func take(_ identity: [String], from counts: inout [[String]: Int]) -> Bool {
            guard let count = counts[identity], count > 0 else { return false }
            counts[identity] = count - 1
            return true
        }
    }

    /// The baseline file's text: `{ "version": 2, "findings": [ { rule, file, key, language,
    /// message, line_text } ] }`.
    package func json() -> String {
        JSONValue.object([
            ("version", .number(Self.version)),
            (
                "findings",
                .array(
                    entries.map { entry in
                        .object([
                            ("rule", .string(entry.rule)),
                            ("file", .string(entry.file)),
                            ("key", .optional(entry.key)),
                            ("language", .optional(entry.language)),
                            ("message", .string(entry.message)),
                            ("line_text", .optional(entry.lineText)),
                        ])
                    })
            ),
        ]).rendered() + "\n"
    }
}

/// A baseline file Linza cannot use.
package struct BaselineError: PathNamingError, Sendable {
    package var location: Location
    package var message: String

    package func description(paths: DisplayPaths) -> String {
        "\(paths.location(location)): error: \(message)"
    }
}

extension Baseline {
    /// Reads a baseline file written by `linza baseline write`.
    package static func load(_ path: String) throws -> Baseline {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(path)
        } catch {
            let reason = (error as? FileReadError)?.reason ?? "\(error)"
            throw BaselineError(
                location: Location(file: path, line: 1, column: 1),
                message: "cannot read the baseline: \(reason); create it with `linza baseline write`")
        }
        return try bytes.withUnsafeBufferPointer { buffer in
            let lines = LineIndex(buffer)
            func failure(_ message: String, at offset: Int) -> BaselineError {
                let (line, column) = lines.position(of: offset)
                return BaselineError(location: Location(file: path, line: line, column: column), message: message)
            }
            let root: JSONNode
            do {
                root = try JSONParser.parse(buffer)
            } catch let error as JSONSyntaxError {
                throw failure("the baseline is not valid JSON: \(error.message)", at: error.offset)
            }
            let version = root["version"].flatMap { if case .number(let n) = $0.content { n } else { nil } }
            guard version == "1" || version == "2", case .array(let items)? = root["findings"]?.content else {
                throw failure("not a Linza baseline (version 1 or 2 with a \"findings\" list)", at: root.offset)
            }
            return Baseline(
                entries: try items.map { item in
                    guard let rule = item["rule"]?.string, let file = item["file"]?.string,
                        let message = item["message"]?.string
                    else {
                        throw failure("a baseline finding needs \"rule\", \"file\" and \"message\"", at: item.offset)
                    }
                    return Entry(
                        rule: rule, file: file, key: item["key"]?.string, language: item["language"]?.string,
                        message: message, lineText: item["line_text"]?.string)
                })
        }
    }
}
