import LinzaBase

/// The encoding an XML property list names in its declaration (`<?xml version="1.0"
/// encoding="ISO-8859-1"?>`), found the way CoreFoundation finds it: only in a file that
/// starts exactly with `<?xml` and has no byte-order mark (a BOM wins), by the first
/// `encoding=` before the first `?` or `>`, in either quote. The run time then decodes the
/// whole file in that encoding, even bytes that would also be valid UTF-8.
enum XMLDeclaredEncoding: Equatable {
    /// No declaration, no encoding in it, or UTF-8.
    case utf8
    case isoLatin1
    case windowsLatin1
    case usASCII
    /// A name Linza does not decode (the run time may know it; Linza cannot check the file).
    case other(String)

    /// The IANA names (compared without case) the run time maps to each encoding.
    private static let names: [(names: Set<String>, encoding: XMLDeclaredEncoding)] = [
        (
            [
                "iso-8859-1", "iso_8859-1", "iso_8859-1:1987", "iso-ir-100", "latin1", "l1", "ibm819", "cp819",
                "csisolatin1",
            ], .isoLatin1
        ),
        (["windows-1252"], .windowsLatin1),
        (
            [
                "us-ascii", "ascii", "ansi_x3.4-1968", "ansi_x3.4-1986", "iso646-us", "us", "ibm367", "cp367",
                "csascii", "iso-ir-6", "iso_646.irv:1991",
            ], .usASCII
        ),
    ]

    /// The encoding `bytes` (a whole file, BOM not removed) declares.
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> XMLDeclaredEncoding {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return .utf8 }
        let keyword = Array("ncoding=".utf8)
        var index = 5
        var found = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ascii("?") || byte == ascii(">") { return .utf8 }
            index += 1
            // The run time gives up on a declaration cut short (the XML reader then reports it).
            if index + 8 >= bytes.count { return .utf8 }
            if byte == ascii("e"), bytes[index..<index + 8].elementsEqual(keyword) {
                index += 8
                found = true
                break
            }
        }
        guard found, index < bytes.count else { return .utf8 }
        let quote = bytes[index]
        guard quote == ascii("\"") || quote == ascii("'") else { return .utf8 }
        let start = index + 1
        guard let end = bytes[start...].firstIndex(of: quote) else { return .utf8 }
        // The name is read as Latin-1, as the run time reads it.
        let name = String(bytes[start..<end].map { Character(Unicode.Scalar($0)) })
        let lowered = name.lowercased()
        if lowered == "utf-8" { return .utf8 }
        return names.first { $0.names.contains(lowered) }?.encoding ?? .other(name)
    }

    /// The characters of windows-1252's bytes 0x80–0x9F; nil where the code page has none.
    private static let windowsUpperControls: [UInt32?] = [
        0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil,
        0x017D, nil,
        nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, nil,
        0x017E, 0x0178,
    ]

    /// The character a byte stands for in a single-byte encoding; nil when it has none.
    func scalar(for byte: UInt8) -> Unicode.Scalar? {
        switch self {
        case .isoLatin1: return Unicode.Scalar(byte)
        case .windowsLatin1:
            guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
            return Self.windowsUpperControls[Int(byte - 0x80)].flatMap(Unicode.Scalar.init)
        case .usASCII: return byte < 0x80 ? Unicode.Scalar(byte) : nil
        case .utf8, .other: return nil
        }
    }

    /// The byte for a character in a single-byte encoding; nil when it has none.
    func byte(for scalar: Unicode.Scalar) -> UInt8? {
        switch self {
        case .isoLatin1: return scalar.value <= 0xFF ? UInt8(scalar.value) : nil
        case .windowsLatin1:
            if let index = Self.windowsUpperControls.firstIndex(of: scalar.value) { return 0x80 + UInt8(index) }
            return scalar.value <= 0xFF && !(0x80...0x9F).contains(scalar.value) ? UInt8(scalar.value) : nil
        case .usASCII: return scalar.value < 0x80 ? UInt8(scalar.value) : nil
        case .utf8, .other: return nil
        }
    }

    /// The encoding's name in messages.
    var name: String {
        switch self {
        case .utf8: "UTF-8"
        case .isoLatin1: "ISO-8859-1"
        case .windowsLatin1: "windows-1252"
        case .usASCII: "US-ASCII"
        case .other(let name): name
        }
    }
}
