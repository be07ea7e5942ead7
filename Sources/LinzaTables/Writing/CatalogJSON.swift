import LinzaBase

/// A String Catalog's JSON as a tree a writer edits: object members in file order.
package indirect enum CatalogValue: Sendable, Equatable {
    case object([CatalogMember])
    case array([CatalogValue])
    case string(String)
    /// A number, `true`, `false` or `null`, as the file writes it.
    case literal(String)

    /// The members of an object, or nil.
    package var members: [CatalogMember]? {
        if case .object(let members) = self { return members }
        return nil
    }

    package var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of member `key` of an object.
    package subscript(key: String) -> CatalogValue? {
        members?.first { $0.key == key }?.value
    }

    /// The tree of a parsed node; nil when an object has a key twice (a writer cannot tell
    /// which one the reader keeps).
    package init?(_ node: JSONNode) {
        switch node.content {
        case .object(let members):
            // Most objects have a few members, compared one with another; a set to hash
            // every key into only for the large ones (`strings`, `localizations`).
            var keys: Set<String>? = members.count > 8 ? Set(minimumCapacity: members.count) : nil
            var converted: [CatalogMember] = []
            converted.reserveCapacity(members.count)
            for member in members {
                let isNew =
                    keys != nil ? keys!.insert(member.key).inserted : !converted.contains { $0.key == member.key }
                guard isNew, let value = CatalogValue(member.value) else { return nil }
                converted.append(CatalogMember(key: member.key, value: value))
            }
            self = .object(converted)
        case .array(let items):
            var converted: [CatalogValue] = []
            converted.reserveCapacity(items.count)
            for item in items {
                guard let value = CatalogValue(item) else { return nil }
                converted.append(value)
            }
            self = .array(converted)
        case .string(let text): self = .string(text)
        case .number(let text): self = .literal(text)
        case .bool(let flag): self = .literal(flag ? "true" : "false")
        case .null: self = .literal("null")
        }
    }

    /// Sets member `key` of an object: replaced where it is, or inserted at its place in
    /// Xcode's order. Does nothing to a value that is not an object.
    package mutating func set(_ key: String, _ value: CatalogValue) {
        guard var members else { return }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            // The first member `key` precedes; the members are in Xcode's order, so a binary search.
            var low = 0, high = members.count
            while low < high {
                let middle = (low + high) / 2
                if CatalogCollation.precedes(key, members[middle].key) { high = middle } else { low = middle + 1 }
            }
            members.insert(CatalogMember(key: key, value: value), at: low)
        }
        self = .object(members)
    }

    /// Removes member `key` of an object.
    package mutating func remove(_ key: String) {
        guard let members else { return }
        self = .object(members.filter { $0.key != key })
    }

    /// Changes member `key` (an object, created empty when absent) with `body`.
    package mutating func update(_ key: String, _ body: (inout CatalogValue) -> Void) {
        var value = self[key] ?? .object([])
        body(&value)
        set(key, value)
    }
}

/// One member of a JSON object.
package struct CatalogMember: Sendable, Equatable {
    package var key: String
    package var value: CatalogValue

    package init(key: String, value: CatalogValue) {
        self.key = key
        self.value = value
    }
}

/// JSON as Xcode writes String Catalogs: two-space indent, one member per line,
/// `"key" : value`, an empty object as `{`, an empty line and `}`, non-ASCII and `/` raw.
/// Xcode versions differ on U+2028 and U+2029 (raw or `\u2028`): a file's own choice is kept.
package struct XcodeJSONLayout: Sendable {
    package var escapesLineSeparators = true

    package init(escapesLineSeparators: Bool = true) {
        self.escapesLineSeparators = escapesLineSeparators
    }

    /// The layout of `bytes`: line separators raw when the file has any raw.
    package init(of bytes: [UInt8]) {
        let raw = bytes.indices.dropFirst(2).contains {
            bytes[$0 - 2] == 0xE2 && bytes[$0 - 1] == 0x80 && (bytes[$0] == 0xA8 || bytes[$0] == 0xA9)
        }
        escapesLineSeparators = !raw
    }

    package func render(_ value: CatalogValue, indent: Int = 0) -> [UInt8] {
        var output: [UInt8] = []
        write(value, indent: indent, into: &output)
        return output
    }

    func write(_ value: CatalogValue, indent: Int, into output: inout [UInt8]) {
        switch value {
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            writeItems(members, indent: indent, close: "}", into: &output) { member, output in
                quote(member.key, into: &output)
                output.append(0x20)
                output.append(UInt8(ascii: ":"))
                output.append(0x20)
                write(member.value, indent: indent + 2, into: &output)
            }
        case .array(let items):
            output.append(UInt8(ascii: "["))
            writeItems(items, indent: indent, close: "]", into: &output) { item, output in
                write(item, indent: indent + 2, into: &output)
            }
        case .string(let text):
            quote(text, into: &output)
        case .literal(let text):
            output.append(contentsOf: text.utf8)
        }
    }

    // Appends go to `output` byte by byte or from the text's own storage, never through a new
    // array: checking a 12 MB catalog's layout renders every entry, and those arrays were
    // most of its cost.
    private func writeItems<Item>(
        _ items: [Item], indent: Int, close: Unicode.Scalar, into output: inout [UInt8],
        _ writeItem: (Item, inout [UInt8]) -> Void
    ) {
        output.append(0x0A)
        if items.isEmpty { output.append(0x0A) }
        for (index, item) in items.enumerated() {
            output.append(contentsOf: repeatElement(0x20, count: indent + 2))
            writeItem(item, &output)
            if index < items.count - 1 { output.append(UInt8(ascii: ",")) }
            output.append(0x0A)
        }
        output.append(contentsOf: repeatElement(0x20, count: indent))
        output.append(UInt8(close.value))
    }

    func quote(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most texts need no escape: copied whole. 0xE2 starts U+2028 and U+2029.
        let copied =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                guard
                    !bytes.contains(where: {
                        $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0xE2
                    })
                else { return false }
                output.append(contentsOf: bytes)
                return true
            } ?? false
        if copied {
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            // U+2028 and U+2029 (E2 80 A8, E2 80 A9), which JavaScript takes for line breaks, are escaped.
            if escapesLineSeparators, byte == 0xA8 || byte == 0xA9, output.count >= 2, output[output.count - 2] == 0xE2,
                output[output.count - 1] == 0x80
            {
                output.removeLast(2)
                output += Array((byte == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): output += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): output += Array(#"\\"#.utf8)
            case 0x0A: output += Array(#"\n"#.utf8)
            case 0x0D: output += Array(#"\r"#.utf8)
            case 0x09: output += Array(#"\t"#.utf8)
            case 0x0C: output += Array(#"\f"#.utf8)
            case 0x08: output += Array(#"\b"#.utf8)
            case ..<0x20:
                output += Array(#"\u00"#.utf8)
                output += Array("0123456789abcdef".utf8)[Int(byte >> 4)...Int(byte >> 4)]
                output += Array("0123456789abcdef".utf8)[Int(byte & 0xF)...Int(byte & 0xF)]
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
