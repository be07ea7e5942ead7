/// What a Swift file declares that a call can name a bundle by: its classes
/// (`Bundle(for: X.self)`) and the types giving a `static var bundle` (`X.bundle`). Binding
/// looks a `BundleReference` up among every module's declarations to find whose tables the
/// call reads.
enum BundleDeclarations {
    /// The simple names of the classes (and actors) declared in the file, and of the types
    /// (or extensions) with a static `bundle` property, in source order.
    static func find(in source: TokenSource) -> (classes: [String], bundleProviders: [String]) {
        let tokens = source.tokens
        var classes: [String] = []
        var providers: [String] = []
        for index in tokens.indices where tokens[index].kind == .identifier {
            if source.text(index, equals: classKeyword) || source.text(index, equals: actorKeyword) {
                // `class func`, `class var`: a member, not a type; `T: class`: a constraint.
                guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier,
                    !memberKeywords.contains(where: { source.text(index + 1, equals: $0) }),
                    index == 0 || tokens[index - 1].kind != .colon, index == 0 || tokens[index - 1].kind != .period
                else { continue }
                classes.append(source.string(index + 1))
            } else if source.text(index, equals: bundleName), index >= 2, tokens[index - 1].kind == .identifier,
                source.text(index - 1, equals: varKeyword) || source.text(index - 1, equals: letKeyword),
                tokens[index - 2].kind == .identifier,
                source.text(index - 2, equals: staticKeyword) || source.text(index - 2, equals: classKeyword)
                    || isStaticModifier(before: index - 2, in: source),
                let owner = enclosingType(of: index, in: source)
            {
                providers.append(owner)
            }
        }
        return (classes, providers)
    }

    /// `static public var bundle`: `static` among the modifiers before the one at `index`.
    private static func isStaticModifier(before index: Int, in source: TokenSource) -> Bool {
        var position = index
        while position >= 0, source.tokens[position].kind == .identifier, position > index - 4 {
            if source.text(position, equals: staticKeyword) || source.text(position, equals: classKeyword) {
                return true
            }
            position -= 1
        }
        return false
    }

    /// The name of the type or extension whose body holds the token at `index`: the one
    /// before the nearest unclosed `{` (`enum X {`, `extension X: P {`); nil at file level
    /// or when that brace opens something else.
    private static func enclosingType(of index: Int, in source: TokenSource) -> String? {
        let tokens = source.tokens
        var depth = 0
        var position = index - 1
        while position >= 0 {
            switch tokens[position].kind {
            case .rightBrace: depth += 1
            case .leftBrace:
                if depth == 0 { return typeName(before: position, in: source) }
                depth -= 1
            default: break
            }
            position -= 1
        }
        return nil
    }

    /// `enum X`, `struct X`, `class X`, `actor X` or `extension X` (the last component of
    /// `extension A.X`) between the previous statement and the `{` at `brace`.
    private static func typeName(before brace: Int, in source: TokenSource) -> String? {
        let tokens = source.tokens
        var position = brace - 1
        while position >= 0 {
            switch tokens[position].kind {
            case .leftBrace, .rightBrace, .semicolon: return nil
            case .identifier where typeKeywords.contains(where: { source.text(position, equals: $0) }):
                guard position + 1 < brace, tokens[position + 1].kind == .identifier,
                    !memberKeywords.contains(where: { source.text(position + 1, equals: $0) })
                else { return nil }
                var last = position + 1
                while last + 2 < brace, tokens[last + 1].kind == .period, tokens[last + 2].kind == .identifier {
                    last += 2
                }
                return source.string(last)
            default: position -= 1
            }
        }
        return nil
    }
}

private let classKeyword = Array("class".utf8)
private let actorKeyword = Array("actor".utf8)
private let staticKeyword = Array("static".utf8)
private let varKeyword = Array("var".utf8)
private let letKeyword = Array("let".utf8)
private let bundleName = Array("bundle".utf8)
private let memberKeywords = [
    "func", "var", "let", "subscript", "override", "final", "public", "open", "internal",
    "private", "fileprivate", "init", "deinit", "required", "convenience", "nonisolated",
    "dynamic", "static", "protocol",
].map { Array($0.utf8) }
private let typeKeywords = ["enum", "struct", "class", "actor", "extension"].map { Array($0.utf8) }
