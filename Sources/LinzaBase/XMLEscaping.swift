/// Escapes text for XML attributes and content. Characters XML 1.0 cannot hold at all
/// (most control characters) become U+FFFD so reports stay well-formed whatever a key holds.
package enum XMLEscaping {
    package static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            case let control where control.value < 0x20 || (0xFFFE...0xFFFF).contains(control.value):
                result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
