import LinzaBase

/// Finds generated accessors in Swift and Objective-C tokens: the identifier paths that start
/// with an accessor root and Objective-C sends to one (uses), and, in a generated Swift file,
/// the declaration path enclosing each call (definitions).
struct AccessorFinder {
    let source: TokenSource

    /// Every path starting with one of `roots` (each a list of components): the root's
    /// identifiers joined by `.`, then as many `.name` as follow. An argument list between
    /// two members is stepped over (`R.string(preferredLanguages: l).localizable.cancel`), and
    /// so is optional chaining (`self.strings?.TextFormat_Bold`); the paths inside an argument
    /// list are found too (`strings.Gift_Sale(strings.Gift_Sale_Stars(n)).string`, Telegram).
    func references(roots: [[[UInt8]]]) -> [(components: [String], offset: Int)] {
        let tokens = source.tokens
        var found: [(components: [String], offset: Int)] = []
        // The members of a path found: never the root of another.
        var members = Set<Int>()
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            guard tokens[index].kind == .identifier, !members.contains(index),
                let root = roots.first(where: { startsPath(at: index, with: $0) })
            else { continue }
            var components = root.map { String(decoding: $0, as: UTF8.self) }
            var last = index + 2 * (root.count - 1)
            while true {
                var next = last + 1
                if next < tokens.count, tokens[next].kind == .leftParen, let close = source.partner(of: next) {
                    next = close + 1
                }
                if next < tokens.count, isUnwrap(next) { next += 1 }
                guard next + 1 < tokens.count, tokens[next].kind == .period,
                    tokens[next + 1].kind == .identifier
                else { break }
                components.append(identifier(next + 1))
                members.insert(next + 1)
                last = next + 1
            }
            found.append((components, Int(tokens[index].start)))
            // On after the root, not after the path: its argument lists may read keys too.
            index += 2 * (root.count - 1)
        }
        return found
    }

    /// The members a Swift `extension` of a root names without the root (SwiftGen's `L10n`
    /// extended by the app: `extension L10n { static var limit: String { limitFormat("10 GB") } }`):
    /// each identifier in the extension's body that is no member of something else (after a
    /// `.`), no name being declared and no argument label, as the path the extension's type
    /// gives it, with the `.name`s that follow. The resolver takes such a path only when it
    /// is exactly an accessor: most of these identifiers are anything but.
    func implicitReferences(roots: [[[UInt8]]]) -> [(components: [String], offset: Int)] {
        let tokens = source.tokens
        var found: [(components: [String], offset: Int)] = []
        var index = 0
        while index + 1 < tokens.count {
            defer { index += 1 }
            guard tokens[index].kind == .identifier, source.text(index, equals: extensionKeyword),
                tokens[index + 1].kind == .identifier,
                let root = roots.first(where: { startsPath(at: index + 1, with: $0) })
            else { continue }
            var extended = [identifier(index + 1)]
            var last = index + 1
            while last + 2 < tokens.count, tokens[last + 1].kind == .period, tokens[last + 2].kind == .identifier {
                extended.append(identifier(last + 2))
                last += 2
            }
            guard extended.count >= root.count,
                let open = tokens[(last + 1)...].firstIndex(where: { $0.kind == .leftBrace || $0.kind == .rightBrace }),
                tokens[open].kind == .leftBrace, let close = source.partner(of: open)
            else { continue }
            for position in (open + 1)..<close where tokens[position].kind == .identifier {
                let previous = tokens[position - 1]
                if previous.kind == .period || (previous.kind == .identifier && declaresName(position - 1)) { continue }
                if position + 1 < close, tokens[position + 1].kind == .colon { continue }
                var components = extended + [identifier(position)]
                var end = position
                while end + 2 < close, tokens[end + 1].kind == .period, tokens[end + 2].kind == .identifier {
                    components.append(identifier(end + 2))
                    end += 2
                }
                found.append((components, Int(tokens[position].start)))
            }
            index = close
        }
        return found
    }

    /// Whether the keyword at `index` declares the name that follows it.
    private func declaresName(_ index: Int) -> Bool {
        declarationKeywords.contains { source.text(index, equals: $0) }
    }

    /// A `?` or `!` right after the previous token, as in `strings?.title`.
    private func isUnwrap(_ index: Int) -> Bool {
        let token = source.tokens[index]
        guard index > 0, token.kind == .operatorSymbols, token.end == token.start + 1,
            token.start == source.tokens[index - 1].end
        else { return false }
        let byte = source.bytes[Int(token.start)]
        return byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!")
    }

    /// Objective-C message sends to a root class: `[VectorL10n roomTitle]`,
    /// `[VectorL10n roomMessage:name]` (roots of one name: Objective-C sends to a class).
    /// SwiftGen's Objective-C-visible accessors are read this way from `.m` files.
    func messageSends(roots: [[[UInt8]]]) -> [(components: [String], offset: Int)] {
        let tokens = source.tokens
        let classes = roots.filter { $0.count == 1 }.map { $0[0] }
        guard !classes.isEmpty else { return [] }
        var found: [(components: [String], offset: Int)] = []
        for index in tokens.indices where tokens[index].kind == .leftBracket && index + 2 < tokens.count {
            guard tokens[index + 1].kind == .identifier, tokens[index + 2].kind == .identifier,
                classes.contains(where: { source.text(index + 1, equals: $0) })
            else { continue }
            found.append(([identifier(index + 1), identifier(index + 2)], Int(tokens[index + 1].start)))
        }
        return found
    }

    /// Whether the identifiers from `index` on, joined by `.`, are `components`.
    private func startsPath(at index: Int, with components: [[UInt8]]) -> Bool {
        let tokens = source.tokens
        for (offset, component) in components.enumerated() {
            let position = index + 2 * offset
            guard position < tokens.count, tokens[position].kind == .identifier,
                source.text(position, equals: component)
            else { return false }
            if offset > 0, tokens[position - 1].kind != .period { return false }
        }
        return true
    }

    /// A token's identifier text without backticks.
    private func identifier(_ index: Int) -> String {
        var text = source.string(index)
        if text.hasPrefix("`"), text.hasSuffix("`"), text.count >= 2 { text = String(text.dropFirst().dropLast()) }
        return text
    }

    /// The declaration path (`L10n.Settings.title`) enclosing each of `offsets` (sorted byte
    /// offsets of calls): the names of the types declared around it (`enum`, `struct`,
    /// `class`, `extension`), then the member (`let`, `var`, `func`, `case`) of the innermost
    /// type whose declaration it belongs to. Nil for a call outside any member.
    func declarationPaths(enclosing offsets: [Int]) -> [String?] {
        let tokens = source.tokens
        var paths: [String?] = []
        var types: [(name: String, depth: Int)] = []
        var pendingType: String?
        var member: String?
        var depth = 0
        var next = 0
        for index in tokens.indices {
            while next < offsets.count, offsets[next] < Int(tokens[index].start) {
                paths.append(member.map { (types.map(\.name) + [$0]).joined(separator: ".") })
                next += 1
            }
            let token = tokens[index]
            switch token.kind {
            case .leftBrace:
                depth += 1
                if let name = pendingType {
                    types.append((name, depth))
                    pendingType = nil
                    member = nil
                }
            case .rightBrace:
                if let top = types.last, top.depth == depth {
                    types.removeLast()
                    member = nil
                }
                depth -= 1
            case .identifier where index + 1 < tokens.count && tokens[index + 1].kind == .identifier:
                let bodyDepth = types.last?.depth ?? 0
                if typeKeywords.contains(where: { source.text(index, equals: $0) })
                    && !memberKeywords.contains(where: { source.text(index + 1, equals: $0) })
                {
                    pendingType = dottedName(from: index + 1)
                } else if depth == bodyDepth, memberKeywords.contains(where: { source.text(index, equals: $0) }) {
                    member = identifier(index + 1)
                }
            default:
                break
            }
        }
        while next < offsets.count {
            paths.append(member.map { (types.map(\.name) + [$0]).joined(separator: ".") })
            next += 1
        }
        return paths
    }

    /// `A.B.C` from the identifier at `index`.
    private func dottedName(from index: Int) -> String {
        let tokens = source.tokens
        var parts = [identifier(index)]
        var position = index
        while position + 2 < tokens.count, tokens[position + 1].kind == .period,
            tokens[position + 2].kind == .identifier
        {
            parts.append(identifier(position + 2))
            position += 2
        }
        return parts.joined(separator: ".")
    }
}

private let typeKeywords = ["enum", "struct", "class", "extension", "actor"].map { Array($0.utf8) }
private let memberKeywords = ["let", "var", "func", "case"].map { Array($0.utf8) }
private let extensionKeyword = Array("extension".utf8)
private let declarationKeywords = [
    "let", "var", "func", "case", "enum", "struct", "class", "actor", "protocol", "typealias", "associatedtype",
    "extension", "import",
].map { Array($0.utf8) }
