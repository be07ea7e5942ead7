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
    static func shortenedLanguageList(_ message: String, languages: [String]) -> String? {
        let list = languages.joined(separator: ", ")
        let opening = "missing in \(list) (\(languages.count) of "
        guard let start = firstRange(of: opening, in: message) else { return nil }
        let rest = message[start.upperBound...]
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        let closing = " languages)"
        guard !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(closing) else { return nil }
        let end = rest.index(rest.startIndex, offsetBy: digits.count + closing.count)
        let shown = languages.prefix(shownLanguages).joined(separator: ", ")
        return message[..<start.lowerBound]
            + "missing in \(languages.count) of \(digits) languages: \(shown), … (--verbose lists them)"
            + message[end...]
    }

    /// Where `needle` first occurs in `text`, compared byte by byte: the needle starts and
    /// ends with ASCII, so a match lies on character boundaries. (The standard library's
    /// `firstRange(of:)` cost about 90,000 instructions a message, more than printing it.)
    private static func firstRange(of needle: String, in text: String) -> Range<String.Index>? {
        let needle = Array(needle.utf8)
        let bytes = Array(text.utf8)
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        for offset in 0...(bytes.count - needle.count)
        where bytes[offset] == first && bytes[offset..<(offset + needle.count)].elementsEqual(needle) {
            let start = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
            return start..<text.utf8.index(start, offsetBy: needle.count)
        }
        return nil
    }
}
