import LinzaBase

/// Types that exist only for the file's previews: a struct, class, enum or actor the file
/// names only inside preview code (`#Preview { Wrapper() }`) or inside another such type.
/// Their bodies are preview code too: users never see the text in them.
///
/// Exact, never hiding shipped UI: every mention of the name outside the type's own
/// declaration and extensions must be in preview code, so a helper that shipped code of the
/// file uses — by name, in a signature, through a function returning it — stays checked.
/// A `private` or `fileprivate` type is decided here, since no other file can name it. A
/// struct or enum visible to the module (no access modifier, or `internal`) is decided
/// once every file is scanned: it is preview code only when no other file mentions its
/// name (`PreviewHelperBinding`). Public types and internal classes (which Interface
/// Builder or `NSClassFromString` can reach by a name no code spells) stay checked.
enum PreviewHelpers {
    /// The file's preview-only helper types, given its preview bodies: the declaration
    /// ranges (keyword to closing brace, and those of their extensions) of the private ones,
    /// and of each internal one by its name.
    static func find(in source: TokenSource, previews: [Range<Int>])
        -> (hidden: [Range<Int>], moduleWide: [(name: String, ranges: [Range<Int>])])
    {
        var candidates = types(in: source)
        guard !candidates.isEmpty else { return ([], []) }
        let tokens = source.tokens
        // Each name's mentions outside its own declaration and extensions.
        for index in tokens.indices where tokens[index].kind == .identifier {
            for candidate in candidates.indices where source.text(index, equals: candidates[candidate].name) {
                let offset = Int(tokens[index].start)
                guard index != candidates[candidate].nameToken,
                    !candidates[candidate].own.contains(where: { $0.contains(offset) })
                else { continue }
                candidates[candidate].mentions.append(offset)
            }
        }
        var covered = previews
        var hidden: [Range<Int>] = []
        var moduleWide: [(name: String, ranges: [Range<Int>])] = []
        // A private helper used only by another helper is one too: repeat until nothing is
        // added. An internal one may yet be used elsewhere: what it uses stays checked.
        var changed = true
        while changed {
            changed = false
            for index in candidates.indices where !candidates[index].isHelper && !candidates[index].mentions.isEmpty {
                let mentions = candidates[index].mentions
                guard mentions.allSatisfy({ offset in covered.contains { $0.contains(offset) } }) else { continue }
                candidates[index].isHelper = true
                changed = true
                if candidates[index].isPrivate {
                    hidden += candidates[index].own
                    covered += candidates[index].own
                } else {
                    moduleWide.append((String(decoding: candidates[index].name, as: UTF8.self), candidates[index].own))
                }
            }
        }
        return (hidden, moduleWide)
    }

    private struct Candidate {
        var name: [UInt8]
        var nameToken: Int
        /// Byte ranges of its declaration and of its extensions in the file.
        var own: [Range<Int>]
        /// `private` or `fileprivate`: no other file can name it.
        var isPrivate: Bool
        var mentions: [Int] = []
        var isHelper = false
    }

    /// Every type declared with a body that can be a helper (a private one, an internal
    /// struct or enum), with its extensions.
    private static func types(in source: TokenSource) -> [Candidate] {
        let tokens = source.tokens
        var candidates: [Candidate] = []
        for index in tokens.indices
        where tokens[index].kind == .identifier
            && typeKeywords.contains(where: { source.text(index, equals: $0) })
        {
            guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier,
                !nonNames.contains(where: { source.text(index + 1, equals: $0) }),
                let access = access(before: index, in: source), access != .visibleOutside,
                access == .fileOnly || moduleWideKeywords.contains(where: { source.text(index, equals: $0) }),
                let close = bodyClose(after: index + 1, in: source)
            else { continue }
            candidates.append(
                Candidate(
                    name: source.bytes(index + 1), nameToken: index + 1,
                    own: [Int(tokens[index].start)..<Int(tokens[close].end)],
                    isPrivate: access == .fileOnly))
        }
        guard !candidates.isEmpty else { return [] }
        // `extension Helper { … }`: part of the type, not a use of it.
        for index in tokens.indices
        where tokens[index].kind == .identifier && source.text(index, equals: extensionKeyword) {
            guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier,
                let close = bodyClose(after: index + 1, in: source)
            else { continue }
            for candidate in candidates.indices where source.text(index + 1, equals: candidates[candidate].name) {
                candidates[candidate].own.append(Int(tokens[index].start)..<Int(tokens[close].end))
            }
        }
        return candidates
    }

    /// Who can name a type.
    private enum Access {
        case fileOnly, module, visibleOutside
    }

    /// The access the modifiers and attributes (`@MainActor`) before the keyword at `index`
    /// give; nil when something Linza does not read stands among them (`@available(…)`).
    private static func access(before index: Int, in source: TokenSource) -> Access? {
        let tokens = source.tokens
        var position = index - 1
        while position >= 0, tokens[position].kind == .identifier {
            if source.text(position, equals: privateKeyword) || source.text(position, equals: fileprivateKeyword) {
                return .fileOnly
            }
            if outsideKeywords.contains(where: { source.text(position, equals: $0) }) { return .visibleOutside }
            let isAttribute = position >= 1 && source.text(position - 1, equals: atSign)
            guard isAttribute || modifiers.contains(where: { source.text(position, equals: $0) }) else { break }
            position -= isAttribute ? 2 : 1
        }
        // The modifiers end at the previous declaration or statement.
        guard
            position < 0 || [.rightBrace, .leftBrace, .semicolon].contains(tokens[position].kind)
                || tokens[position + 1].startsLine
        else { return nil }
        return .module
    }

    /// The `}` closing the body that follows the declaration's name (after its generic
    /// parameters, conformances and `where` clause); nil when something else comes first.
    private static func bodyClose(after name: Int, in source: TokenSource) -> Int? {
        let tokens = source.tokens
        var position = name + 1
        while position < tokens.count {
            switch tokens[position].kind {
            case .leftBrace: return source.partner(of: position)
            case .rightBrace, .semicolon, .leftParen: return nil
            default: position += 1
            }
        }
        return nil
    }
}

private let typeKeywords = ["struct", "class", "enum", "actor"].map { Array($0.utf8) }
private let nonNames = ["func", "var", "let", "subscript", "override", "final", "static", "init"].map { Array($0.utf8) }
private let modifiers = ["final", "indirect", "nonisolated", "internal"].map { Array($0.utf8) }
private let outsideKeywords = ["public", "open", "package"].map { Array($0.utf8) }
private let moduleWideKeywords = ["struct", "enum"].map { Array($0.utf8) }
private let privateKeyword = Array("private".utf8)
private let fileprivateKeyword = Array("fileprivate".utf8)
private let extensionKeyword = Array("extension".utf8)
private let atSign = Array("@".utf8)
