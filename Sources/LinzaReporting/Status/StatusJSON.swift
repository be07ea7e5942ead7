import LinzaBase

/// `linza status --format json`, schema 1 (documented in docs/STATUS.md), and the reader of
/// such a file for `--compare`. The schema number changes only when a field is removed or
/// changes meaning. Languages are in code order, so two reports diff line by line.
package enum StatusJSON {
    package static let schema = 1

    package static func render(_ report: StatusReport, toolVersion: String = LinzaVersion.current) -> String {
        JSONValue.object([
            ("schema", .number(schema)),
            ("tool", .object([("name", .string("linza")), ("version", .string(toolVersion))])),
            ("development_language", .string(report.developmentLanguage)),
            (
                "languages",
                .array(
                    report.languages.map { language in
                        var fields = counts(report.counts(language), language: language)
                        if report.previous != nil { fields.append(("change", change(report.change(language)))) }
                        return .object(fields)
                    })
            ),
            (
                "modules",
                .array(
                    report.modules.map { module in
                        .object([
                            ("name", .optional(module.name)),
                            ("development_language", .string(module.developmentLanguage)),
                            (
                                "languages",
                                .array(module.languages.map { .object(counts(module.counts($0), language: $0)) })
                            ),
                            ("tables", .array(module.tables.map(table))),
                        ])
                    })
            ),
        ]).rendered() + "\n"
    }

    private static func table(_ table: TableStatus) -> JSONValue {
        .object([
            ("name", .string(table.name)),
            ("interface", .bool(table.isInterface)),
            ("keys", .number(table.keyCount)),
            (
                "languages",
                .array(
                    table.languages.map { status in
                        .object(
                            counts(status.counts, language: status.language) + [
                                (
                                    "missing_keys",
                                    .array(
                                        status.missingKeys.map { missing in
                                            .object([("key", .string(missing.key)), ("used", .bool(missing.isUsed))])
                                        })
                                )
                            ])
                    })
            ),
        ])
    }

    private static func counts(_ counts: StatusCounts, language: String) -> [(String, JSONValue)] {
        [
            ("language", .string(language)),
            ("keys", .number(counts.keys)),
            ("translated", .number(counts.translated)),
            ("percent", .number(counts.percent)),
            ("missing", .number(counts.missing)),
            ("missing_used", .number(counts.missingUsed)),
            ("missing_unused", .number(counts.missingUnused)),
            ("empty", .number(counts.empty)),
            ("untranslated", .number(counts.untranslated)),
            ("needs_review", .number(counts.needsReview)),
            ("stale", .number(counts.stale)),
        ]
    }

    private static func change(_ change: StatusChange?) -> JSONValue {
        switch change {
        case nil, .new: .null
        case .changed(let translated, let keys, let percent):
            .object([("translated", .number(translated)), ("keys", .number(keys)), ("percent", .number(percent))])
        }
    }
}

/// A file `--compare` cannot use, with where and why.
package struct StatusSnapshotError: PathNamingError, Sendable {
    package var location: Location
    package var message: String

    package func description(paths: DisplayPaths) -> String {
        "\(paths.location(location)): error: \(message)"
    }
}

extension StatusSnapshot {
    /// Reads the overall language counts of a `linza status --format json` file's text.
    package static func parse(_ bytes: [UInt8], path: String) throws(StatusSnapshotError) -> StatusSnapshot {
        do {
            return try bytes.withUnsafeBufferPointer { buffer in
                let lines = LineIndex(buffer)
                func failure(_ message: String, at offset: Int) -> StatusSnapshotError {
                    let (line, column) = lines.position(of: offset)
                    return StatusSnapshotError(
                        location: Location(file: path, line: line, column: column), message: message)
                }
                let root: JSONNode
                do {
                    root = try JSONParser.parse(buffer)
                } catch let error as JSONSyntaxError {
                    throw failure("not valid JSON: \(error.message)", at: error.offset)
                }
                guard let schema = root["schema"].flatMap(integer), case .array(let items)? = root["languages"]?.content
                else {
                    throw failure(
                        "not a `linza status --format json` report (a \"schema\" and a \"languages\" list)",
                        at: root.offset)
                }
                guard schema == StatusJSON.schema else {
                    throw failure(
                        "status schema \(schema) is not supported; this Linza reads schema \(StatusJSON.schema)",
                        at: root["schema"]!.offset)
                }
                var languages: [String: StatusCounts] = [:]
                for item in items {
                    guard let language = item["language"]?.string, let keys = item["keys"].flatMap(integer),
                        let translated = item["translated"].flatMap(integer)
                    else {
                        throw failure("a language needs \"language\", \"keys\" and \"translated\"", at: item.offset)
                    }
                    var counts = StatusCounts()
                    counts.keys = keys
                    counts.translated = translated
                    languages[language] = counts
                }
                return StatusSnapshot(languages: languages)
            }
        } catch let error as StatusSnapshotError {
            throw error
        } catch {
            throw StatusSnapshotError(location: Location(file: path, line: 1, column: 1), message: "\(error)")
        }
    }

    private static func integer(_ node: JSONNode) -> Int? {
        if case .number(let text) = node.content { return Int(text) }
        return nil
    }
}
