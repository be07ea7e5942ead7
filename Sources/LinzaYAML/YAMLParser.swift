internal import CLibYAML

/// Parses YAML text with the system libyaml into a `YAMLNode` tree.
///
/// This is the only place that touches libyaml: events are turned into nodes here, positions
/// are converted to 1-based byte columns, and no C pointer leaves this file.
package enum YAMLParser {
    /// Nesting deeper than this is rejected: no configuration needs it, and a hostile file
    /// must not be able to exhaust the stack when the tree is later walked or freed.
    package static let maximumDepth = 64

    /// Parses one YAML document. Returns nil when the text holds no document at all
    /// (empty, or only comments). Throws `YAMLError` with the position libyaml reports.
    package static func parse(_ text: String) throws -> YAMLNode? {
        let bytes = Array(text.utf8)
        if bytes.isEmpty { return nil }
        let converter = MarkConverter(bytes: bytes)

        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(message: "libyaml could not be initialised", mark: YAMLMark(line: 1, column: 1))
        }
        defer { yaml_parser_delete(&parser) }

        return try bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = TreeBuilder(converter: converter)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    throw error(of: parser, converter: converter)
                }
                defer { yaml_event_delete(&event) }
                if try builder.consume(event) { break }
            }
            return builder.root
        }
    }

    private static func error(of parser: yaml_parser_t, converter: MarkConverter) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        let context = parser.context.map { String(cString: $0) }
        let message = context.map { "\(problem) \($0)" } ?? problem
        let mark = converter.mark(
            line: Int(parser.problem_mark.line),
            characterColumn: Int(parser.problem_mark.column))
        return YAMLError(message: message, mark: mark)
    }
}

/// Builds the node tree from libyaml's event stream with an explicit stack (no recursion).
private struct TreeBuilder {
    /// An open sequence or mapping. A struct appended to in place (`stack[last].items`):
    /// popping an enum frame and appending to its payload copied the whole list for every
    /// item, which made a 50 000-item `excluded:` list take seconds.
    private struct Frame {
        var isMapping: Bool
        var start: YAMLMark
        var anchor: String?
        var items: [YAMLNode] = []
    }

    let converter: MarkConverter
    private(set) var root: YAMLNode?
    private var stack: [Frame] = []
    private var anchors: [String: YAMLNode] = [:]
    private var documents = 0

    init(converter: MarkConverter) {
        self.converter = converter
    }

    /// Consumes one event; returns true at the end of the stream.
    mutating func consume(_ event: yaml_event_t) throws -> Bool {
        let mark = converter.mark(
            line: Int(event.start_mark.line),
            characterColumn: Int(event.start_mark.column))
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                throw YAMLError(message: "expected a single YAML document, found another one", mark: mark)
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(
                decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)),
                as: UTF8.self)
            let node = YAMLNode(.scalar(text, style(of: scalar.style)), mark: mark)
            try add(node, anchor: string(scalar.anchor), mark: mark)
        case YAML_ALIAS_EVENT:
            let name = string(event.data.alias.anchor) ?? ""
            guard let node = anchors[name] else {
                throw YAMLError(message: "unknown alias '*\(name)'", mark: mark)
            }
            try add(node, anchor: nil, mark: mark)
        case YAML_SEQUENCE_START_EVENT:
            try push(Frame(isMapping: false, start: mark, anchor: string(event.data.sequence_start.anchor)), mark: mark)
        case YAML_MAPPING_START_EVENT:
            try push(Frame(isMapping: true, start: mark, anchor: string(event.data.mapping_start.anchor)), mark: mark)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { break }
            if frame.isMapping {
                // libyaml guarantees alternating key and value events inside a mapping.
                let items = frame.items
                let pairs = stride(from: 0, to: items.count - 1, by: 2).map {
                    YAMLPair(key: items[$0], value: items[$0 + 1])
                }
                try add(YAMLNode(.mapping(pairs), mark: frame.start), anchor: frame.anchor, mark: frame.start)
            } else {
                try add(YAMLNode(.sequence(frame.items), mark: frame.start), anchor: frame.anchor, mark: frame.start)
            }
        default:
            break
        }
        return false
    }

    private mutating func push(_ frame: Frame, mark: YAMLMark) throws {
        if stack.count >= YAMLParser.maximumDepth {
            throw YAMLError(message: "nesting deeper than \(YAMLParser.maximumDepth) levels", mark: mark)
        }
        stack.append(frame)
    }

    private mutating func add(_ node: YAMLNode, anchor: String?, mark: YAMLMark) throws {
        if let anchor { anchors[anchor] = node }
        guard !stack.isEmpty else {
            root = node
            return
        }
        stack[stack.count - 1].items.append(node)
    }

    private func style(of style: yaml_scalar_style_t) -> YAMLScalarStyle {
        switch style {
        case YAML_PLAIN_SCALAR_STYLE: return .plain
        case YAML_LITERAL_SCALAR_STYLE, YAML_FOLDED_SCALAR_STYLE: return .block
        default: return .quoted
        }
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
