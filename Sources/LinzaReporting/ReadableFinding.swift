import LinzaBase

/// A finding as people read it (the default reporter, markdown, html): one line for the
/// finding and the notes that help fix it. Machine formats keep the whole message.
///
/// A key missing in 29 of 30 languages was one ~300-character error naming every language
/// and 29 notes pointing at the end of each language's table: 94 % of a real app's output.
/// Without `--verbose` the language list is shortened and the per-language notes are left
/// out; the note where the key is defined stays, since that is where one goes to fix it.
package enum ReadableFinding {
    /// How many languages a finding may name before its list is shortened.
    package static let longList = 5
    /// How many languages a shortened list still names.
    package static let shownLanguages = 3

    /// The message to print: the finding's own, with a long language list shortened
    /// unless `verbose`.
    package static func message(of diagnostic: Diagnostic, verbose: Bool) -> String {
        guard !verbose, diagnostic.languages.count > longList,
            let shortened = shortenedLanguageList(diagnostic.message, languages: diagnostic.languages)
        else { return diagnostic.message }
        return shortened
    }

    /// The notes to print: every note when `verbose`, else those not about one language alone.
    package static func notes(of diagnostic: Diagnostic, verbose: Bool) -> [DiagnosticNote] {
        diagnostic.notes.filter { isPrinted($0, verbose: verbose) }
    }

    /// Whether `note` is printed: every note when `verbose`, else one not about one language alone.
    package static func isPrinted(_ note: DiagnosticNote, verbose: Bool) -> Bool {
        verbose || !note.isPerLanguage
    }

    /// How many notes `--verbose` would add.
    package static func hiddenNoteCount(of diagnostic: Diagnostic, verbose: Bool) -> Int {
        verbose ? 0 : diagnostic.notes.count(where: \.isPerLanguage)
    }

    /// `message` with its list of `languages` ("is missing in ar, be, ca, … (29 of 30
    /// languages)", as `MissingKeyGrouping` writes it) turned into "is missing in 29 of 30
    /// languages: ar, be, ca, … (--verbose lists them)"; nil when the message holds no such list.
    /// The list is found by the languages the finding carries, not by guessing at words.
    ///
    /// Found and cut by bytes: the list starts and ends with ASCII, so its edges lie on
    /// character boundaries. (Searched, measured and cut by characters, it cost about
    /// 30,000 instructions a finding, 7 % of a 39-language app's warm run.)
    static func shortenedLanguageList(_ message: String, languages: [String]) -> String? {
        let list = languages.joined(separator: ", ")
        let opening = Array("missing in \(list) (\(languages.count) of ".utf8)
        let closing = Array(" languages)".utf8)
        let bytes = Array(message.utf8)
        guard let start = firstOffset(of: opening, in: bytes) else { return nil }
        let digitsStart = start + opening.count
        var digitsEnd = digitsStart
        while digitsEnd < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[digitsEnd]) {
            digitsEnd += 1
        }
        guard digitsEnd > digitsStart, bytes[digitsEnd...].starts(with: closing) else { return nil }
        let digits = String(decoding: bytes[digitsStart..<digitsEnd], as: UTF8.self)
        let shown = languages.prefix(shownLanguages).joined(separator: ", ")
        return String(decoding: bytes[..<start], as: UTF8.self)
            + "missing in \(languages.count) of \(digits) languages: \(shown), … (--verbose lists them)"
            + String(decoding: bytes[(digitsEnd + closing.count)...], as: UTF8.self)
    }

    /// Where `needle` first occurs in `bytes`, as an offset.
    private static func firstOffset(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        for offset in 0...(bytes.count - needle.count)
        where bytes[offset] == first && bytes[offset..<(offset + needle.count)].elementsEqual(needle) {
            return offset
        }
        return nil
    }
}
