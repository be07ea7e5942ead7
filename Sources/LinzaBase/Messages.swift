/// Every message Linza prints about a project, in one place so wording stays consistent
/// and can be reviewed as a whole.
package enum Messages {
    /// `text` in single quotes with line breaks, tabs and other control characters escaped,
    /// so a key can never break the one-line-per-finding output or fake a line of its own.
    package static func quoted(_ text: String) -> String {
        // Nearly every key has nothing to escape: skip the scalar-by-scalar copy. Every
        // escaped scalar's UTF-8 starts with a byte below 0x20, 0x7F, 0xC2 (U+0085) or
        // 0xE2 (U+2028, U+2029), so text without those bytes is copied whole.
        let needsEscape = { (byte: UInt8) in byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 }
        if !(text.utf8.withContiguousStorageIfAvailable { $0.contains(where: needsEscape) }
            ?? text.utf8.contains(where: needsEscape))
        {
            return "'" + text + "'"
        }
        var result = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control
            where control.value < 0x20 || control.value == 0x7F || control.value == 0x2028
                || control.value == 0x2029 || control.value == 0x85:
                result += "\\u{\(String(control.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "'"
    }

    // MARK: input

    package static func unreadable(_ reason: String) -> String {
        "cannot read this file: \(reason)"
    }

    package static func unreadableFolder(_ reason: String) -> String {
        "cannot read this folder: \(reason)"
    }
}
