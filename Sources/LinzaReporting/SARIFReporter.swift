import LinzaBase
import LinzaRules

/// SARIF 2.1.0, as GitHub code scanning reads it: every rule in `tool.driver.rules`,
/// results with physical locations relative to the `SRCROOT` base, notes as related
/// locations, and a line-independent fingerprint per result.
package struct SARIFReporter: Reporter {
    package static let name = "sarif"
    static let baseID = "SRCROOT"

    package init() {}

    package static let countsUTF16Columns = true

    package func write(_ context: ReportContext, to output: inout TextOutput) {
        let rules = RuleRegistry.all.map { $0.description }
        let ruleIndex = Dictionary(rules.enumerated().map { ($0.element.id, $0.offset) }) { first, _ in first }
        let fingerprints = Fingerprint.all(context.diagnostics, context: context)

        let diagnostics = context.diagnostics
        // Made one by one as they are written.
        let result: @Sendable (Int) -> JSONValue = { [self] index in
            let diagnostic = diagnostics[index], fingerprint = fingerprints[index]
            var fields: [(String, JSONValue)] = [
                ("ruleId", .string(diagnostic.ruleID)),
                ("level", .string(diagnostic.severity.rawValue)),
                ("message", .object([("text", .string(diagnostic.message))])),
                ("locations", .array([location(diagnostic.location, context: context)])),
                ("partialFingerprints", .object([("linzaFingerprint/v1", .string(fingerprint))])),
            ]
            if let index = ruleIndex[diagnostic.ruleID] { fields.insert(("ruleIndex", .number(index)), at: 1) }
            let related = diagnostic.notes.enumerated().map { index, note -> JSONValue in
                guard case .object(var fields) = location(note.location ?? diagnostic.location, context: context) else {
                    return .null
                }
                fields.insert(("id", .number(index + 1)), at: 0)
                fields.append(("message", .object([("text", .string(note.message))])))
                return .object(fields)
            }
            if !related.isEmpty { fields.append(("relatedLocations", .array(related))) }
            if !diagnostic.languages.isEmpty {
                fields.append(
                    ("properties", .object([("languages", .array(diagnostic.languages.map(JSONValue.string)))])))
            }
            return .object(fields)
        }

        let driver: JSONValue = .object([
            ("name", .string("Linza")),
            ("version", .string(context.toolVersion)),
            ("semanticVersion", .string(context.toolVersion)),
            (
                "rules",
                .array(
                    rules.map { rule in
                        .object([
                            ("id", .string(rule.id)),
                            (
                                "name",
                                .string(
                                    rule.name.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }
                                        .joined())
                            ),
                            ("shortDescription", .object([("text", .string(rule.summary))])),
                            ("fullDescription", .object([("text", .string(rule.rationale))])),
                            (
                                "defaultConfiguration",
                                .object([
                                    ("enabled", .bool(!rule.isOptIn)),
                                    ("level", .string(rule.defaultSeverity.rawValue)),
                                ])
                            ),
                        ])
                    })
            ),
        ])
        JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            (
                "runs",
                .array([
                    .object([
                        ("tool", .object([("driver", driver)])),
                        (
                            "originalUriBaseIds",
                            .object([
                                (Self.baseID, .object([("uri", .string(fileURI(directory: context.projectRoot)))]))
                            ])
                        ),
                        ("columnKind", .string("utf16CodeUnits")),
                        ("results", .items(count: diagnostics.count, item: result)),
                    ])
                ])
            ),
        ]).write(to: &output)
        output.write("\n")
    }

    private func location(_ location: Location, context: ReportContext) -> JSONValue {
        let relative = Path.relative(location.file, to: context.projectRoot)
        let artifact: JSONValue =
            relative.map {
                .object([("uri", .string(uriEscaped($0))), ("uriBaseId", .string(Self.baseID))])
            } ?? .object([("uri", .string("file://" + uriEscaped(location.file)))])
        return .object([
            (
                "physicalLocation",
                .object([
                    ("artifactLocation", artifact),
                    (
                        "region",
                        .object([
                            ("startLine", .number(location.line)),
                            ("startColumn", .number(context.utf16Column(location))),
                        ])
                    ),
                ])
            )
        ])
    }

    private func fileURI(directory: String) -> String {
        "file://" + uriEscaped(directory.hasSuffix("/") ? directory : directory + "/")
    }

    /// Percent-encodes what a URI path may not hold (spaces, `%`, `#`, `?`, non-ASCII), and
    /// `:`, which would make a relative URI's first segment read as a scheme.
    private func uriEscaped(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case ascii("a")...ascii("z"), ascii("A")...ascii("Z"), ascii("0")...ascii("9"),
                ascii("/"), ascii("-"), ascii("."), ascii("_"), ascii("~"), ascii("+"), ascii("@"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
