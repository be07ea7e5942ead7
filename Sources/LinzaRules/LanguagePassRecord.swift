import LinzaBase
import LinzaTables

/// What one language pass found, so that a later run whose inputs did not change (the
/// table files of that language and the development language's, and the code when a
/// recorded rule reads it: `LanguagePasses`) can skip loading and checking that language:
/// the findings of every rule but the presence rules (`PresenceRule`, `missing_key`), and
/// what those need of the language's tables (`TablePresence`). Presence rules run again on
/// every run, against the presences (`LintProject.replaying`).
package struct LanguagePassRecord: Equatable, Sendable {
    /// The recorded rules' findings, by rule id, each in the order the rule reports them; a
    /// rule that found nothing has no entry (`findings[id] ?? []`).
    var findings: [String: [Diagnostic]]
    /// The language's tables, by name, as presence rules read them.
    var presences: [String: TablePresence]

    /// The record of `pass` (a language pass of `language`, its files loaded) and the
    /// recorded rules' `findings`.
    init(pass: LintProject, language: String, findings: [String: [Diagnostic]]) {
        // Without the rules that found nothing: most find nothing in most languages, and a
        // warm run decodes every language's record (a rule id and a dictionary entry each).
        self.findings = findings.filter { !$0.value.isEmpty }
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

    init(findings: [String: [Diagnostic]], presences: [String: TablePresence]) {
        self.findings = findings
        self.presences = presences
    }
}

/// A `LanguagePassRecord` as bytes and back, for the cache (`ScanCache`). Every value read
/// back is checked against what a pass can produce; anything else is a decoding error, and
/// the pass is run again.
extension LanguagePassRecord {
    package func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(findings.count)
        for (rule, diagnostics) in findings.sorted(by: { $0.key < $1.key }) {
            writer.write(rule)
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
        var findings: [String: [Diagnostic]] = [:]
        for _ in 0..<(try reader.readCount()) {
            let rule = try reader.readString()
            var diagnostics: [Diagnostic] = []
            var repeated = RepeatedStrings()
            for _ in 0..<(try reader.readCount()) {
                diagnostics.append(try Self.diagnostic(&reader, repeating: &repeated))
            }
            guard findings[rule] == nil else { throw BinaryDecodingError(offset: reader.offset) }
            findings[rule] = diagnostics
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
                guard step >= 1, step <= Self.maximumNumber - previous else {
                    throw BinaryDecodingError(offset: reader.offset)
                }
                previous += step
                lacking.append(previous)
            }
            var extras: [TablePresence.ExtraKey] = []
            for _ in 0..<(try reader.readCount()) {
                extras.append(TablePresence.ExtraKey(key: try reader.readString(), location: try reader.readLocation()))
            }
            guard presences[name] == nil else { throw BinaryDecodingError(offset: reader.offset) }
            presences[name] = TablePresence(
                isBroken: isBroken, displayName: displayName, keyFileEnds: ends,
                lackingOrdinals: lacking, extraKeys: extras)
        }
        guard reader.isAtEnd else { throw BinaryDecodingError(offset: reader.offset) }
        self.init(findings: findings, presences: presences)
    }

    /// The largest ordinal a record may hold.
    private static let maximumNumber = 1 << 29

    /// The fewest bytes `write` makes of a finding: a length or count byte for each of the
    /// rule, message, path, notes and languages, a byte each for the severity, the line, the
    /// column and whether a key, a language and a table follow. A record whose pieces are
    /// shorter than this per finding they claim is not decoded (nor its array allocated).
    static let smallestFinding = 11

    static func write(_ diagnostic: Diagnostic, to writer: inout BinaryWriter) {
        writer.write(diagnostic.ruleID)
        writer.write(diagnostic.severity == .error)
        writer.write(diagnostic.message)
        writer.write(diagnostic.location)
        writer.write(diagnostic.notes.count)
        for note in diagnostic.notes {
            writer.write(note.message)
            writer.write(note.location != nil)
            if let location = note.location { writer.write(location) }
            writer.write(note.isPerLanguage)
        }
        writer.writeOptional(diagnostic.key)
        writer.writeOptional(diagnostic.language)
        writer.writeOptional(diagnostic.table)
        writer.write(diagnostic.languages.count)
        for language in diagnostic.languages { writer.write(language) }
    }

    /// The strings of the finding decoded last, which the next one mostly repeats (its rule,
    /// file, table, language, the note naming where the key is defined): a repeated one is
    /// shared, not stored again (`BinaryReader.readString(reusing:)`).
    struct RepeatedStrings {
        var ruleID = ""
        var file = ""
        var noteMessage = ""
        var noteFile = ""
        var key = ""
        var language = ""
        var table = ""
        var languages: [String] = []
    }

    static func diagnostic(
        _ reader: inout BinaryReader, repeating last: inout RepeatedStrings
    ) throws(BinaryDecodingError) -> Diagnostic {
        let ruleID = try reader.readString(reusing: &last.ruleID)
        let severity: Severity = try reader.readBool() ? .error : .warning
        let message = try reader.readString()
        let location = try reader.readLocation(reusingPath: &last.file)
        var notes: [DiagnosticNote] = []
        for _ in 0..<(try reader.readCount()) {
            let message = try reader.readString(reusing: &last.noteMessage)
            let location = try reader.readBool() ? try reader.readLocation(reusingPath: &last.noteFile) : nil
            notes.append(DiagnosticNote(message, at: location, isPerLanguage: try reader.readBool()))
        }
        let key = try reader.readBool() ? try reader.readString(reusing: &last.key) : nil
        let language = try reader.readBool() ? try reader.readString(reusing: &last.language) : nil
        let table = try reader.readBool() ? try reader.readString(reusing: &last.table) : nil
        // The last finding's list, when this one's is the same: most findings of a record
        // name the same language, and a list of one is an array made and freed.
        var languages = last.languages
        let count = try reader.readCount()
        var differs = count != languages.count
        if differs { languages = [] }
        for index in 0..<count {
            let language = try reader.readString(reusing: &last.language)
            if !differs, languages[index] != language {
                differs = true
                languages.removeSubrange(index...)
            }
            if differs { languages.append(language) }
        }
        last.languages = languages
        return Diagnostic(
            ruleID: ruleID, severity: severity, message: message, location: location, notes: notes,
            key: key, language: language, table: table, languages: languages)
    }

}
