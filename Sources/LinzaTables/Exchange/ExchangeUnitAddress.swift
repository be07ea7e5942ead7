/// Where an XLIFF unit's text lives in a table: the key and the variation path inside the
/// entry, made from and turned back into Xcode's unit ids:
///
/// | format | id | address |
/// |---|---|---|
/// | `.strings` | `key` | key, [] |
/// | `.stringsdict` | `/key:dict/NSStringLocalizedFormatKey:dict/:string` | key, [.formatKey] |
/// | `.stringsdict` | `/key:dict/items:dict/one:dict/:string` | key, [.variable("items"), .plural("one")] |
/// | `.xcstrings` | `key` | key, [] |
/// | `.xcstrings` | `key\|==\|plural.one` | key, [.plural("one")] |
/// | `.xcstrings` | `key\|==\|device.ipad.plural.one` | key, [.device("ipad"), .plural("one")] |
/// | `.xcstrings` | `key\|==\|substitutions.n.plural.one` | key, [.substitution("n"), .plural("one")] |
package struct ExchangeUnitAddress: Hashable, Sendable {
    /// One step into an entry.
    package enum Step: Hashable, Sendable {
        /// A `.stringsdict` entry's `NSStringLocalizedFormatKey`.
        case formatKey
        /// A `.stringsdict` variable (`items` in `%#@items@`).
        case variable(String)
        /// A String Catalog substitution (`substitutions.<name>`).
        case substitution(String)
        /// A plural category (`one`, `few`…).
        case plural(String)
        /// A String Catalog device variation (`iphone`, `ipad`, `mac`, `other`…).
        case device(String)
    }

    package var key: String
    package var steps: [Step]

    package init(key: String, steps: [Step] = []) {
        self.key = key
        self.steps = steps
    }

    /// The separator between a catalog key and its variation path in a unit id.
    package static let catalogSeparator = "|==|"
    static let stringsdictFormatKey = "NSStringLocalizedFormatKey"

    /// The unit id Xcode gives this address in a table of `format`; nil for a path the format
    /// cannot hold (a device variation in a `.stringsdict`).
    package func id(format: TableFormat) -> String? {
        switch format {
        case .strings:
            return steps.isEmpty ? key : nil
        case .stringsdict:
            if steps == [.formatKey] { return "/\(key):dict/\(Self.stringsdictFormatKey):dict/:string" }
            guard steps.count == 2, case .variable(let name) = steps[0], case .plural(let category) = steps[1] else {
                return nil
            }
            return "/\(key):dict/\(name):dict/\(category):dict/:string"
        case .xcstrings:
            guard !steps.isEmpty else { return key }
            var parts: [String] = []
            for step in steps {
                switch step {
                case .plural(let category): parts.append("plural.\(category)")
                case .device(let device): parts.append("device.\(device)")
                case .substitution(let name): parts.append("substitutions.\(name)")
                case .formatKey, .variable: return nil
                }
            }
            return key + Self.catalogSeparator + parts.joined(separator: ".")
        }
    }

    /// The address of unit `id` in a table of `format`; nil when the id is not one Xcode
    /// writes for that format (a `.stringsdict` id without `:dict/` parts, an unknown
    /// variation kind in a catalog id).
    package init?(id: String, format: TableFormat) {
        switch format {
        case .strings:
            self.init(key: id)
        case .stringsdict:
            // `/KEY:dict/VAR:dict/CAT:dict/:string`: split from the end, since a key may
            // itself hold `:dict/` but a variable name or category does not.
            let suffix = ":dict/:string"
            guard id.hasPrefix("/"), id.hasSuffix(suffix), id.count > suffix.count else { return nil }
            let inner = String(id.dropFirst().dropLast(suffix.count))
            guard let last = Self.lastRange(of: ":dict/", in: inner[...]) else { return nil }
            let tail = String(inner[last.upperBound...])
            let head = String(inner[..<last.lowerBound])
            if tail == Self.stringsdictFormatKey {
                self.init(key: head, steps: [.formatKey])
                return
            }
            guard let middle = Self.lastRange(of: ":dict/", in: head[...]) else { return nil }
            let variable = String(head[middle.upperBound...])
            guard !variable.isEmpty, !tail.isEmpty else { return nil }
            self.init(key: String(head[..<middle.lowerBound]), steps: [.variable(variable), .plural(tail)])
        case .xcstrings:
            guard let separator = Self.lastRange(of: Self.catalogSeparator, in: id[...]) else {
                self.init(key: id)
                return
            }
            guard let steps = Self.catalogSteps(id[separator.upperBound...]) else { return nil }
            self.init(key: String(id[..<separator.lowerBound]), steps: steps)
        }
    }

    /// `plural.one`, `device.ipad.plural.one`, `substitutions.name.plural.one`. A substitution
    /// name may hold dots: it runs up to the next `.plural.` or `.device.`.
    private static func catalogSteps(_ path: Substring) -> [Step]? {
        var steps: [Step] = []
        var rest = path
        while !rest.isEmpty {
            guard let dot = rest.firstIndex(of: ".") else { return nil }
            let kind = rest[..<dot]
            rest = rest[rest.index(after: dot)...]
            let value: Substring
            if kind == "substitutions" {
                let ends = [".plural.", ".device."].compactMap { Self.firstRange(of: $0, in: rest)?.lowerBound }
                let end = ends.min() ?? rest.endIndex
                value = rest[..<end]
                rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            } else {
                let end = rest.firstIndex(of: ".") ?? rest.endIndex
                value = rest[..<end]
                rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            }
            // An empty value, or a dot that ends the path (`device.mac.`), names no step: such
            // an id is no unit's, and would not come back from the address.
            guard !value.isEmpty, !(rest.isEmpty && value.endIndex < path.endIndex) else { return nil }
            switch kind {
            case "plural": steps.append(.plural(String(value)))
            case "device": steps.append(.device(String(value)))
            case "substitutions": steps.append(.substitution(String(value)))
            default: return nil
            }
        }
        return steps.isEmpty ? nil : steps
    }

    /// The last place `needle` occurs in `text` (this floor has no Foundation).
    static func lastRange(of needle: String, in text: Substring) -> Range<String.Index>? {
        let count = needle.count
        var end = text.endIndex
        while let start = text.index(end, offsetBy: -count, limitedBy: text.startIndex) {
            if text[start..<end].elementsEqual(needle) { return start..<end }
            end = text.index(before: end)
        }
        return nil
    }

    /// The first place `needle` occurs in `text`.
    static func firstRange(of needle: String, in text: Substring) -> Range<String.Index>? {
        let count = needle.count
        var start = text.startIndex
        while let end = text.index(start, offsetBy: count, limitedBy: text.endIndex) {
            if text[start..<end].elementsEqual(needle) { return start..<end }
            guard start < text.endIndex else { break }
            start = text.index(after: start)
        }
        return nil
    }
}
