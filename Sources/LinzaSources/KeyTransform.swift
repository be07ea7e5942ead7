/// A generator's rule for turning a key into an accessor member, described in `.linza.yml`
/// rather than built in: `naming: {case: lower, replace: "[^A-Za-z0-9]", with: "_"}` makes
/// `common_button_share` of `common.button.share`. Applied in order: characters of `replace`
/// become `with` (for `camel`/`pascal` they split words instead), the case is changed,
/// `prefix` and `suffix` are added. A key ending in one of `pluralSuffixes` is one form of a
/// plural text whose member is made from the key without it (`Chat.Members_few` ->
/// `Chat_Members`).
package struct KeyTransform: Hashable, Sendable, CustomStringConvertible {
    package enum LetterCase: String, CaseIterable, Hashable, Sendable {
        /// The key's own letters.
        case keep
        case lower
        case upper
        /// Words joined, each after the first starting upper case, the first lower case.
        case camel
        /// Words joined, each starting upper case.
        case pascal
    }

    /// The plural endings generators append to a key (CLDR's categories, and the numbered
    /// style of Telegram-like tables), each list in its own order, the form every language
    /// has last.
    package static let knownPluralEndings: [[String]] = [
        ["_zero", "_one", "_two", "_few", "_many", "_other"],
        ["_0", "_1", "_2", "_3_10", "_many", "_any"],
    ]

    package var letterCase: LetterCase
    /// The characters replaced (or, for `camel`/`pascal`, that split words); nil: none.
    package var replace: CharacterClass?
    package var with: String
    package var prefix: String
    package var suffix: String
    /// Key endings that mark plural forms read through one member (`_one`, `_other`; `_3_10`).
    package var pluralSuffixes: [String]

    package init(
        letterCase: LetterCase = .keep, replace: CharacterClass? = nil, with: String = "_",
        prefix: String = "", suffix: String = "", pluralSuffixes: [String] = []
    ) {
        self.letterCase = letterCase
        self.replace = replace
        self.with = with
        self.prefix = prefix
        self.suffix = suffix
        self.pluralSuffixes = pluralSuffixes
    }

    /// The member the generator makes of `key`, and whether the key is a plural form; nil
    /// when the member would be empty.
    package func member(of key: String) -> (name: String, isPluralForm: Bool)? {
        let ending = pluralSuffix(of: key)
        let body = transformed(Substring(key).dropLast(ending?.count ?? 0))
        return body.isEmpty ? nil : (prefix + body + suffix, ending != nil)
    }

    /// The plural ending `key` has, the longest first (`_3_10` before a shorter one that
    /// also ends it); nil for a key that is all ending.
    package func pluralSuffix(of key: String) -> String? {
        pluralSuffixes.filter { !$0.isEmpty && key.hasSuffix($0) && key.count > $0.count }.max { $0.count < $1.count }
    }

    /// A key that makes `member`: the member itself, without prefix and suffix, when the
    /// rule leaves it as it is (`common_button_share` under lower case and `.` -> `_`); nil
    /// when no key can be named.
    package func key(making member: String) -> String? {
        guard member.hasPrefix(prefix), member.hasSuffix(suffix), member.count > prefix.count + suffix.count else {
            return nil
        }
        let key = String(member.dropFirst(prefix.count).dropLast(suffix.count))
        guard let made = self.member(of: key), !made.isPluralForm, made.name == member else { return nil }
        return key
    }

    private func transformed(_ stem: Substring) -> String {
        switch letterCase {
        case .camel, .pascal:
            var words: [String] = []
            var current = ""
            for character in stem {
                if replace?.contains(character) ?? false {
                    words.append(current)
                    current = ""
                } else {
                    current.append(character)
                }
            }
            words.append(current)
            let joined = words.filter { !$0.isEmpty }.enumerated().map { index, word in
                index == 0 && letterCase == .camel
                    ? word.prefix(1).lowercased() + word.dropFirst()
                    : word.prefix(1).uppercased() + word.dropFirst()
            }
            return joined.joined()
        case .keep, .lower, .upper:
            if let fast = transformedASCII(stem) { return fast }
            var result = ""
            for character in stem {
                result += replace?.contains(character) ?? false ? with : String(character)
            }
            return letterCase == .lower ? result.lowercased() : letterCase == .upper ? result.uppercased() : result
        }
    }

    /// `transformed` for a stem of ASCII characters other than a carriage return (which can
    /// join a line feed into one character) and an ASCII `with`, on bytes: the same result,
    /// without a string made of every character (Telegram-iOS: 11,800 keys each run). Nil
    /// for any other stem.
    private func transformedASCII(_ stem: Substring) -> String? {
        let replacement = Array(with.utf8)
        guard replacement.allSatisfy({ $0 < 0x80 }) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(stem.utf8.count)
        for byte in stem.utf8 {
            guard byte < 0x80, byte != UInt8(ascii: "\r") else { return nil }
            if let replace, replace.containsASCII(byte) {
                bytes += replacement
                continue
            }
            bytes.append(byte)
        }
        switch letterCase {
        case .lower:
            for index in bytes.indices where (0x41...0x5A).contains(bytes[index]) { bytes[index] += 0x20 }
        case .upper:
            for index in bytes.indices where (0x61...0x7A).contains(bytes[index]) { bytes[index] -= 0x20 }
        default: break
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The `.linza.yml` flow mapping that describes it (what `init` writes).
    package var description: String {
        var parts: [String] = []
        if letterCase != .keep { parts.append("case: \(letterCase.rawValue)") }
        if let replace {
            parts.append("replace: \"\(replace.pattern)\"")
            if letterCase != .camel, letterCase != .pascal { parts.append("with: \"\(with)\"") }
        }
        if !prefix.isEmpty { parts.append("prefix: \"\(prefix)\"") }
        if !suffix.isEmpty { parts.append("suffix: \"\(suffix)\"") }
        if !pluralSuffixes.isEmpty { parts.append("plural_suffixes: [\(pluralSuffixes.joined(separator: ", "))]") }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}

/// A bracket expression such as `[^A-Za-z0-9]` or `[._-]`: single characters and ranges,
/// negated by a leading `^`. `]` may come first to stand for itself, `-` first or last.
package struct CharacterClass: Hashable, Sendable {
    /// The expression as written.
    package let pattern: String
    private let negated: Bool
    private let ranges: [ClosedRange<Character>]
    /// `contains` of each ASCII character, bit `n` of word `n / 64` for the character `n`.
    private let asciiMembers: [UInt64]

    /// Nil when `pattern` is not a bracket expression.
    package init?(_ pattern: String) {
        guard pattern.count >= 3, pattern.first == "[", pattern.last == "]" else { return nil }
        var body = Array(pattern.dropFirst().dropLast())
        negated = body.first == "^"
        if negated { body.removeFirst() }
        guard !body.isEmpty else { return nil }
        var ranges: [ClosedRange<Character>] = []
        var index = 0
        while index < body.count {
            if index + 2 < body.count, body[index + 1] == "-" {
                guard body[index] <= body[index + 2] else { return nil }
                ranges.append(body[index]...body[index + 2])
                index += 3
            } else {
                ranges.append(body[index]...body[index])
                index += 1
            }
        }
        self.pattern = pattern
        self.ranges = ranges
        let negated = negated
        var members: [UInt64] = [0, 0]
        for scalar in 0..<128
        where ranges.contains(where: { $0.contains(Character(UnicodeScalar(UInt8(scalar)))) }) != negated {
            members[scalar / 64] |= 1 << UInt64(scalar % 64)
        }
        asciiMembers = members
    }

    package func contains(_ character: Character) -> Bool {
        ranges.contains { $0.contains(character) } != negated
    }

    /// `contains` of the ASCII character `byte` (below 0x80), by a table made once.
    package func containsASCII(_ byte: UInt8) -> Bool {
        asciiMembers[Int(byte) / 64] & (1 << UInt64(byte % 64)) != 0
    }
}
