import LinzaBase

/// The names another file must spell to reach code of a Swift file, and whether a file
/// spells them: `init` reads them to tell which of the modules compiling a shared source
/// runs its localization calls (Loop's `Common/Extensions/NSBundle.swift`, compiled by
/// seven targets, reads a key in `var localizedNameAndVersion`, which only the app names).
///
/// Syntactic, like the rest of Linza: a declaration is reached through its name, or
/// through the name of a type around it (a view's `body` through the view, an error's
/// `errorDescription` through the error's type).
package enum CallerNames {
    /// For each position (1-based line and byte column, as `Location` counts them) in the
    /// Swift file `bytes`, the names of the declarations around it: the member declared in a
    /// type or at file level whose body or initial value holds it (none for `init`,
    /// `subscript` and `deinit`, reached through their type), and the structs, classes,
    /// enums, actors and protocols around that (an extension names a type declared
    /// elsewhere, so it adds none). Empty for a position in no declaration, and for every
    /// position of a file that is not valid UTF-8.
    package static func enclosing(_ positions: [(line: Int, column: Int)], inSwift bytes: [UInt8]) -> [[String]] {
        bytes.withUnsafeBufferPointer { buffer in
            let start = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            guard UTF8Validation.firstInvalidOffset(buffer, from: start) == nil else {
                return positions.map { _ in [] }
            }
            let source = TokenSource(
                tokens: SwiftLexer.tokenize(buffer, from: start).tokens, bytes: buffer, language: .swift)
            let lines = LineIndex(buffer)
            let offsets = positions.map { lines.offset(line: $0.line, column: $0.column) ?? Int.max }
            return DeclarationWalk(source).names(at: offsets)
        }
    }

    /// Which of `names` the source file `bytes` (Swift or Objective-C, by `path`'s extension)
    /// spells as an identifier outside comments and strings, other than where it declares it
    /// (`func name`, `var name`) or uses it as a Swift argument label (`name:`).
    package static func mentioned(_ names: Set<String>, in bytes: [UInt8], path: String) -> Set<String> {
        guard let language = SourceScanner.language(ofFile: path), !names.isEmpty else { return [] }
        let lengths = Set(names.map(\.utf8.count))
        return bytes.withUnsafeBufferPointer { buffer in
            let start = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            guard UTF8Validation.firstInvalidOffset(buffer, from: start) == nil else { return [] }
            let tokens =
                language == .swift
                ? SwiftLexer.tokenize(buffer, from: start).tokens : ObjectiveCLexer.tokenize(buffer, from: start).tokens
            var found = Set<String>()
            for (index, token) in tokens.enumerated() where token.kind == .identifier {
                guard lengths.contains(Int(token.end - token.start)) else { continue }
                let word = String(
                    decoding: UnsafeBufferPointer(rebasing: buffer[Int(token.start)..<Int(token.end)]), as: UTF8.self)
                guard names.contains(word) else { continue }
                if index > 0, tokens[index - 1].kind == .identifier,
                    declarationKeywords.contains(text(of: tokens[index - 1], in: buffer))
                {
                    continue
                }
                if language == .swift, index + 1 < tokens.count, tokens[index + 1].kind == .colon { continue }
                found.insert(word)
            }
            return found
        }
    }

    private static func text(of token: Token, in buffer: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(token.start)..<Int(token.end)]), as: UTF8.self)
    }

    /// Words after which an identifier is declared, not used.
    private static let declarationKeywords: Set<String> = [
        "func", "var", "let", "case", "struct", "class", "enum", "actor", "protocol", "typealias", "associatedtype",
    ]
}

/// One pass over a Swift file's tokens keeping the declarations open at each token.
private struct DeclarationWalk {
    let source: TokenSource

    init(_ source: TokenSource) {
        self.source = source
    }

    /// What a brace opens.
    private enum Scope {
        /// A type's body (`name` nil for an extension) or the file itself.
        case type(String?)
        /// A member's body (`name` nil for `init`, `subscript`, `deinit`, or a pattern).
        case member(String?)
        /// Anything inside a member: closures, statements, local declarations.
        case inner
    }

    /// The declaration the next brace at type or file level opens, as the last keyword said.
    private enum Pending {
        case type(String?)
        case member(String?)
    }

    private struct Frame {
        var scope: Scope
        /// At type or file level: the latest declaration, which an expression at this
        /// level (a stored property's initial value) belongs to.
        var pending: Pending?
    }

    /// The names around each byte offset (offsets in any order).
    func names(at offsets: [Int]) -> [[String]] {
        let tokens = source.tokens
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = Array(repeating: [String](), count: offsets.count)
        var next = 0
        var stack = [Frame(scope: .type(nil))]
        for index in tokens.indices {
            while next < order.count, offsets[order[next]] < Int(tokens[index].start) {
                result[order[next]] = names(in: stack)
                next += 1
            }
            let atTypeLevel: Bool
            if case .type = stack[stack.count - 1].scope { atTypeLevel = true } else { atTypeLevel = false }
            switch tokens[index].kind {
            case .identifier where atTypeLevel:
                if let pending = declaration(at: index) { stack[stack.count - 1].pending = pending }
            case .leftBrace:
                guard atTypeLevel else {
                    stack.append(Frame(scope: .inner))
                    break
                }
                switch stack[stack.count - 1].pending {
                case .type(let name)?: stack.append(Frame(scope: .type(name)))
                case .member(let name)?: stack.append(Frame(scope: .member(name)))
                case nil: stack.append(Frame(scope: .inner))
                }
                // A brace consumes a type's declaration; a member's stays for what follows
                // (`var x = 0 { didSet { … } }` is one member).
                if case .type? = stack[stack.count - 2].pending { stack[stack.count - 2].pending = nil }
            case .rightBrace:
                if stack.count > 1 { stack.removeLast() }
            default:
                break
            }
        }
        while next < order.count {
            result[order[next]] = names(in: stack)
            next += 1
        }
        return result
    }

    /// The declaration a keyword at `index` starts, if it is one.
    private func declaration(at index: Int) -> Pending? {
        let tokens = source.tokens
        let name: String? =
            index + 1 < tokens.count && tokens[index + 1].kind == .identifier ? source.string(index + 1) : nil
        switch source.string(index) {
        case "func", "var", "let", "case":
            return .member(name)
        case "init", "subscript", "deinit":
            return .member(nil)
        case "struct", "class", "enum", "actor", "protocol":
            // `class func`, `class var`: a member, which its own keyword announces.
            guard let name, !["func", "var", "let", "subscript", "init"].contains(name) else { return nil }
            return .type(name)
        case "extension":
            return .type(nil)
        default:
            return nil
        }
    }

    private func names(in stack: [Frame]) -> [String] {
        var names: [String] = []
        var member: String?
        var inMember = false
        for frame in stack {
            switch frame.scope {
            case .type(let name?): names.append(name)
            case .member(let name):
                if !inMember { member = name }
                inMember = true
            default: break
            }
        }
        if !inMember, case .member(let name)? = stack.last?.pending { member = name }
        if let member { names.insert(member, at: 0) }
        return names
    }
}
