/// A position in a YAML text: 1-based line, 1-based column counted in UTF-8 bytes
/// (the convention of Swift compiler diagnostics, so Xcode places the caret right).
package struct YAMLMark: Hashable, Sendable, CustomStringConvertible {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package var description: String { "\(line):\(column)" }
}

/// How a scalar was written. Quoted scalars are always strings; plain ones may read as
/// null, booleans or numbers depending on where they appear.
package enum YAMLScalarStyle: Sendable, Hashable {
    case plain
    case quoted
    case block
}

/// One node of a parsed YAML document, with the position where it starts.
package struct YAMLNode: Hashable, Sendable {
    /// The node's content. Mappings keep their pairs in document order, duplicates included,
    /// so a reader can report a duplicated key instead of silently keeping one.
    package enum Content: Hashable, Sendable {
        case scalar(String, YAMLScalarStyle)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    package var content: Content
    package var mark: YAMLMark

    package init(_ content: Content, mark: YAMLMark) {
        self.content = content
        self.mark = mark
    }

    /// The scalar text, or nil for sequences and mappings.
    package var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// True for an empty value or a plain `~` / `null`, which YAML reads as null.
    package var isNull: Bool {
        guard case .scalar(let text, .plain) = content else { return false }
        return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// A short name of the node's kind, for error messages ("expected a list, found a mapping").
    package var kindName: String {
        switch content {
        case .scalar: return isNull ? "an empty value" : "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

/// A key and its value in a YAML mapping.
package struct YAMLPair: Hashable, Sendable {
    package var key: YAMLNode
    package var value: YAMLNode

    package init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// A YAML text that libyaml could not parse, or that Linza does not accept as a document.
package struct YAMLError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package var mark: YAMLMark

    package init(message: String, mark: YAMLMark) {
        self.message = message
        self.mark = mark
    }

    package var description: String { "\(mark): \(message)" }
}
