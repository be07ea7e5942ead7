import LinzaBase
import LinzaSources
import LinzaTables
import LinzaYAML

/// A scalar setting with the position it was written at.
struct PositionedText {
    var text: String
    var mark: YAMLMark
}

/// Typed access to YAML nodes for the configuration loader: each accessor either returns
/// the value or throws a `ConfigurationError` at the node that is wrong.
struct NodeReader {
    let file: String

    func error(_ reason: ConfigurationError.Reason, at mark: YAMLMark) -> ConfigurationError {
        ConfigurationError(reason, at: Location(file: file, line: mark.line, column: mark.column))
    }

    /// The pairs of a mapping whose keys must all be among `keys`, in document order.
    func mapping(_ node: YAMLNode, section: String?, keys: [String]) throws -> [(String, YAMLPair)] {
        guard case .mapping(let pairs) = node.content else {
            if section == nil { throw error(.notAMapping(found: node.kindName), at: node.mark) }
            throw error(.wrongType(key: section!, expected: "a mapping", found: node.kindName), at: node.mark)
        }
        var seen = Set<String>()
        var result: [(String, YAMLPair)] = []
        for pair in pairs {
            let key = try scalar(pair.key, key: section ?? "configuration")
            guard keys.contains(key.text) else {
                throw error(
                    .unknownKey(
                        key.text, section: section,
                        suggestion: DidYouMean.suggestion(for: key.text, among: keys)), at: key.mark)
            }
            guard seen.insert(key.text).inserted else { throw error(.duplicateKey(key.text), at: key.mark) }
            result.append((key.text, pair))
        }
        return result
    }

    /// A non-null scalar.
    func scalar(_ node: YAMLNode, key: String) throws -> PositionedText {
        guard case .scalar(let text, _) = node.content, !node.isNull else {
            throw error(.wrongType(key: key, expected: "a value", found: node.kindName), at: node.mark)
        }
        return PositionedText(text: text, mark: node.mark)
    }

    func nonEmpty(_ value: PositionedText, key: String) throws -> String {
        guard !value.text.isEmpty else {
            throw error(.invalidValue(key: key, value: value.text, expected: "a name"), at: value.mark)
        }
        return value.text
    }

    /// A list node.
    func sequence(_ node: YAMLNode, key: String) throws -> [YAMLNode] {
        guard case .sequence(let items) = node.content else {
            throw error(.wrongType(key: key, expected: "a list", found: node.kindName), at: node.mark)
        }
        return items
    }

    /// A list of at least one scalar.
    func nonEmptyStrings(_ node: YAMLNode, key: String) throws -> [PositionedText] {
        let values = try strings(node, key: key)
        if values.isEmpty { throw error(.emptyList(key: key), at: node.mark) }
        return values
    }

    /// A list of scalars; a single scalar is accepted as a list of one.
    func strings(_ node: YAMLNode, key: String) throws -> [PositionedText] {
        if case .scalar = node.content, !node.isNull { return [try scalar(node, key: key)] }
        guard case .sequence(let items) = node.content else {
            throw error(.wrongType(key: key, expected: "a list of strings", found: node.kindName), at: node.mark)
        }
        var result: [PositionedText] = []
        for item in items { result.append(try scalar(item, key: key)) }
        return result
    }

    /// `true` or `false` (YAML 1.1's yes/no/on/off too, as users write them).
    func bool(_ node: YAMLNode, key: String) throws -> Bool {
        let value = try scalar(node, key: key)
        switch value.text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error(.invalidValue(key: key, value: value.text, expected: "true or false"), at: value.mark)
        }
    }

    /// A share written as a percentage, `50%` or `50` (0 to 100), as a fraction of one.
    func percentage(_ node: YAMLNode, key: String) throws -> Double {
        let value = try scalar(node, key: key)
        let digits = value.text.hasSuffix("%") ? String(value.text.dropLast()) : value.text
        guard let number = Double(digits.filter { $0 != " " }), number >= 0, number <= 100 else {
            throw error(
                .invalidValue(key: key, value: value.text, expected: "a percentage from 0% to 100%"), at: value.mark)
        }
        return number / 100
    }

    /// A normalised language code.
    func language(_ value: PositionedText, key: String) throws -> String {
        guard let code = LanguageCode.normalize(value.text) else {
            throw error(.invalidLanguage(key: key, value: value.text), at: value.mark)
        }
        return code
    }

    /// An argument position (`0`) or label (`tableName`); for the key and the value, also
    /// `receiver` (`"key".localized`, `"Text".localized(key: "k")`).
    func argument(_ node: YAMLNode, key: String, allowsReceiver: Bool = false) throws -> ArgumentReference {
        let value = try scalar(node, key: key)
        if let position = Int(value.text), position >= 0 { return .position(position) }
        if allowsReceiver, value.text == "receiver" { return .receiver }
        guard ConfigurationLoader.isIdentifier(Substring(value.text)) else {
            throw error(
                .invalidValue(
                    key: key, value: value.text,
                    expected: allowsReceiver
                        ? "a 0-based argument position, an argument label or receiver"
                        : "a 0-based argument position or an argument label"), at: value.mark)
        }
        return .label(value.text)
    }

    /// An `included` entry: an existing path, or a glob whose fixed part exists.
    /// A pattern without the mistakes `GlobPattern.syntaxProblem` finds.
    func glob(_ value: PositionedText, key: String) throws -> PositionedText {
        if let problem = GlobPattern.syntaxProblem(value.text) {
            throw error(
                .invalidValue(key: key, value: value.text, expected: "a glob pattern (\(problem))"), at: value.mark)
        }
        return value
    }

    func selector(_ value: PositionedText, key: String, base: String) throws -> PathSelector {
        let literal = Path.absolute(value.text, relativeTo: base)
        // An existing path is taken as written, even with glob characters in its name.
        guard GlobPattern.hasWildcards(value.text), Path.kind(literal) == .missing else {
            guard Path.kind(literal) != .missing else {
                throw error(.pathNotFound(key: key, path: value.text), at: value.mark)
            }
            return PathSelector(root: literal)
        }
        _ = try glob(value, key: key)
        let components = value.text.split(separator: "/", omittingEmptySubsequences: false)
        let fixed = components.prefix { !GlobPattern.hasWildcards(String($0)) }.joined(separator: "/")
        let root = Path.absolute(fixed.isEmpty && !value.text.hasPrefix("/") ? "." : fixed, relativeTo: base)
        guard Path.kind(root) == .directory else {
            throw error(.pathNotFound(key: key, path: fixed), at: value.mark)
        }
        // A glob in `included` is anchored at the base folder even without a slash.
        let anchored = value.text.hasPrefix("/") || value.text.contains("/") ? value.text : "./" + value.text
        return PathSelector(root: root, pattern: GlobPattern(anchored, base: base))
    }

    /// A `resources:` entry: an existing folder or table file, or a glob standing for the
    /// folders and table files it matches (`ResourceGlob`), which must match one at least.
    func resources(_ value: PositionedText, key: String, base: String) throws -> [String] {
        let literal = Path.absolute(value.text, relativeTo: base)
        // An existing path is taken as written, even with glob characters in its name.
        guard GlobPattern.hasWildcards(value.text), Path.kind(literal) == .missing else {
            return [try existingFolder(value, key: key, base: base, orTable: true)]
        }
        let selector = try selector(value, key: key, base: base)
        guard let pattern = selector.pattern else { return [selector.root] }
        let matches = ResourceGlob.expand(pattern, under: selector.root)
        guard !matches.isEmpty else { throw error(.noMatch(key: key, pattern: value.text), at: value.mark) }
        return matches
    }

    /// An existing folder; with `orTable`, also a table file (`Localizable.xcstrings`).
    func existingFolder(_ value: PositionedText, key: String, base: String, orTable: Bool = false) throws -> String {
        let path = Path.absolute(value.text, relativeTo: base)
        let isTable =
            orTable && Path.kind(path) == .file
            && TableFormat.allCases.contains { path.hasSuffix("." + $0.rawValue) }
        guard Path.kind(path) == .directory || isTable else {
            throw error(.pathNotFound(key: key, path: value.text), at: value.mark)
        }
        return path
    }
}
