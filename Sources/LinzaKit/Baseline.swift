import LinzaBase

/// Findings a team has accepted for now, so a project with hundreds of old findings can
/// adopt Linza and fail only on new ones.
///
/// Findings are matched by rule, file, key and language (and the message, for findings
/// about no key), not by line, so edits elsewhere in a file do not bring them back. Each
/// entry absorbs one finding: a second use of the same missing key is new.
public struct Baseline: Sendable, Equatable {
    public struct Entry: Hashable, Sendable {
        public var rule: String
        /// Relative to the project root.
        public var file: String
        public var key: String?
        public var language: String?
        public var message: String

        /// What two findings must share to be the same finding.
        var identity: [String] {
            [rule, file, key ?? "", language ?? "", key == nil ? message : ""]
        }
    }

    public var entries: [Entry]

    /// The file format's version.
    public static let version = 1
    /// Where `linza baseline write` puts the baseline when neither the command nor the
    /// configuration names a file.
    public static let defaultFileName = ".linza-baseline.json"

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// A baseline holding `diagnostics`, paths relative to `root`.
    public init(recording diagnostics: [Diagnostic], root: String) {
        entries = diagnostics.map { Self.entry($0, root: root) }
    }

    static func entry(_ diagnostic: Diagnostic, root: String) -> Entry {
        Entry(rule: diagnostic.ruleID, file: Path.relative(diagnostic.location.file, to: root) ?? diagnostic.location.file,
              key: diagnostic.key, language: diagnostic.language, message: diagnostic.message)
    }

    /// The findings not in the baseline, and how many entries matched nothing (fixed since).
    public func filter(_ diagnostics: [Diagnostic], root: String) -> (new: [Diagnostic], stale: Int) {
        var remaining: [[String]: Int] = [:]
        for entry in entries { remaining[entry.identity, default: 0] += 1 }
        let new = diagnostics.filter { diagnostic in
            let identity = Self.entry(diagnostic, root: root).identity
            guard let count = remaining[identity], count > 0 else { return true }
            remaining[identity] = count - 1
            return false
        }
        return (new, remaining.values.reduce(0, +))
    }

    /// The baseline file's text: `{ "version": 1, "findings": [ { rule, file, key, language, message } ] }`.
    public func json() -> String {
        JSONValue.object([
            ("version", .number(Self.version)),
            ("findings", .array(entries.map { entry in
                .object([
                    ("rule", .string(entry.rule)),
                    ("file", .string(entry.file)),
                    ("key", .optional(entry.key)),
                    ("language", .optional(entry.language)),
                    ("message", .string(entry.message)),
                ])
            })),
        ]).rendered() + "\n"
    }
}

/// A baseline file Linza cannot use.
public struct BaselineError: Error, Sendable, CustomStringConvertible {
    public var location: Location
    public var message: String

    public var description: String { "\(location): error: \(message)" }
}

extension Baseline {
    /// Reads a baseline file written by `linza baseline write`.
    public static func load(_ path: String) throws -> Baseline {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(path)
        } catch {
            let reason = (error as? FileReadError)?.reason ?? "\(error)"
            throw BaselineError(location: Location(file: path, line: 1, column: 1),
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
            guard root["version"].flatMap({ if case .number(let n) = $0.content { n } else { nil } }) == "1",
                  case .array(let items)? = root["findings"]?.content else {
                throw failure("not a Linza baseline (version 1 with a \"findings\" list)", at: root.offset)
            }
            return Baseline(entries: try items.map { item in
                guard let rule = item["rule"]?.string, let file = item["file"]?.string,
                      let message = item["message"]?.string else {
                    throw failure("a baseline finding needs \"rule\", \"file\" and \"message\"", at: item.offset)
                }
                return Entry(rule: rule, file: file, key: item["key"]?.string, language: item["language"]?.string,
                             message: message)
            })
        }
    }
}
