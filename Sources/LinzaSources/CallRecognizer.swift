/// Finds localization calls in a token array of either language.
///
/// A call is an identifier path (`NSLocalizedString`, `L10n.tr`, `String.init`) directly
/// followed by `(` on the same line, and not a declaration (`func tr(`, a C prototype, a
/// `#define`). An Objective-C message is a selector part followed by `:`. Arguments are
/// split at top-level commas (or selector parts); key, table and default value are read
/// from the arguments the call form names. Calls inside interpolations are found because
/// their tokens are in the same array.
public struct CallRecognizer: Sendable {
    private let functionsByLanguage: [SourceLanguage: [CompiledFunction]]
    /// Call forms by the first byte of their callee's last component, in configuration
    /// order: most identifiers before a `(` then meet one or two candidates, not fifty.
    private let callsByLanguageAndFirstByte: [SourceLanguage: [[CompiledFunction]]]
    private let defaultTable: String

    private struct CompiledFunction: Sendable {
        let function: LocalizationFunction
        /// The callee path's components as UTF-8, last one last.
        let components: [[UInt8]]
    }

    /// A recognised call before its byte offsets are turned into lines and columns.
    public struct Match: Sendable {
        public var function: String
        public var key: UsageKey
        public var table: UsageTable
        public var defaultValue: String?
        public var comment: String?
        public var template: KeyTemplate?
        public var keyOffset: Int
        public var tableOffset: Int?
    }

    public init(functions: [LocalizationFunction], defaultTable: String) {
        var byLanguage: [SourceLanguage: [CompiledFunction]] = [:]
        for language in SourceLanguage.allCases {
            byLanguage[language] = functions.filter { $0.languages.contains(language) }.map { function in
                CompiledFunction(function: function,
                                 components: function.name.split(separator: ".").map { Array($0.utf8) })
            }
        }
        functionsByLanguage = byLanguage
        var calls: [SourceLanguage: [[CompiledFunction]]] = [:]
        for (language, functions) in byLanguage {
            var buckets = [[CompiledFunction]](repeating: [], count: 256)
            for compiled in functions where compiled.function.form == .call {
                guard let first = compiled.components.last?.first else { continue }
                buckets[Int(first)].append(compiled)
            }
            calls[language] = buckets
        }
        callsByLanguageAndFirstByte = calls
        self.defaultTable = defaultTable
    }

    /// Every call of a known form in `tokens`, in source order.
    public func recognize(_ tokens: [Token], in bytes: UnsafeBufferPointer<UInt8>,
                          language: SourceLanguage) -> [Match] {
        let functions = functionsByLanguage[language] ?? []
        let calls = callsByLanguageAndFirstByte[language] ?? []
        let source = TokenSource(tokens: tokens, bytes: bytes, language: language)
        var matches: [Match] = []
        for index in tokens.indices where tokens[index].kind == .identifier && index + 1 < tokens.count {
            let next = tokens[index + 1]
            if next.kind == .leftParen, !next.startsLine {
                if let match = recognizeCall(at: index, calls: calls, source: source) { matches.append(match) }
            } else if next.kind == .colon, language == .objc {
                if let match = recognizeMessage(at: index, functions: functions, source: source) { matches.append(match) }
            }
        }
        return matches
    }

    private func recognizeCall(at index: Int, calls: [[CompiledFunction]], source: TokenSource) -> Match? {
        let tokens = source.tokens
        var last = index
        // `String.init(localized:)` is `String(localized:)`.
        if source.text(index, equals: initKeyword), index >= 2,
           tokens[index - 1].kind == .period, tokens[index - 2].kind == .identifier {
            last = index - 2
        }
        guard let first = source.firstByte(last), !calls.isEmpty else { return nil }
        for compiled in calls[Int(first)]
            where source.text(last, equals: compiled.components[compiled.components.count - 1]) {
            guard let first = source.pathStart(endingAt: last, matching: compiled.components),
                  !source.isDeclaration(before: first),
                  let arguments = source.arguments(afterOpenParen: index + 1),
                  let match = match(compiled.function, arguments: arguments, source: source) else { continue }
            return match
        }
        return nil
    }

    private func recognizeMessage(at index: Int, functions: [CompiledFunction], source: TokenSource) -> Match? {
        for compiled in functions where compiled.function.form == .message
            && source.text(index, equals: compiled.components[0]) {
            guard let arguments = source.messageArguments(startingAt: index),
                  let match = match(compiled.function, arguments: arguments, source: source) else { continue }
            return match
        }
        return nil
    }

    private func match(_ function: LocalizationFunction, arguments: [CallArgument], source: TokenSource) -> Match? {
        guard let keyArgument = arguments.first(matching: function.key, in: source),
              !keyArgument.value.isEmpty else { return nil }
        if function.literalKeyOnly {
            let first = source.tokens[keyArgument.value.lowerBound].kind
            // A positional title must be unlabeled: `Text(verbatim:)` is no key.
            let isLabeledReference: Bool
            if case .label = function.key { isLabeledReference = true } else { isLabeledReference = false }
            guard isLabeledReference || keyArgument.label == nil, first == .stringLiteral || first == .stringOpen else { return nil }
        }
        guard let key = source.evaluateKey(keyArgument.value) else { return nil }

        var table = UsageTable.named(function.defaultTable ?? defaultTable)
        var tableOffset: Int?
        if let reference = function.table, let tableArgument = arguments.first(matching: reference, in: source),
           !tableArgument.value.isEmpty {
            tableOffset = Int(source.tokens[tableArgument.value.lowerBound].start)
            switch source.evaluateTable(tableArgument.value) {
            case .named(let name): table = .named(name)
            case .defaultTable: break
            case .dynamic: table = .dynamic
            }
        }
        var defaultValue: String?
        if let reference = function.value, let valueArgument = arguments.first(matching: reference, in: source),
           !valueArgument.value.isEmpty {
            defaultValue = source.literalText(valueArgument.value)
        }
        var comment: String?
        if let reference = function.comment, let commentArgument = arguments.first(matching: reference, in: source),
           !commentArgument.value.isEmpty {
            comment = source.literalText(commentArgument.value)
        }
        let template = function.interpolationFormsKey ? source.template(keyArgument.value) : nil
        return Match(function: function.displayName, key: key, table: table, defaultValue: defaultValue, comment: comment,
                     template: template, keyOffset: Int(source.tokens[keyArgument.value.lowerBound].start), tableOffset: tableOffset)
    }
}

private let initKeyword = Array("init".utf8)

/// One argument of a call: its label, if any, and the token range of its value.
struct CallArgument {
    var label: Range<Int>?
    var value: Range<Int>
}

extension Array where Element == CallArgument {
    fileprivate func first(matching reference: ArgumentReference, in source: TokenSource) -> CallArgument? {
        switch reference {
        case .position(let index):
            return index < count ? self[index] : nil
        case .label(let label):
            let bytes = Array<UInt8>(label.utf8)
            return first { argument in argument.label.map { source.text($0.lowerBound, equals: bytes) } ?? false }
        }
    }
}
