import LinzaBase

/// What checking a whole module found (`LanguagePasses.check`), so that a later run whose
/// inputs are those it was made from (the rules, the code as scanned, every table file's
/// signature: `LanguagePasses`) answers without loading a table or running a rule. A warm
/// run after an edit in one module checks that module and replays the others.
package struct ModuleCheckRecord: Equatable, Sendable {
    /// The findings, in the order the check returned them.
    var diagnostics: [Diagnostic]
    var requiredLanguages: [String]
}

/// A `ModuleCheckRecord` as bytes and back, for the cache (`ScanCache`); anything but a
/// record's bytes is a decoding error, and the module is checked again.
extension ModuleCheckRecord {
    package func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(diagnostics.count)
        for diagnostic in diagnostics { LanguagePassRecord.write(diagnostic, to: &writer) }
        writer.write(requiredLanguages.count)
        for language in requiredLanguages { writer.write(language) }
        return writer.bytes
    }

    package init(decoding bytes: ArraySlice<UInt8>) throws(BinaryDecodingError) {
        var reader = BinaryReader(bytes)
        var diagnostics: [Diagnostic] = []
        var repeated = LanguagePassRecord.RepeatedStrings()
        for _ in 0..<(try reader.readCount()) {
            diagnostics.append(try LanguagePassRecord.diagnostic(&reader, repeating: &repeated))
        }
        var languages: [String] = []
        for _ in 0..<(try reader.readCount()) { languages.append(try reader.readString()) }
        guard reader.isAtEnd else { throw BinaryDecodingError(offset: reader.offset) }
        self.init(diagnostics: diagnostics, requiredLanguages: languages)
    }
}
