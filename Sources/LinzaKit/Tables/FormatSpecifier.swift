/// A printf-style conversion in a translation (`%@`, `%d`, `%2$.1f`, `%#@items@`) and the
/// argument it consumes, so translations can be checked against each other.
public struct FormatSpecifier: Hashable, Sendable {
    /// What an argument must be. Integer widths matter: `%d` reads 32 bits, `%ld` 64.
    public enum ArgumentType: String, Hashable, Sendable {
        case object = "an object (%@)"
        case int32 = "an int (%d)"
        case int64 = "a long (%ld)"
        case double = "a double (%f)"
        case character = "a character (%c)"
        case cString = "a C string (%s)"
        case unicharString = "a unichar string (%S)"
        case pointer = "a pointer (%p)"
        /// `%#@name@`: a stringsdict variable, whose own rule says what it takes.
        case variable = "a stringsdict variable (%#@…@)"
    }

    /// The 1-based argument the conversion reads.
    public var argument: Int
    public var type: ArgumentType
    /// The specifier as written.
    public var text: String

    /// The conversions of `text`, each with the argument it reads: explicit (`%2$@`), or
    /// the next of the non-positional ones, which CoreFoundation counts on their own
    /// (`%2$d %3$d %d` reads 2, 3 and then 1). `*` widths and precisions read an int each.
    public static func parse(_ text: String) -> [FormatSpecifier] {
        // Most texts have no conversion at all; finding that on the bytes is far cheaper
        // than building the scalar array.
        guard text.utf8.contains(UInt8(ascii: "%")) else { return [] }
        let scalars = Array(text.unicodeScalars)
        var result: [FormatSpecifier] = []
        var next = 1
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else {
                index += 1
                continue
            }
            let start = index
            index += 1
            guard index < scalars.count else { break }
            if scalars[index] == "%" {
                index += 1
                continue
            }
            // `%arg` stands for a String Catalog substitution's own value.
            if index + 2 < scalars.count, scalars[index] == "a", scalars[index + 1] == "r", scalars[index + 2] == "g" {
                index += 3
                continue
            }
            // Optional explicit position `n$`.
            var position: Int?
            var lookahead = index
            var number = 0
            while lookahead < scalars.count, ("0"..."9").contains(scalars[lookahead]) {
                number = number * 10 + Int(scalars[lookahead].value - 48)
                lookahead += 1
            }
            if lookahead > index, lookahead < scalars.count, scalars[lookahead] == "$" {
                position = number
                index = lookahead + 1
            } else if lookahead > index, lookahead + 1 < scalars.count, scalars[lookahead] == "#", scalars[lookahead + 1] == "@" {
                position = number // `%1#@name@`, a spelling real .stringsdict files use for `%1$#@name@`
                index = lookahead
            }
            // `%#@name@` names a stringsdict variable.
            if index + 1 < scalars.count, scalars[index] == "#", scalars[index + 1] == "@" {
                var end = index + 2
                while end < scalars.count, scalars[end] != "@" { end += 1 }
                guard end < scalars.count else { break }
                let argument = position ?? next
                if position == nil { next += 1 }
                result.append(FormatSpecifier(argument: argument, type: .variable,
                                              text: String(String.UnicodeScalarView(scalars[start...end]))))
                index = end + 1
                continue
            }
            let spaceFlag = scalars[index] == " "
            while index < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[index]) { index += 1 }
            index = skipWidth(scalars, from: index, next: &next, result: &result)
            if index < scalars.count, scalars[index] == "." {
                index = skipWidth(scalars, from: index + 1, next: &next, result: &result)
            }
            var length = ""
            while index < scalars.count, "hlqLztj".unicodeScalars.contains(scalars[index]) {
                length.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard index < scalars.count, let type = type(of: scalars[index], length: length) else { continue }
            // `20% off` is a percentage followed by a word, not `% o` (space flag, octal).
            if spaceFlag, scalars[index] != "@", index + 1 < scalars.count, scalars[index + 1].properties.isAlphabetic {
                continue
            }
            index += 1
            guard let type else { continue } // %n writes, reads nothing we check
            let argument = position ?? next
            if position == nil { next += 1 }
            result.append(FormatSpecifier(argument: argument, type: type,
                                          text: String(String.UnicodeScalarView(scalars[start..<index]))))
        }
        return result
    }

    /// The variable names referenced with `%#@name@`.
    public static func variableReferences(in text: String) -> [String] {
        parse(text).filter { $0.type == .variable }.map { String($0.text.split(separator: "@")[1...].first ?? "") }
    }

    /// Argument number to type; nil when one argument is read as two different types.
    public static func signature(_ text: String) -> [Int: ArgumentType]? {
        var result: [Int: ArgumentType] = [:]
        for specifier in parse(text) {
            if let existing = result[specifier.argument], existing != specifier.type { return nil }
            result[specifier.argument] = specifier.type
        }
        return result
    }

    /// Skips a width or precision; a `*` reads the next argument as an int.
    private static func skipWidth(_ scalars: [Unicode.Scalar], from start: Int, next: inout Int,
                                  result: inout [FormatSpecifier]) -> Int {
        var index = start
        if index < scalars.count, scalars[index] == "*" {
            result.append(FormatSpecifier(argument: next, type: .int32, text: "*"))
            next += 1
            return index + 1
        }
        while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
        return index
    }

    /// The argument type of a conversion character: nil if it is not one, `.some(nil)` for
    /// `%n`.
    private static func type(of conversion: Unicode.Scalar, length: String) -> ArgumentType?? {
        switch conversion {
        case "@": return .some(.object)
        case "d", "i", "o", "u", "x", "X", "D", "U", "O":
            return .some(["l", "ll", "q", "z", "t", "j"].contains(length) || "DUO".unicodeScalars.contains(conversion) ? .int64 : .int32)
        case "f", "F", "e", "E", "g", "G", "a", "A": return .some(.double)
        case "c", "C": return .some(.character)
        case "s": return .some(.cString)
        case "S": return .some(.unicharString)
        case "p": return .some(.pointer)
        case "n": return .some(nil)
        default: return nil
        }
    }
}
