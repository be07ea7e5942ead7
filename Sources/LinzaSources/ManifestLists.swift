/// The lists a `Package.swift` names instead of writing them out where they are used:
/// `let publicTargets = ["Core", "UI"]` at the top of the manifest, then
/// `.library(name: "Kit", targets: publicTargets)`. Linza does not run the manifest, so it
/// resolves only what reading can settle: a top-level `let` (or a `var` nothing changes)
/// declared once, outside `#if`, whose value is array literals and such names joined by `+`.
/// Anything else (`.map { … }`, a function's result, a list some branch builds) stays
/// unresolved rather than guessed.
struct ManifestLists {
    /// More elements than this make a list unresolved.
    static let maximumElements = 10_000
    /// The element token ranges of each resolved list, in order.
    private var lists: [String: [Range<Int>]] = [:]
    private let source: TokenSource

    init(_ source: TokenSource) {
        self.source = source
        let tokens = source.tokens
        var declarations: [String: Int] = [:]
        for index in tokens.indices where Self.declaredName(at: index, source) != nil {
            declarations[source.string(index + 1), default: 0] += 1
        }
        let changed = Self.changedNames(source)
        // Only the top level: skip every bracketed span, count `#if` nesting.
        var conditionalDepth = 0
        var index = 0
        while index < tokens.count {
            if let partner = source.partner(of: index), partner > index {
                index = partner + 1
                continue
            }
            if tokens[index].kind == .poundKeyword {
                switch source.string(index) {
                case "#if": conditionalDepth += 1
                case "#endif": conditionalDepth = max(0, conditionalDepth - 1)
                default: break
                }
            }
            guard conditionalDepth == 0, let keyword = Self.declaredName(at: index, source) else {
                index += 1
                continue
            }
            let name = source.string(index + 1)
            guard declarations[name] == 1, keyword == "let" || !changed.contains(name),
                let valueStart = initializer(after: index + 2),
                let (elements, end) = expression(from: valueStart, limit: tokens.count),
                endsStatement(at: end)
            else {
                index += 2
                continue
            }
            lists[name] = elements
            index = end
        }
    }

    /// The elements of an argument's value when it is wholly a list this type can read: an
    /// array literal, a resolved name, or several joined by `+`. Nil otherwise.
    func elements(_ range: Range<Int>) -> [Range<Int>]? {
        guard let (elements, end) = expression(from: range.lowerBound, limit: range.upperBound),
            end == range.upperBound
        else { return nil }
        return elements
    }

    /// `let`/`var` when the token at `index` starts a declaration of a plain name.
    private static func declaredName(at index: Int, _ source: TokenSource) -> String? {
        guard index + 1 < source.tokens.count, source.tokens[index].kind == .identifier,
            source.tokens[index + 1].kind == .identifier
        else { return nil }
        let keyword = source.string(index)
        return keyword == "let" || keyword == "var" ? keyword : nil
    }

    /// The names a statement may change after their declaration: assigned (`=`, `+=`, …),
    /// passed `inout` (`&name`), subscripted or sent a method (`name.append(…)`,
    /// `name[0] = …`). Over-broad on purpose: such a `var` is simply not resolved.
    private static func changedNames(_ source: TokenSource) -> Set<String> {
        let tokens = source.tokens
        var names: Set<String> = []
        for index in tokens.indices where tokens[index].kind == .identifier {
            if index >= 1, declaredName(at: index - 1, source) != nil { continue }
            if index >= 1, tokens[index - 1].kind == .operatorSymbols, source.string(index - 1).hasSuffix("&") {
                names.insert(source.string(index))
            }
            guard index + 1 < tokens.count else { continue }
            switch tokens[index + 1].kind {
            case .period, .leftBracket:
                names.insert(source.string(index))
            case .operatorSymbols:
                let symbol = source.string(index + 1)
                if symbol.hasSuffix("="), !["==", "!=", "===", "!==", "<=", ">="].contains(symbol) {
                    names.insert(source.string(index))
                }
            default:
                break
            }
        }
        return names
    }

    /// The first token of the value after a declared name at `index`: past `=`, or past a
    /// type annotation (`: [String]`, `: [Target.Dependency]`) and then `=`.
    private func initializer(after index: Int) -> Int? {
        let tokens = source.tokens
        var index = index
        if index < tokens.count, tokens[index].kind == .colon {
            index += 1
            while index < tokens.count, !isOperator(index, "=") {
                switch tokens[index].kind {
                case .identifier, .period, .operatorSymbols: index += 1
                case .leftBracket, .leftParen:
                    guard let partner = source.partner(of: index) else { return nil }
                    index = partner + 1
                default: return nil
                }
            }
        }
        guard index + 1 < tokens.count, isOperator(index, "=") else { return nil }
        return index + 1
    }

    /// Terms joined by `+` from `start`: each an array literal or a resolved name. The
    /// elements and the index after the last term; nil when a term is anything else.
    private func expression(from start: Int, limit: Int) -> (elements: [Range<Int>], end: Int)? {
        let tokens = source.tokens
        var elements: [Range<Int>] = []
        var index = start
        while true {
            guard index < limit else { return nil }
            if tokens[index].kind == .leftBracket, let close = source.partner(of: index), close < limit,
                let items = arrayElements(open: index, close: close)
            {
                elements += items
                index = close + 1
            } else if tokens[index].kind == .identifier, let list = lists[source.string(index)] {
                elements += list
                index += 1
            } else {
                return nil
            }
            // `let b = a + a`, `let c = b + b`, …: a list doubles with each line; no real
            // manifest lists this many targets.
            guard elements.count <= Self.maximumElements else { return nil }
            guard index < limit, isOperator(index, "+") else { return (elements, index) }
            index += 1
        }
    }

    /// The elements of `[a, b]`; nil for a dictionary literal (`["a": 1]`, `[:]`).
    private func arrayElements(open: Int, close: Int) -> [Range<Int>]? {
        let parts = source.splitAtCommas(open + 1..<close).filter { !$0.isEmpty }
        for part in parts {
            var index = part.lowerBound
            while index < part.upperBound {
                if source.tokens[index].kind == .colon { return nil }
                index = (source.partner(of: index).map { $0 > index ? $0 : index } ?? index) + 1
            }
        }
        if parts.isEmpty, open + 1 < close { return nil }
        return parts
    }

    /// Whether the declaration's value ends at `index`: the file ends or a new statement
    /// starts there, not a member access, call or other operator continuing the value.
    private func endsStatement(at index: Int) -> Bool {
        guard index < source.tokens.count else { return true }
        switch source.tokens[index].kind {
        case .semicolon, .poundKeyword: return true
        case .identifier: return !["as", "is"].contains(source.string(index))
        default: return false
        }
    }

    private func isOperator(_ index: Int, _ symbol: String) -> Bool {
        source.tokens[index].kind == .operatorSymbols && source.string(index) == symbol
    }
}
