import LinzaBase

/// A function of the project's own code that passes one of its parameters on as the key of
/// a localization call Linza knows: a wrapper, which `linza init` lists under `functions:`.
package struct InferredWrapper: Hashable, Sendable {
    /// The call form, ready for `functions:`: the name is a member path (`L10n.tr`) for a
    /// static member, the bare name for anything else; the key is `receiver` for a member
    /// of a `String` extension that localizes `self`.
    package var function: LocalizationFunction
    /// Where the wrapper is declared (its name).
    package var location: Location
    /// The display name of the call it wraps (`NSLocalizedString`).
    package var wraps: String

    package init(function: LocalizationFunction, location: Location, wraps: String) {
        self.function = function
        self.location = location
        self.wraps = wraps
    }
}

/// Finds wrappers by reading declarations: a Swift `func` or computed property, a C
/// function or a `#define` macro whose body makes a call of a known form with one of its
/// own parameters (or, in a `String` extension, `self`) as the key. Table, default value
/// and comment arguments that are parameters too, or literals, are carried over.
///
/// Reading is syntactic, like the rest of Linza: `func tr(_ table: String, _ key: String)`
/// calling `bundle.localizedString(forKey: key, value: nil, table: table)` becomes
/// `L10n.tr` with key at position 1 and table at position 0.
package struct WrapperFinder: Sendable {
    private let known: [LocalizationFunction]
    private let recognizer: CallRecognizer

    /// `known` are the forms a body's call must be one of.
    package init(known: [LocalizationFunction]) {
        self.known = known
        recognizer = CallRecognizer(functions: known, defaultTable: "")
    }

    /// The recognizer for bodies inside type `scope`: there a static member of the type is
    /// called unqualified too (`trIn(language, table, key)` inside `extension L10n`, SwiftGen's
    /// `L10n.tr` forwarding to `L10n.trIn`).
    private func recognizer(inside scope: String?) -> CallRecognizer {
        guard let scope else { return recognizer }
        let prefix = scope + "."
        let unqualified = known.filter { $0.name.hasPrefix(prefix) }.map { function in
            var member = function
            member.name = String(function.name.dropFirst(prefix.count))
            return member
        }
        guard !unqualified.isEmpty else { return recognizer }
        return CallRecognizer(functions: known + unqualified, defaultTable: "")
    }

    /// The wrappers declared in `bytes` (UTF-8 text of a Swift or Objective-C file).
    package func wrappers(in bytes: [UInt8], path: String) -> [InferredWrapper] {
        guard let language = SourceScanner.language(ofFile: path) else { return [] }
        return bytes.withUnsafeBufferPointer { buffer in
            let start = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            guard UTF8Validation.firstInvalidOffset(buffer, from: start) == nil else { return [] }
            let lexed =
                language == .swift
                ? SwiftLexer.tokenize(buffer, from: start)
                : ObjectiveCLexer.tokenize(buffer, from: start)
            let source = TokenSource(tokens: lexed.tokens, bytes: buffer, language: language)
            let declarations = language == .swift ? SwiftDeclarations(source).all : CDeclarations(source).all
            let lines = LineIndex(buffer)
            var recognizers: [String: CallRecognizer] = [:]
            return declarations.compactMap { declaration in
                var scoped = recognizer
                if let scope = declaration.scope {
                    scoped = recognizers[scope] ?? recognizer(inside: scope)
                    recognizers[scope] = scoped
                }
                return wrapper(declaration, source: source, recognizer: scoped).map { function, wraps in
                    let (line, column) = lines.position(of: Int(source.tokens[declaration.nameToken].start))
                    return InferredWrapper(
                        function: function, location: Location(file: path, line: line, column: column),
                        wraps: wraps)
                }
            }
        }
    }

    /// The call form `declaration` amounts to, when its body passes a parameter as a key.
    private func wrapper(
        _ declaration: Declaration, source: TokenSource, recognizer: CallRecognizer
    ) -> (LocalizationFunction, String)? {
        var found: (LocalizationFunction, String)?
        recognizer.forEachCall(in: source, within: declaration.body) { called, slots in
            guard found == nil,
                let key = reference(
                    slots.key, declaration, source: source, allowsSelf: true,
                    conversions: true)
            else {
                return false
            }
            var function = LocalizationFunction(name: declaration.name, key: key, languages: [source.language])
            if let table = slots.table {
                if let reference = reference(table, declaration, source: source) {
                    function.table = reference
                } else if case .named(let name) = source.evaluateTable(table) {
                    function.defaultTable = name
                }
            } else if let defaultTable = called.defaultTable {
                function.defaultTable = defaultTable
            }
            // `NSLocalizedString(key, value: self, …)` in a `String` method: the string it is
            // called on is the text (Rectangle's `"Check for Updates…".localized(key:)`).
            function.value = slots.value.flatMap { reference($0, declaration, source: source, allowsSelf: true) }
            function.comment = slots.comment.flatMap { reference($0, declaration, source: source) }
            function.formatsText = !fillsOwnPlaceholders(declaration, source: source)
            found = (function, called.displayName)
            return true
        }
        return found
    }

    /// Whether `declaration`'s body fills placeholders of its own into the text it reads
    /// (`string.replacingOccurrences(of: "%\(index)", with: param)`, exelban/stats'
    /// `localizedString`) and formats nothing (no `format:` argument, no `…WithFormat`): its
    /// texts are then no `printf` formats, and `%0 cores` holds no `%c`.
    private func fillsOwnPlaceholders(_ declaration: Declaration, source: TokenSource) -> Bool {
        let tokens = source.tokens
        var replacesPercent = false
        for index in declaration.body where tokens[index].kind == .identifier {
            let word = source.string(index)
            let labelled = index + 1 < declaration.body.upperBound && tokens[index + 1].kind == .colon
            if (word == "format" && labelled) || word.hasSuffix("WithFormat") { return false }
            guard word == "replacingOccurrences" || word == "stringByReplacingOccurrencesOfString" else { continue }
            // The text replaced: the first literal of the call, `of: "%…"` or `@"%…"`.
            let literal = (index + 1..<min(index + 5, declaration.body.upperBound)).first {
                tokens[$0].kind == .stringLiteral || tokens[$0].kind == .stringOpen
            }
            if let literal {
                let text = source.string(literal)
                if text.hasPrefix("\"%") || text.hasPrefix("@\"%") { replacesPercent = true }
            }
        }
        return replacesPercent
    }

    /// How a caller passes the argument whose value in the body is exactly the parameter
    /// named by the single token in `range`: its label, or its position. For the key,
    /// `conversions` also accepts the parameter inside a conversion that keeps its text
    /// (`String.LocalizationValue(key)`, see `KeyConversion`).
    private func reference(
        _ range: Range<Int>, _ declaration: Declaration, source: TokenSource,
        allowsSelf: Bool = false, conversions: Bool = false
    ) -> ArgumentReference? {
        let token: Int
        if conversions {
            guard
                let forwarded = source.forwardedIdentifier(
                    range,
                    isString: { token in
                        declaration.isStringMember && source.text(token, equals: selfKeyword)
                            || declaration.parameters.contains { source.text(token, equals: $0.name) && $0.isString }
                    })
            else { return nil }
            token = forwarded
        } else {
            guard range.count == 1, source.tokens[range.lowerBound].kind == .identifier else { return nil }
            token = range.lowerBound
        }
        if allowsSelf, declaration.isStringMember, source.text(token, equals: selfKeyword) { return .receiver }
        guard let index = declaration.parameters.firstIndex(where: { source.text(token, equals: $0.name) })
        else { return nil }
        if let label = declaration.parameters[index].label { return .label(label) }
        return .position(index)
    }
}

/// A function-like declaration with a body: what `WrapperFinder` inspects.
struct Declaration {
    struct Parameter {
        /// The name the body uses.
        var name: [UInt8]
        /// The argument label callers write; nil when they pass it by position.
        var label: String?
        /// Declared `String` or `Substring`: `String(name)` is then the same text.
        var isString = false
    }

    /// The name callers use: `L10n.tr` for a static member, `tr` otherwise.
    var name: String
    var nameToken: Int
    var parameters: [Parameter]
    /// A member of an extension of `String`, `StringProtocol` or `Substring`, whose `self`
    /// is the string it is used on.
    var isStringMember: Bool
    /// The body's tokens (braces excluded; for a macro, the rest of its line).
    var body: Range<Int>
    /// The type the declaration is a member of (`L10n` in `extension L10n`); nil at file level.
    var scope: String? = nil
}

private let selfKeyword = Array("self".utf8)

/// Swift declarations with bodies: `func` and computed `var`, with the type they are in.
struct SwiftDeclarations {
    let source: TokenSource
    private(set) var all: [Declaration] = []

    /// An open brace of a type body: its closing partner and the type's name.
    private struct TypeScope {
        var close: Int
        var name: String
        var isString: Bool
    }

    init(_ source: TokenSource) {
        self.source = source
        let tokens = source.tokens
        var scopes: [TypeScope] = []
        var index = 0
        while index < tokens.count {
            while let scope = scopes.last, index > scope.close { scopes.removeLast() }
            guard tokens[index].kind == .identifier else { index += 1; continue }
            let word = source.string(index)
            switch word {
            case "enum", "struct", "class", "extension", "actor", "protocol":
                // `class func` is a member, not a type.
                guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier,
                    source.string(index + 1) != "func", source.string(index + 1) != "var",
                    let open = nextBrace(after: index + 1), let close = source.partner(of: open)
                else { break }
                var name = source.string(index + 1)
                // `extension Foundation.String`: the last component names it.
                var last = index + 1
                while last + 2 < open, tokens[last + 1].kind == .period, tokens[last + 2].kind == .identifier {
                    last += 2
                    name = source.string(last)
                }
                let isString = word == "extension" && ["String", "StringProtocol", "Substring"].contains(name)
                scopes.append(TypeScope(close: close, name: name, isString: isString))
                index = open + 1
                continue
            case "func":
                if let declaration = function(at: index, scope: scopes.last) { all.append(declaration) }
            case "var":
                if let declaration = property(at: index, scope: scopes.last) { all.append(declaration) }
            default:
                break
            }
            index += 1
        }
    }

    /// `[static|class] func name<…>(parameters) … { body }`.
    private func function(at index: Int, scope: TypeScope?) -> Declaration? {
        let tokens = source.tokens
        let nameIndex = index + 1
        guard nameIndex < tokens.count, tokens[nameIndex].kind == .identifier else { return nil }
        var open = nameIndex + 1
        if open < tokens.count, let close = source.partner(of: open), tokens[open].kind != .leftParen {
            open = close + 1
        }
        guard open < tokens.count, tokens[open].kind == .leftParen, let close = source.partner(of: open),
            let brace = nextBrace(after: close), let end = source.partner(of: brace)
        else { return nil }
        let parameters = source.splitAtCommas(open + 1..<close).map(swiftParameter)
        guard !parameters.isEmpty || scope?.isString == true, parameters.allSatisfy({ $0 != nil }) else { return nil }
        return declaration(
            name: nameIndex, parameters: parameters.compactMap { $0 }, body: brace + 1..<end,
            isStatic: isStatic(before: index), scope: scope)
    }

    /// `var name: String { body }` in a `String` extension: `"key".name`.
    private func property(at index: Int, scope: TypeScope?) -> Declaration? {
        guard let scope, scope.isString else { return nil }
        let tokens = source.tokens
        let nameIndex = index + 1
        guard nameIndex + 1 < tokens.count, tokens[nameIndex].kind == .identifier, tokens[nameIndex + 1].kind == .colon,
            let brace = nextBrace(after: nameIndex + 1), let end = source.partner(of: brace)
        else { return nil }
        return declaration(
            name: nameIndex, parameters: [], body: brace + 1..<end, isStatic: isStatic(before: index),
            scope: scope)
    }

    private func declaration(
        name nameIndex: Int, parameters: [Declaration.Parameter], body: Range<Int>,
        isStatic: Bool, scope: TypeScope?
    ) -> Declaration {
        var name = source.string(nameIndex)
        let isStringMember = scope?.isString == true && !isStatic
        // A static member is called through its type; an instance member through any value.
        if isStatic, let scope { name = scope.name + "." + name }
        return Declaration(
            name: name, nameToken: nameIndex, parameters: parameters, isStringMember: isStringMember,
            body: body, scope: scope?.name)
    }

    /// Whether `static` or `class` is among the modifiers before the `func` or `var` at `index`.
    private func isStatic(before index: Int) -> Bool {
        var previous = index - 1
        while previous >= 0, source.tokens[previous].kind == .identifier {
            let word = source.string(previous)
            if word == "static" || word == "class" { return true }
            guard declarationModifiers.contains(word) else { return false }
            previous -= 1
        }
        return false
    }

    /// The `{` that opens the body of the declaration whose signature continues after
    /// `index`; nil when the declaration has none (a protocol requirement) before the next
    /// statement.
    private func nextBrace(after index: Int) -> Int? {
        let tokens = source.tokens
        var position = index + 1
        while position < tokens.count, position < index + 200 {
            let token = tokens[position]
            switch token.kind {
            case .leftBrace: return position
            case .rightBrace, .semicolon: return nil
            case .leftParen, .leftBracket:
                guard let close = source.partner(of: position) else { return nil }
                position = close
            case .identifier:
                let word = source.string(position)
                if ["func", "var", "let", "case", "init", "subscript", "typealias"].contains(word) { return nil }
                if let close = source.partner(of: position) { position = close }  // `Array<String>`
            default:
                break
            }
            position += 1
        }
        return nil
    }

    /// `_ key: String`, `key: String`, `for key: String = ""`, `_ args: CVarArg...`; nil for
    /// what is none of these.
    private func swiftParameter(_ range: Range<Int>) -> Declaration.Parameter? {
        let tokens = source.tokens
        guard let colon = range.first(where: { tokens[$0].kind == .colon }) else { return nil }
        let names = (range.lowerBound..<colon).filter { tokens[$0].kind == .identifier }
        guard names.count == colon - range.lowerBound else { return nil }
        // The type is the one token after the colon, before any default value: `String`, not `String?`.
        let type = colon + 1
        let isString =
            type < range.upperBound && tokens[type].kind == .identifier
            && (source.string(type) == "String" || source.string(type) == "Substring")
            && (type + 1 == range.upperBound || source.string(type + 1) == "=")
        switch names.count {
        case 1:
            return Declaration.Parameter(
                name: source.bytes(names[0]), label: source.string(names[0]), isString: isString)
        case 2:
            let label = source.string(names[0])
            return Declaration.Parameter(
                name: source.bytes(names[1]), label: label == "_" ? nil : label, isString: isString)
        default:
            return nil
        }
    }
}

private let declarationModifiers: Set<String> = [
    "public", "private", "internal", "fileprivate", "open", "final", "nonisolated", "override", "mutating", "dynamic",
    "package", "objc", "inlinable", "discardableResult",
]

/// Objective-C and C: `#define NAME(key, comment) NSLocalizedString(key, comment)` and
/// `NSString *NAME(NSString *key) { return NSLocalizedString(key, nil); }`.
struct CDeclarations {
    let source: TokenSource
    private(set) var all: [Declaration] = []

    init(_ source: TokenSource) {
        self.source = source
        let tokens = source.tokens
        for index in tokens.indices
        where tokens[index].kind == .identifier && index + 1 < tokens.count
            && tokens[index + 1].kind == .leftParen && source.isDeclaration(before: index)
        {
            guard let close = source.partner(of: index + 1) else { continue }
            let parameters = source.splitAtCommas(index + 2..<close).map { range -> Declaration.Parameter? in
                // The parameter's name is its last identifier (`NSString *key`, or a macro's `key`).
                guard let last = range.last(where: { tokens[$0].kind == .identifier }) else { return nil }
                return Declaration.Parameter(name: source.bytes(last), label: nil)
            }
            guard !parameters.isEmpty, parameters.allSatisfy({ $0 != nil }) else { continue }
            let body: Range<Int>
            if index >= 1, tokens[index - 1].kind == .poundKeyword {
                // Only a `(` right after the name makes a function-like macro; the body is the
                // rest of its line (the lexer marks where the next line starts).
                guard tokens[index + 1].start == tokens[index].end else { continue }
                var end = close + 1
                while end < tokens.count, !tokens[end].startsLine { end += 1 }
                body = close + 1..<end
            } else {
                guard close + 1 < tokens.count, tokens[close + 1].kind == .leftBrace,
                    let end = source.partner(of: close + 1)
                else { continue }
                body = close + 2..<end
            }
            all.append(
                Declaration(
                    name: source.string(index), nameToken: index, parameters: parameters.compactMap { $0 },
                    isStringMember: false, body: body))
        }
    }
}
