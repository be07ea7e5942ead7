/// A position in a YAML text: 1-based line, 1-based column counted in UTF-8 bytes
/// (the convention of Swift compiler diagnostics, so Xcode places the caret right).
public struct YAMLMark: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// How a scalar was written. Quoted scalars are always strings; plain ones may read as
/// null, booleans or numbers depending on where they appear.
public enum YAMLScalarStyle: Sendable, Hashable {
    case plain
    case quoted
    case block
}

/// One node of a parsed YAML document, with the position where it starts.
public struct YAMLNode: Hashable, Sendable {
    /// The node's content. Mappings keep their pairs in document order, duplicates included,
    /// so a reader can report a duplicated key instead of silently keeping one.
    public enum Content: Hashable, Sendable {
        case scalar(String, YAMLScalarStyle)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    public var content: Content
    public var mark: YAMLMark

    public init(_ content: Content, mark: YAMLMark) {
        self.content = content
        self.mark = mark
    }

    /// The scalar text, or nil for sequences and mappings.
    public var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// True for an empty value or a plain `~` / `null`, which YAML reads as null.
    public var isNull: Bool {
        guard case .scalar(let text, .plain) = content else { return false }
        return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// A short name of the node's kind, for error messages ("expected a list, found a mapping").
    public var kindName: String {
        switch content {
        case .scalar: return isNull ? "an empty value" : "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

/// A key and its value in a YAML mapping.
public struct YAMLPair: Hashable, Sendable {
    public var key: YAMLNode
    public var value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// A YAML text that libyaml could not parse, or that Linza does not accept as a document.
public struct YAMLError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var mark: YAMLMark

    public init(message: String, mark: YAMLMark) {
        self.message = message
        self.mark = mark
    }

    public var description: String { "\(mark): \(message)" }
}
