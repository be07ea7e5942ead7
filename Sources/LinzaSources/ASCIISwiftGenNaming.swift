/// `AccessorNaming`'s SwiftGen rules for an ASCII name, on its bytes: the same steps
/// (`swiftIdentifier:"pretty"`, then `lowerFirstWord` for a member) where every property
/// the Unicode version looks up is a byte range. Nil for a name with any other character.
enum ASCIISwiftGenNaming {
    /// `AccessorNaming.swiftGenTypeName(name)` when `name` is ASCII.
    static func typeName(_ name: String) -> String? {
        guard let bytes = asciiBytes(of: name) else { return nil }
        return String(decoding: typeName(bytes), as: UTF8.self)
    }

    /// `AccessorNaming.swiftGenMemberName(name)` when `name` is ASCII.
    static func memberName(_ name: String) -> String? {
        guard let bytes = asciiBytes(of: name) else { return nil }
        return String(decoding: lowerFirstWord(typeName(bytes)), as: UTF8.self)
    }

    private static func asciiBytes(of name: String) -> [UInt8]? {
        var name = name
        return name.withUTF8 { $0.allSatisfy { $0 < 0x80 } ? Array($0) : nil }
    }

    private static let underscore = UInt8(ascii: "_")

    private static func isUpper(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
    private static func isLower(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    private static func isHead(_ byte: UInt8) -> Bool { byte == underscore || isUpper(byte) || isLower(byte) }
    private static func isTail(_ byte: UInt8) -> Bool { isHead(byte) || isDigit(byte) }
    private static func upper(_ byte: UInt8) -> UInt8 { isLower(byte) ? byte - 0x20 : byte }
    private static func lower(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte + 0x20 : byte }

    private static func typeName(_ name: [UInt8]) -> [UInt8] {
        prefixedIfNeeded(snakeToCamelCase(identifier(name)))
    }

    /// `swiftGenIdentifier`: parts between characters that may not be in an identifier,
    /// each with its first letter upper-cased, joined by `_`; `_` in front of a leading digit.
    private static func identifier(_ name: [UInt8]) -> [UInt8] {
        guard let first = name.first else { return [] }
        var result: [UInt8] = !isHead(first) && isTail(first) ? [underscore] : []
        var startsPart = true
        for byte in name {
            if isTail(byte) {
                result.append(startsPart ? upper(byte) : byte)
                startsPart = false
            } else {
                result.append(underscore)
                startsPart = true
            }
        }
        return prefixedIfNeeded(result)
    }

    /// `snakeToCamelCase`: with a lower-case letter, each `_`-separated word's first letter
    /// upper-cased; without one, digits before capitals split too and each word is
    /// capitalized (first letter upper case, the rest lower case).
    private static func snakeToCamelCase(_ string: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(string.count)
        if string.contains(where: isLower) {
            var startsWord = true
            for byte in string {
                if byte == underscore {
                    startsWord = true
                } else {
                    result.append(startsWord ? upper(byte) : byte)
                    startsWord = false
                }
            }
            return result
        }
        var startsWord = true
        var previous: UInt8?
        for var byte in string {
            if byte == UInt8(ascii: "-") { byte = underscore }
            if let previous, isDigit(previous), isUpper(byte) { startsWord = true }
            previous = byte
            if byte == underscore {
                startsWord = true
            } else {
                result.append(startsWord ? upper(byte) : lower(byte))
                startsWord = false
            }
        }
        return result
    }

    private static func prefixedIfNeeded(_ string: [UInt8]) -> [UInt8] {
        guard let first = string.first else { return [] }
        return isHead(first) ? string : [underscore] + string
    }

    /// `lowerFirstWord`: the leading capitals lower-cased, but the last of several when a
    /// lower-case letter follows.
    private static func lowerFirstWord(_ string: [UInt8]) -> [UInt8] {
        var end = 0
        while end < string.count, isUpper(string[end]) { end += 1 }
        if end > 1, end < string.count, isLower(string[end]) { end -= 1 }
        var result = string
        for index in 0..<end { result[index] = lower(result[index]) }
        return result
    }
}
