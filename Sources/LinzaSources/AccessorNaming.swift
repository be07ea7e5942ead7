/// The identifiers code generators make from keys and table names, so that an accessor path
/// in code can be traced back to its key when the generated file is not in the repository.
/// Each function follows the generator's own rules (SwiftGen's `swiftIdentifier:"pretty"`
/// and `lowerFirstWord` filters, R.swift's `SwiftIdentifier`); backticks around keywords
/// are left out, as Linza compares identifiers without them.
package enum AccessorNaming {
    /// The accessor path of `key` (root excluded) under `naming`; nil when the generator
    /// would make no accessor of it. `table` is the table's name (R.swift puts it in the path).
    package static func path(of key: String, table: String, naming: AccessorSet.Naming) -> [String]? {
        switch naming {
        case .declarations:
            return nil
        case .swiftGen:
            // SwiftGen drops empty parts: `a.b.` is `A.b`.
            let parts = key.split(separator: ".").map(String.init)
            guard let last = parts.last else { return nil }
            return parts.dropLast().map(swiftGenTypeName) + [swiftGenMemberName(last)]
        case .swiftGenFlat:
            return key.isEmpty ? nil : [swiftGenMemberName(key)]
        case .rSwift:
            let tableName = rSwiftIdentifier(table), keyName = rSwiftIdentifier(key)
            return tableName.isEmpty || keyName.isEmpty ? nil : [tableName, keyName]
        case .key:
            return isIdentifier(key) ? [key] : nil
        case .letters:
            let spelled = letters(of: Substring(key))
            return spelled.isEmpty ? nil : [spelled]
        case .transform:
            // The rule is the configuration's (`AccessorSet.transform`, `KeyTransform.member(of:)`).
            return nil
        }
    }

    /// Letters and digits, lowercased: `common.button.share`, `common_button_share` and
    /// `commonButtonShare` are all `commonbuttonshare` (the `letters` naming).
    package static func letters(of name: Substring) -> String {
        // ASCII names (almost every key) byte by byte: the same letters, digits and lower
        // case, without a Unicode property lookup and a string per character (`prune` asks
        // this of every key of the project).
        if let ascii = asciiLetters(of: name) { return ascii }
        return String(
            String.UnicodeScalarView(
                name.unicodeScalars.lazy
                    .filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
                    .flatMap { $0.properties.lowercaseMapping.unicodeScalars }))
    }

    /// `letters(of:)` of an ASCII name; nil for any other.
    private static func asciiLetters(of name: Substring) -> String? {
        var name = name
        return name.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                var count = 0
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        buffer[count] = byte
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                        buffer[count] = byte + 0x20
                    default:
                        continue
                    }
                    count += 1
                }
                return count
            }
        }
    }

    // MARK: - SwiftGen

    /// `swiftIdentifier:"pretty"`: invalid characters become `_`, each part's first letter
    /// upper-cased, then snake case turned into camel case.
    static func swiftGenTypeName(_ name: String) -> String {
        // ASCII names byte by byte (`ASCIISwiftGenNaming`): a warm run names every key of
        // every table a SwiftGen accessor set maps, and Unicode property lookups were a
        // third of home-assistant's run.
        ASCIISwiftGenNaming.typeName(name) ?? unicodeSwiftGenTypeName(name)
    }

    /// `swiftGenTypeName` by Unicode scalars, for any name.
    static func unicodeSwiftGenTypeName(_ name: String) -> String {
        let identifier = swiftGenIdentifier(name)
        let camel = snakeToCamelCase(identifier)
        return prefixedIfNeeded(camel)
    }

    /// `swiftIdentifier:"pretty" | lowerFirstWord`.
    static func swiftGenMemberName(_ name: String) -> String {
        ASCIISwiftGenNaming.memberName(name) ?? lowerFirstWord(unicodeSwiftGenTypeName(name))
    }

    /// StencilSwiftKit's `SwiftIdentifier.identifier(from:replaceWithUnderscores: true)`.
    private static func swiftGenIdentifier(_ name: String) -> String {
        guard let first = name.unicodeScalars.first else { return "" }
        let prefix = !isIdentifierHead(first) && isIdentifierTail(first) ? "_" : ""
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            if isIdentifierTail(scalar) {
                current.append(scalar)
            } else {
                parts.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        parts.append(String(current))
        let joined = parts.map(upperFirstLetter).joined(separator: "_")
        return prefixedIfNeeded(prefix + joined)
    }

    /// StencilSwiftKit's `snakeToCamelCase(_:stripLeading: true)`.
    private static func snakeToCamelCase(_ string: String) -> String {
        if string.unicodeScalars.contains(where: { ("a"..."z").contains($0) }) {
            return words(string).map(upperFirstLetter).joined()
        }
        return words(snakeCase(string)).map(capitalized).joined()
    }

    private static func words(_ string: String) -> [String] {
        string.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
    }

    /// StencilSwiftKit's `snakecase` (`([A-Z\d]+)([A-Z][a-z])` -> `$1_$2`, then
    /// `([a-z\d])([A-Z])` -> `$1_$2`, then `-` -> `_`) for a string without a lower-case
    /// ASCII letter, where only a digit before a capital splits.
    private static func snakeCase(_ string: String) -> String {
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in string.unicodeScalars {
            if let previous, previous.properties.numericType == .decimal, ("A"..."Z").contains(scalar) {
                result.append("_")
            }
            result.append(scalar == "-" ? "_" : scalar)
            previous = scalar
        }
        return String(result)
    }

    /// Foundation's `capitalized` on a string without spaces: first letter upper case, the
    /// rest lower case.
    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst().lowercased()
    }

    private static func upperFirstLetter(_ word: String) -> String {
        guard let first = word.unicodeScalars.first else { return word }
        return String(first).uppercased() + String(word.unicodeScalars.dropFirst())
    }

    /// `_` in front when the first character may not start an identifier (a digit).
    private static func prefixedIfNeeded(_ string: String) -> String {
        guard let first = string.unicodeScalars.first else { return "" }
        return isIdentifierHead(first) ? string : "_" + string
    }

    /// StencilSwiftKit's `lowerFirstWord`: the leading capitals lower-cased, except the last
    /// one when a lower-case letter follows a run of several (`URLChooser` -> `urlChooser`).
    static func lowerFirstWord(_ string: String) -> String {
        let scalars = Array(string.unicodeScalars)
        var end = 0
        while end < scalars.count, isUppercase(scalars[end]) { end += 1 }
        if end > 1, end < scalars.count, scalars[end].properties.generalCategory == .lowercaseLetter { end -= 1 }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: String(String.UnicodeScalarView(scalars[..<end])).lowercased().unicodeScalars)
        result.append(contentsOf: scalars[end...])
        return String(result)
    }

    // MARK: - R.swift

    /// R.swift's `SwiftIdentifier(name:)`: split at whitespace, punctuation (except `_`) and
    /// symbols, each later part's first letter upper-cased; leading digits removed; the
    /// leading capitals lower-cased (`^([A-Z]+)(?=[^a-z])`, else just the first letter).
    static func rSwiftIdentifier(_ name: String) -> String {
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            if isRSwiftSeparator(scalar) {
                parts.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        parts.append(String(current))
        let joined = parts.dropFirst().reduce(parts[0]) { $0 + upperFirstLetter($1) }
        let scalars = Array(joined.unicodeScalars.drop { ("0"..."9").contains($0) })
        guard !scalars.isEmpty else { return "" }
        // `[A-Z]+` followed by a character that is not `[a-z]`: backtrack from the longest run.
        var run = 0
        while run < scalars.count, ("A"..."Z").contains(scalars[run]) { run += 1 }
        while run > 0, run >= scalars.count || ("a"..."z").contains(scalars[run]) { run -= 1 }
        var result = String.UnicodeScalarView()
        if run > 0 {
            result.append(contentsOf: String(String.UnicodeScalarView(scalars[..<run])).lowercased().unicodeScalars)
            result.append(contentsOf: scalars[run...])
        } else {
            result.append(contentsOf: String(scalars[0]).lowercased().unicodeScalars)
            result.append(contentsOf: scalars.dropFirst())
        }
        return String(result)
    }

    private static func isRSwiftSeparator(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "_" { return false }
        // R.swift keeps emoji ranges.
        switch scalar.value {
        case 0x2600...0x27BF, 0x1F300...0x1F6FF, 0x1F900...0x1F9FF, 0x1F1E6...0x1F1FF: return false
        default: break
        }
        if scalar.properties.isWhitespace { return true }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
            .control, .unassigned, .surrogate, .privateUse:
            return true
        default:
            return false
        }
    }

    // MARK: - Characters

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .uppercaseLetter || category == .titlecaseLetter
    }

    /// A character that may start a Swift identifier: a letter or `_` (Swift's wider set
    /// of symbols is left out: generators seldom meet it in keys).
    private static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic
    }

    private static func isIdentifierTail(_ scalar: Unicode.Scalar) -> Bool {
        if isIdentifierHead(scalar) { return true }
        switch scalar.properties.generalCategory {
        case .decimalNumber, .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Whether `text` is a plain Swift identifier.
    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isIdentifierHead(first) else { return false }
        return text.unicodeScalars.allSatisfy(isIdentifierTail)
    }
}
