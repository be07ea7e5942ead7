import LinzaBase
import LinzaTables

/// What one language pass found that does not depend on the code, so that a later run
/// whose table files (that language's and the development language's) did not change can
/// skip loading and checking that language: the findings of every rule but `missing_key`,
/// and what `missing_key` needs of the language's tables (`TablePresence`). `missing_key`
/// is the one language rule that reads the code, so it runs again on every run, against
/// the presences (`LintProject.replaying`).
package struct LanguagePassRecord: Equatable, Sendable {
    /// Findings of the rules listed before `missing_key` in `RuleRegistry.all`, then of
    /// those after it, each in the order the engine reports them.
    var diagnosticsBefore: [Diagnostic]
    var diagnosticsAfter: [Diagnostic]
    /// The language's tables, by name, as `missing_key` reads them.
    var presences: [String: TablePresence]

    /// The record of `pass` (a language pass of `language`, its files loaded): `before` and
    /// `after` are its findings around `missing_key`'s.
    init(pass: LintProject, language: String, before: [Diagnostic], after: [Diagnostic]) {
        diagnosticsBefore = before
        diagnosticsAfter = after
        var presences: [String: TablePresence] = [:]
        for name in pass.tableNames {
            guard let table = pass.tables.table(language: language, name: name) else { continue }
            presences[name] = TablePresence(table, development: pass.index.developmentTables[name])
        }
        self.presences = presences
    }

    /// Where `language`'s tables define any of `keys` (`MissingKeyRule.locations`): keys
    /// the development language lacks, so they are among the presences' extra keys.
    func locations(of keys: Set<TableKey>) -> [TableKey: Location] {
        var found: [TableKey: Location] = [:]
        for (name, presence) in presences {
            for extra in presence.extraKeys {
                let key = TableKey(table: name, key: ExactString(extra.key))
                if keys.contains(key), found[key] == nil { found[key] = extra.location }
            }
        }
        return found
    }

    init(diagnosticsBefore: [Diagnostic], diagnosticsAfter: [Diagnostic], presences: [String: TablePresence]) {
        self.diagnosticsBefore = diagnosticsBefore
        self.diagnosticsAfter = diagnosticsAfter
        self.presences = presences
    }
}

/// A `LanguagePassRecord` as bytes and back, for the cache (`ScanCache`). Every value read
/// back is checked against what a pass can produce; anything else is a decoding error, and
/// the pass is run again.
extension LanguagePassRecord {
    package func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        for diagnostics in [diagnosticsBefore, diagnosticsAfter] {
            writer.write(diagnostics.count)
            for diagnostic in diagnostics { Self.write(diagnostic, to: &writer) }
        }
        writer.write(presences.count)
        for (name, presence) in presences.sorted(by: { $0.key < $1.key }) {
            writer.write(name)
            writer.write(presence.isBroken)
            writer.write(presence.displayName)
            writer.write(presence.keyFileEnds.count)
            for file in presence.keyFileEnds {
                writer.write(file.name)
                writer.write(file.end)
            }
            writer.write(presence.lackingOrdinals.count)
            var previous = -1
            // Ascending, so each is written as its distance from the one before.
            for ordinal in presence.lackingOrdinals {
                writer.write(ordinal - previous)
                previous = ordinal
            }
            writer.write(presence.extraKeys.count)
            for extra in presence.extraKeys {
                writer.write(extra.key)
                writer.write(extra.location)
            }
        }
        return writer.bytes
    }

    package init(decoding bytes: ArraySlice<UInt8>) throws(BinaryDecodingError) {
        var reader = BinaryReader(bytes)
        var lists: [[Diagnostic]] = []
        for _ in 0..<2 {
            var diagnostics: [Diagnostic] = []
            for _ in 0..<(try reader.readCount()) { diagnostics.append(try Self.diagnostic(&reader)) }
            lists.append(diagnostics)
        }
        var presences: [String: TablePresence] = [:]
        for _ in 0..<(try reader.readCount()) {
            let name = try reader.readString()
            let isBroken = try reader.readBool()
            let displayName = try reader.readString()
            var ends: [TablePresence.FileEnd] = []
            for _ in 0..<(try reader.readCount()) {
                ends.append(TablePresence.FileEnd(name: try reader.readString(), end: try reader.readLocation()))
            }
            var lacking: [Int] = []
            var previous = -1
            for _ in 0..<(try reader.readCount()) {
                let step = try reader.readInt()
                guard step >= 1, step <= Self.maximumNumber - previous else { throw BinaryDecodingError(offset: reader.offset) }
                previous += step
                lacking.append(previous)
            }
            var extras: [TablePresence.ExtraKey] = []
            for _ in 0..<(try reader.readCount()) {
                extras.append(TablePresence.ExtraKey(key: try reader.readString(), location: try reader.readLocation()))
            }
            guard presences[name] == nil else { throw BinaryDecodingError(offset: reader.offset) }
            presences[name] = TablePresence(isBroken: isBroken, displayName: displayName, keyFileEnds: ends,
                                            lackingOrdinals: lacking, extraKeys: extras)
        }
        guard reader.isAtEnd else { throw BinaryDecodingError(offset: reader.offset) }
        self.init(diagnosticsBefore: lists[0], diagnosticsAfter: lists[1], presences: presences)
    }

    /// The largest ordinal a record may hold.
    private static let maximumNumber = 1 << 29

    private static func write(_ diagnostic: Diagnostic, to writer: inout BinaryWriter) {
        writer.write(diagnostic.ruleID)
        writer.write(diagnostic.severity == .error)
        writer.write(diagnostic.message)
        writer.write(diagnostic.location)
        writer.write(diagnostic.notes.count)
        for note in diagnostic.notes {
            writer.write(note.message)
            writer.write(note.location != nil)
            if let location = note.location { writer.write(location) }
        }
        writer.writeOptional(diagnostic.key)
        writer.writeOptional(diagnostic.language)
        writer.writeOptional(diagnostic.table)
        writer.write(diagnostic.languages.count)
        for language in diagnostic.languages { writer.write(language) }
    }

    private static func diagnostic(_ reader: inout BinaryReader) throws(BinaryDecodingError) -> Diagnostic {
        let ruleID = try reader.readString()
        let severity: Severity = try reader.readBool() ? .error : .warning
        let message = try reader.readString()
        let location = try reader.readLocation()
        var notes: [DiagnosticNote] = []
        for _ in 0..<(try reader.readCount()) {
            let message = try reader.readString()
            notes.append(DiagnosticNote(message, at: try reader.readBool() ? try reader.readLocation() : nil))
        }
        let key = try reader.readOptionalString()
        let language = try reader.readOptionalString()
        let table = try reader.readOptionalString()
        var languages: [String] = []
        for _ in 0..<(try reader.readCount()) { languages.append(try reader.readString()) }
        return Diagnostic(ruleID: ruleID, severity: severity, message: message, location: location, notes: notes,
                          key: key, language: language, table: table, languages: languages)
    }

}
