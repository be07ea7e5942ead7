import LinzaBase

/// A finding's identity that survives edits elsewhere in the file: rule, relative path,
/// key, language, message without positions, and its rank among identical findings.
enum Fingerprint {
    static func all(_ diagnostics: [Diagnostic], context: ReportContext) -> [String] {
        var seen: [String: Int] = [:]
        return diagnostics.map { diagnostic in
            let identity = [
                diagnostic.ruleID, context.relativePath(diagnostic.location.file), diagnostic.key ?? "",
                diagnostic.languages.joined(separator: ","), diagnostic.message,
            ].joined(separator: "\u{1F}")
            let rank = seen[identity, default: 0]
            seen[identity] = rank + 1
            return hex(StableHash.fnv1a(identity + "\u{1F}\(rank)"))
        }
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
