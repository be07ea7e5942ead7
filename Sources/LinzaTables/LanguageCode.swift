/// Language identifiers as they appear in `.lproj` folder names and in `.linza.yml`,
/// normalised to BCP-47 spelling so `pt_BR`, `pt-br` and `pt-BR` are one language.
package enum LanguageCode {
    /// Apple's legacy folder names (`English.lproj`) and what they mean.
    private static let legacyNames: [String: String] = [
        "english": "en", "french": "fr", "german": "de", "italian": "it", "japanese": "ja",
        "spanish": "es", "dutch": "nl", "portuguese": "pt", "swedish": "sv", "danish": "da",
        "finnish": "fi", "norwegian": "nb", "korean": "ko", "russian": "ru", "polish": "pl",
        "chinese": "zh",
    ]

    /// The folder of the storyboard/xib base localization.
    package static let base = "Base"

    /// The normalised code (`zh-Hant-TW`, `pt-BR`, `en`, `Base`), or nil when `name` is not
    /// a language (`qqq` documentation folders, arbitrary words).
    package static func normalize(_ name: String) -> String? {
        if name.lowercased() == "base" { return base }
        if let legacy = legacyNames[name.lowercased()] { return legacy }
        let parts = name.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
            .map(String.init)
        guard let language = parts.first, (2...3).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        let primary = language.lowercased()
        // qaa-qtz are private use; Xcode projects use qqq for translator comments.
        if primary.count == 3, primary >= "qaa", primary <= "qtz" { return nil }
        var result = [primary]
        for part in parts.dropFirst() {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
            if part.count == 4, part.allSatisfy(\.isLetter) {
                result.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else if part.count == 2 || (part.count == 3 && part.allSatisfy(\.isNumber)) {
                result.append(part.uppercased())
            } else {
                result.append(part.lowercased())
            }
        }
        return result.joined(separator: "-")
    }
}
