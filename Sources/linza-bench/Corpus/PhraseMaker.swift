/// English UI phrases and their stand-in translations. A translation keeps the phrase's
/// format specifiers, in order, and replaces each word with a pseudo-word in the target
/// language's script, derived from the word and the language only, so every table of a
/// language is consistent and the bytes per entry are realistic for that script.
struct PhraseMaker {
    static let words = """
        order orders pizza delivery courier address payment card cash total price discount promo code \
        cart item items menu size small medium large extra cheese crust sauce topping drink dessert \
        account profile settings notifications language privacy terms support help contact call chat \
        track status ready baking oven on the way arrives arrived minutes estimated time today tomorrow \
        save cancel confirm continue back next done edit delete remove add apply retry close open \
        sign in out up email password phone number name first last city street house apartment floor \
        your our new favourite recent popular recommended available unavailable sold out closed \
        error failed could not load please try again later network connection offline \
        loyalty points reward rewards level gold silver bronze earn spend free bonus gift \
        rate review stars comment thank you for choosing welcome back hello good morning evening
        """.split(separator: " ").map(String.init)

    /// Format specifiers a formatted phrase may carry, as apps use them.
    static let specifiers = ["%@", "%d", "%lld", "%ld", "%.1f", "%.2f", "%u"]

    /// A capitalised phrase of `count` words.
    static func phrase(_ random: inout SeededRandom, words count: Int) -> String {
        var text = (0..<count).map { _ in random.pick(words) }.joined(separator: " ")
        text = text.prefix(1).uppercased() + text.dropFirst()
        return text
    }

    /// A phrase holding `specifierCount` format specifiers, positional when there are two
    /// or more (as translators need them to reorder arguments).
    static func formattedPhrase(_ random: inout SeededRandom, specifiers specifierCount: Int) -> String {
        var parts = [phrase(&random, words: random.int(2...4))]
        for index in 1...specifierCount {
            let specifier = random.pick(specifiers)
            let positional = specifierCount > 1 ? "%\(index)$" + specifier.dropFirst() : specifier
            parts.append(positional)
            parts.append(phrase(&random, words: random.int(1...3)).lowercased())
        }
        return parts.joined(separator: " ")
    }

    /// `english` in `language`: specifiers and punctuation kept, words replaced.
    static func translate(_ english: String, into language: String) -> String {
        if language == "en" || language.hasPrefix("en-") { return english }
        let alphabet = CorpusLanguages.alphabet(of: language)
        return english.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            if word.hasPrefix("%") || word.isEmpty { return String(word) }
            var random = SeededRandom(seed: stableHash(word.lowercased() + "\u{1}" + language))
            let length = max(2, min(9, word.count + random.int(-2...2)))
            return (0..<length).map { _ in random.pick(alphabet) }.joined()
        }.joined(separator: " ")
    }

    /// FNV-1a: the same on every run (Swift's `Hasher` is seeded per process).
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
