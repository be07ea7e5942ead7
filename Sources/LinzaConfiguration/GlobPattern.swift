#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LinzaBase

/// A path glob: `*` and `?` and `[abc]` within one path component, `**` for any number of
/// components (zero included). Patterns are matched against absolute, normalised paths.
///
/// Follows `.gitignore`'s convenient rule: a pattern without a slash (`Generated`,
/// `*.generated.swift`) matches that name at any depth below the base folder.
package struct GlobPattern: Hashable, Sendable, CustomStringConvertible {
    /// The pattern as the user wrote it.
    package let text: String
    private let components: [Component]

    private enum Component: Hashable, Sendable {
        case anyDepth
        case name([UInt8])
        /// A component of the base folder, matched as written: a project folder named
        /// `Apps [old]` holds no glob.
        case literal([UInt8])
    }

    /// Compiles `text`, resolving a relative pattern against `base` (an absolute folder).
    package init(_ text: String, base: String) {
        self.text = text
        var pattern = text
        while pattern.count > 1, pattern.hasSuffix("/") { pattern.removeLast() }
        var components: [Component] = []
        if !pattern.hasPrefix("/") {
            components = base.split(separator: "/").map { .literal(Array($0.utf8)) }
            if !pattern.contains("/") { components.append(.anyDepth) }
        }
        for part in pattern.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            case "**": components.append(.anyDepth)
            // A name without wildcards matches only itself: compared as bytes, with no copy.
            default:
                components.append(
                    Self.hasWildcards(String(part)) ? .name(Array(part.utf8)) : .literal(Array(part.utf8)))
            }
        }
        self.components = components
    }

    package var description: String { text }

    /// How many components every matching path has, or nil when `**` lets the number vary.
    package var componentCount: Int? {
        components.contains(.anyDepth) ? nil : components.count
    }

    /// The name a matching path's last component must be, when the pattern ends with a name
    /// without wildcards (`Tests`, `Sources/Generated`); nil when any name could match.
    package var lastLiteralName: [UInt8]? {
        if case .literal(let bytes) = components.last { return bytes }
        return nil
    }

    /// What is wrong with `text` as a pattern a user wrote, or nil. An empty pattern, an
    /// unclosed `[` or a reversed range such as `[z-a]` is almost surely a mistake, and would
    /// otherwise silently select everything or nothing.
    package static func syntaxProblem(_ text: String) -> String? {
        if text.isEmpty { return "an empty pattern" }
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "[") else { index += 1; continue }
            var end = index + 1
            if end < bytes.count, bytes[end] == UInt8(ascii: "!") || bytes[end] == UInt8(ascii: "^") { end += 1 }
            var first = true
            while end < bytes.count, bytes[end] != UInt8(ascii: "]") || first {
                first = false
                if end + 2 < bytes.count, bytes[end + 1] == UInt8(ascii: "-"), bytes[end + 2] != UInt8(ascii: "]") {
                    if bytes[end] > bytes[end + 2] {
                        let range = String(decoding: bytes[end...(end + 2)], as: UTF8.self)
                        return "the range \(range) is reversed"
                    }
                    end += 3
                } else {
                    end += 1
                }
            }
            guard end < bytes.count else { return "'[' is not closed (write [[] for a literal [)" }
            index = end + 1
        }
        return nil
    }

    /// True when `text` has glob syntax and so names a set of paths rather than one path.
    package static func hasWildcards(_ text: String) -> Bool {
        // On bytes: all three are ASCII, and no UTF-8 sequence holds an ASCII byte.
        text.utf8.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[") }
    }

    /// Whether the absolute path `path` matches the whole pattern.
    package func matches(_ path: String) -> Bool {
        // When the pattern ends with a name, that name matches the path's last one, whatever
        // comes before: checked first, it turns nearly every path away without splitting it
        // (discovery asks this of every file and folder for every excluded pattern).
        if let last = components.last, last != .anyDepth,
            Self.lastName(of: path, couldMatch: last) == false
        {
            return false
        }
        let names = path.utf8.split(separator: UInt8(ascii: "/"))
        // Greedy matching with backtracking to the last `**`, like `*` in plain wildcard
        // matching, with components in the role of characters.
        var pattern = 0, name = 0
        var starPattern = -1, starName = 0
        while name < names.count {
            if pattern < components.count, matches(components[pattern], names[name]) {
                pattern += 1
                name += 1
            } else if pattern < components.count, components[pattern] == .anyDepth {
                starPattern = pattern
                starName = name
                pattern += 1
            } else if starPattern >= 0 {
                pattern = starPattern + 1
                starName += 1
                name = starName
            } else {
                return false
            }
        }
        while pattern < components.count, components[pattern] == .anyDepth { pattern += 1 }
        return pattern == components.count
    }

    /// Whether `text` matches the wildcard `pattern` as one name: `*` any run of
    /// characters (dots and slashes too), `?` one character, `[…]` a class.
    package static func matchesName(_ pattern: String, _ text: String) -> Bool {
        matchComponent(Array(pattern.utf8), Substring(text).utf8[...])
    }

    /// Whether the last name of `path` could match `component`: false only when it surely
    /// does not (a literal of other bytes); nil when the path's bytes are not contiguous.
    /// On the path's bytes in place, with no index arithmetic on string views: discovery
    /// asks this of every file and folder, for every excluded pattern.
    private static func lastName(of path: String, couldMatch component: Component) -> Bool? {
        guard case .literal(let literal) = component else { return true }
        return path.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var end = bytes.count
            while end > 1, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            var start = end
            while start > 0, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
            guard end - start == literal.count else { return false }
            guard !literal.isEmpty else { return true }
            return literal.withUnsafeBufferPointer {
                memcmp($0.baseAddress!, bytes.baseAddress! + start, end - start) == 0
            }
        }
    }

    private func matches(_ component: Component, _ name: Substring.UTF8View.SubSequence) -> Bool {
        switch component {
        case .anyDepth: return false
        case .literal(let bytes): return name.elementsEqual(bytes)
        case .name(let glob): return Self.matchComponent(glob, name)
        }
    }

    /// Matches one component: `*` any run of characters, `?` one character, `[...]` a class.
    private static func matchComponent(_ glob: [UInt8], _ name: Substring.UTF8View.SubSequence) -> Bool {
        let text = Array(name)
        var g = 0, t = 0
        var starGlob = -1, starText = 0
        while t < text.count {
            if g < glob.count {
                switch glob[g] {
                case UInt8(ascii: "*"):
                    starGlob = g
                    starText = t
                    g += 1
                    continue
                case UInt8(ascii: "?"):
                    g += 1
                    t = nextCharacter(text, after: t)
                    continue
                case UInt8(ascii: "["):
                    if let (matched, end) = matchClass(glob, at: g, byte: text[t]) {
                        if matched {
                            g = end
                            t += 1
                            continue
                        }
                    } else if text[t] == UInt8(ascii: "[") {
                        // An unterminated class is a literal `[`.
                        g += 1
                        t += 1
                        continue
                    }
                default:
                    if glob[g] == text[t] {
                        g += 1
                        t += 1
                        continue
                    }
                }
            }
            guard starGlob >= 0 else { return false }
            g = starGlob + 1
            starText = nextCharacter(text, after: starText)
            t = starText
        }
        while g < glob.count, glob[g] == UInt8(ascii: "*") { g += 1 }
        return g == glob.count
    }

    /// The index after the UTF-8 character that starts at `index`.
    private static func nextCharacter(_ text: [UInt8], after index: Int) -> Int {
        var next = index + 1
        while next < text.count, text[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }

    /// Matches `[abc]`, `[a-z]`, `[!abc]` at `start` against one byte. Returns nil for an
    /// unterminated class (then `[` is literal and matched as such by the caller's default).
    private static func matchClass(_ glob: [UInt8], at start: Int, byte: UInt8) -> (Bool, Int)? {
        var index = start + 1
        var negated = false
        if index < glob.count, glob[index] == UInt8(ascii: "!") || glob[index] == UInt8(ascii: "^") {
            negated = true
            index += 1
        }
        var matched = false
        var first = true
        while index < glob.count, glob[index] != UInt8(ascii: "]") || first {
            first = false
            let low = glob[index]
            if index + 2 < glob.count, glob[index + 1] == UInt8(ascii: "-"), glob[index + 2] != UInt8(ascii: "]") {
                if low <= byte && byte <= glob[index + 2] { matched = true }
                index += 3
            } else {
                if low == byte { matched = true }
                index += 1
            }
        }
        guard index < glob.count else { return nil }
        return (matched != negated, index + 1)
    }
}
