/// The bundle a call names, when it names one by a type or module: such a call reads that
/// module's tables, not those of the module whose file makes it.
///
/// `.main`, `.module` (`Bundle.main`, `Bundle.module`) and any expression Linza cannot
/// follow (`bundle`, `Bundle(for: type(of: self))`) are no reference: the call reads the
/// tables of its own module, as before.
package enum BundleReference: Hashable, Sendable, CustomStringConvertible {
    /// `X.bundle`: the bundle a type or module named `X` hands out (`MastodonLocalization.bundle`);
    /// the path as written, `Outer.Inner` for a nested type.
    case provided(by: String)
    /// `Bundle(for: X.self)` (`[NSBundle bundleForClass:[X class]]`): the bundle holding class `X`.
    case holding(String)

    /// The type or module path the reference names.
    package var path: String {
        switch self {
        case .provided(let path), .holding(let path): return path
        }
    }

    package var description: String {
        switch self {
        case .provided(let path): return "\(path).bundle"
        case .holding(let path): return "Bundle(for: \(path).self)"
        }
    }
}

extension TokenSource {
    /// What the bundle expression in `range` names; nil for `.main`, `.module` and anything
    /// else Linza cannot follow.
    func evaluateBundle(_ range: Range<Int>) -> BundleReference? {
        guard !range.isEmpty else { return nil }
        switch language {
        case .swift: return swiftBundle(range)
        case .objc: return objectiveCBundle(range)
        }
    }

    /// The first token of the receiver a member call's `.` follows, the receiver ending at
    /// `last`: a path (`MastodonLocalization.bundle`), possibly through calls
    /// (`Bundle(for: X.self)`); nil when the receiver is anything else.
    func receiverStart(endingAt last: Int) -> Int? {
        var index = last
        while index >= 0 {
            if tokens[index].kind == .rightParen {
                guard let open = openParen(closedAt: index), open >= 1, tokens[open - 1].kind == .identifier else {
                    return nil
                }
                index = open - 1
            }
            guard tokens[index].kind == .identifier else { return nil }
            guard index >= 2, tokens[index - 1].kind == .period,
                tokens[index - 2].kind == .identifier || tokens[index - 2].kind == .rightParen
            else { return index }
            index -= 2
        }
        return nil
    }

    /// `X.bundle` or `Bundle(for: X.self)`, each with `X` a plain path.
    private func swiftBundle(_ range: Range<Int>) -> BundleReference? {
        let last = range.upperBound - 1
        // `X.bundle`: `X` a path of identifiers, not `Bundle`, `self` or `Self`.
        if last - 1 > range.lowerBound, tokens[last].kind == .identifier, text(last, equals: bundleProperty),
            tokens[last - 1].kind == .period, let path = path(range.lowerBound..<(last - 1)),
            !["Bundle", "self", "Self"].contains(path.last)
        {
            return .provided(by: path.joined(separator: "."))
        }
        // `Bundle(for: X.self)`, `Foundation.Bundle(for: X.self)`.
        guard tokens[last].kind == .rightParen,
            let open = range.first(where: { tokens[$0].kind == .leftParen }), partner(of: open) == last,
            let callee = path(range.lowerBound..<open), callee.last == "Bundle",
            open + 2 < last, tokens[open + 1].kind == .identifier, text(open + 1, equals: forLabel),
            tokens[open + 2].kind == .colon
        else { return nil }
        let argument = (open + 3)..<last
        guard argument.count >= 3, tokens[last - 1].kind == .identifier, text(last - 1, equals: selfKeyword),
            tokens[last - 2].kind == .period, let type = path(argument.lowerBound..<(last - 2)),
            !["Self", "self"].contains(type.last)
        else { return nil }
        return .holding(type.joined(separator: "."))
    }

    /// `[NSBundle bundleForClass:[X class]]`.
    private func objectiveCBundle(_ range: Range<Int>) -> BundleReference? {
        let kinds = range.map { tokens[$0].kind }
        let start = range.lowerBound
        guard
            kinds == [
                .leftBracket, .identifier, .identifier, .colon, .leftBracket, .identifier, .identifier,
                .rightBracket, .rightBracket,
            ],
            text(start + 1, equals: Array("NSBundle".utf8)), text(start + 2, equals: Array("bundleForClass".utf8)),
            text(start + 6, equals: Array("class".utf8))
        else { return nil }
        return .holding(string(start + 5))
    }

    /// The `(` the `)` at `close` closes (the bracket table pairs openers only). Only the
    /// receiver of a method named like a localization call is looked up, one step back.
    private func openParen(closedAt close: Int) -> Int? {
        var depth = 0
        for index in stride(from: close, through: 0, by: -1) {
            switch tokens[index].kind {
            case .rightParen: depth += 1
            case .leftParen:
                depth -= 1
                if depth == 0 { return partner(of: index) == close ? index : nil }
            default: break
            }
        }
        return nil
    }

    /// The identifiers of `range` when it is exactly `a.b.c`; nil otherwise.
    private func path(_ range: Range<Int>) -> [String]? {
        guard !range.isEmpty, range.count % 2 == 1 else { return nil }
        var components: [String] = []
        for (offset, index) in range.enumerated() {
            if offset % 2 == 0 {
                guard tokens[index].kind == .identifier else { return nil }
                components.append(string(index))
            } else if tokens[index].kind != .period {
                return nil
            }
        }
        return components
    }
}

private let bundleProperty = Array("bundle".utf8)
private let forLabel = Array("for".utf8)
private let selfKeyword = Array("self".utf8)
