/// A finding's identity that survives edits elsewhere in the file: rule, relative path,
/// key, language, message without positions, and its rank among identical findings.
enum Fingerprint {
    static func all(_ diagnostics: [Diagnostic], context: ReportContext) -> [String] {
        var seen: [String: Int] = [:]
        return diagnostics.map { diagnostic in
            let identity = [diagnostic.ruleID, context.relativePath(diagnostic.location.file), diagnostic.key ?? "",
                            diagnostic.language ?? "", diagnostic.message].joined(separator: "\u{1F}")
            let rank = seen[identity, default: 0]
            seen[identity] = rank + 1
            return hex(fnv1a(identity + "\u{1F}\(rank)"))
        }
    }

    /// FNV-1a, 64 bits: stable across runs and platforms (Swift's `Hasher` is seeded per
    /// process), and enough to tell a project's findings apart.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
