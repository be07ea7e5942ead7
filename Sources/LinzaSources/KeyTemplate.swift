import LinzaBase

/// The key an interpolated `String.LocalizationValue` or `LocalizedStringKey` literal
/// looks up: Xcode turns `"\(count) new posts"` into the key `"%lld new posts"`. Linza sees
/// the literal text but not the types, so the template matches a key with any single
/// format specifier where each interpolation stood.
package struct KeyTemplate: Hashable, Sendable, CustomStringConvertible {
    /// The literal text around the interpolations (one more than there are interpolations).
    package let segments: [String]
    /// `segments` as UTF-8 bytes, made once: a template is matched against every key of a
    /// table (the bind step's resolution, `unused_key`).
    private let segmentBytes: [[UInt8]]

    package init(segments: [String]) {
        self.segments = segments
        segmentBytes = segments.map { Array($0.utf8) }
    }

    /// How the template reads in code: `"\(…) new posts"`.
    package var description: String {
        segments.joined(separator: "\\(…)")
    }

    /// Whether `key` is the template with a format specifier (`%@`, `%lld`, `%1$@`…) in
    /// each interpolation's place.
    package func matches(_ key: String) -> Bool {
        var key = key
        return key.withUTF8(matches(bytes:))
    }

    /// `matches(_:)` for a key's UTF-8 bytes.
    package func matches(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = segmentBytes.first, Self.has(first, in: bytes, at: 0) else { return false }
        var position = first.count
        for part in segmentBytes.dropFirst() {
            guard let length = Self.specifierLength(bytes, at: position) else { return false }
            position += length
            guard Self.has(part, in: bytes, at: position) else { return false }
            position += part.count
        }
        return position == bytes.count
    }

    private static func has(_ part: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        guard bytes.count - position >= part.count else { return false }
        return part.indices.allSatisfy { bytes[position + $0] == part[$0] }
    }

    /// The hash of the template with a NUL byte where each interpolation stands: equal to
    /// `placeholderHash(ofKey:)` of every key the template matches.
    package var placeholderHash: UInt64 {
        StableHash.fnv1a(segments.joined(separator: "\u{0}"))
    }

    /// The hash of `key` with a NUL byte in place of each format specifier, or nil when it
    /// has none: a key an interpolated literal anywhere in code may form.
    package static func placeholderHash(ofKey key: String) -> UInt64? {
        var key = key
        return key.withUTF8 { bytes -> UInt64? in
            guard bytes.contains(ascii("%")) else { return nil }
            var normalized: [UInt8] = []
            normalized.reserveCapacity(bytes.count)
            var index = 0
            var replaced = false
            while index < bytes.count {
                if let length = specifierLength(bytes, at: index) {
                    normalized.append(0)
                    index += length
                    replaced = true
                } else {
                    normalized.append(bytes[index])
                    index += 1
                }
            }
            guard replaced else { return nil }
            return normalized.withUnsafeBufferPointer { StableHash.fnv1a($0) }
        }
    }

    /// The length of the format specifier starting at `index`, or nil.
    static func specifierLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard index < bytes.count, bytes[index] == ascii("%") else { return nil }
        var cursor = index + 1
        func skip(_ accepted: (UInt8) -> Bool) { while cursor < bytes.count, accepted(bytes[cursor]) { cursor += 1 } }
        let digitsStart = cursor
        skip { $0 >= ascii("0") && $0 <= ascii("9") }
        if cursor > digitsStart, cursor < bytes.count, bytes[cursor] == ascii("$") {
            cursor += 1
        } else {
            cursor = digitsStart
        }
        skip { "-+ #0'".utf8.contains($0) }
        skip { $0 >= ascii("0") && $0 <= ascii("9") }
        if cursor < bytes.count, bytes[cursor] == ascii(".") {
            cursor += 1
            skip { $0 >= ascii("0") && $0 <= ascii("9") }
        }
        skip { "hlqLztj".utf8.contains($0) }
        guard cursor < bytes.count, "@dDiouUxXfFeEgGaAcCsSp".utf8.contains(bytes[cursor]) else { return nil }
        return cursor + 1 - index
    }
}
