import LinzaBase

/// Finds localization calls in a token array of either language.
///
/// A call is an identifier path (`NSLocalizedString`, `L10n.tr`, `String.init`) directly
/// followed by `(` on the same line, and not a declaration (`func tr(`, a C prototype, a
/// `#define`). An Objective-C message is a selector part followed by `:`. Arguments are
/// split at top-level commas (or selector parts); key, table and default value are read
/// from the arguments the call form names. Calls inside interpolations are found because
/// their tokens are in the same array.
package struct CallRecognizer: Sendable {
    private let functionsByLanguage: [SourceLanguage: [CompiledFunction]]
    /// Call forms by the first byte of their callee's last component, in configuration
    /// order: most identifiers before a `(` then meet one or two candidates, not fifty.
    private let callsByLanguageAndFirstByte: [SourceLanguage: [[CompiledFunction]]]
    /// Forms whose key is the string literal they are used on (`"key".localized`): Swift only.
    private let receiverForms: [CompiledFunction]
    /// Names of the configured forms that are not built in: the wrappers whose own body
    /// may forward a key parameter.
    private let wrapperNames: Set<String>
    private let defaultTable: String
    /// `LocalizedStringResource("…")` when configured: also the form of a literal given to a
    /// declaration of that type (`typedResourceLiterals`).
    private let resourceForm: LocalizationFunction?

    private struct CompiledFunction: Sendable {
        let function: LocalizationFunction
        /// The callee path's components as UTF-8, last one last.
        let components: [[UInt8]]
        /// A configured wrapper named without a type (`localizedString`) is a free function:
        /// `Bundle.main.localizedString(forKey:…)` or `locale.localizedString(forRegionCode:)`
        /// is a method of the same name, not a call of it.
        let isFreeFunction: Bool
    }

    /// A recognised call before its byte offsets are turned into lines and columns.
    package struct Match: Sendable {
        package var function: String
        package var key: UsageKey
        package var table: UsageTable
        package var defaultValue: String?
        package var comment: String?
        package var template: KeyTemplate?
        package var keyOffset: Int
        package var tableOffset: Int?
        /// The other module's bundle the call names (`bundle: X.bundle`).
        package var bundle: BundleReference?
        /// A SwiftUI view or modifier title (`Text("key")`).
        package var isSwiftUITitle: Bool = false
        /// The internal type the call is in, when the file names that type only in preview
        /// code (`PreviewHelpers`).
        package var previewHelper: String?
    }

    package init(functions: [LocalizationFunction], defaultTable: String) {
        let builtIn = Set(BuiltInFunctions.functions() + BuiltInFunctions.swiftUI)
        var byLanguage: [SourceLanguage: [CompiledFunction]] = [:]
        for language in SourceLanguage.allCases {
            byLanguage[language] = functions.filter { $0.languages.contains(language) }.map { function in
                let components = function.name.split(separator: ".").map { Array($0.utf8) }
                return CompiledFunction(
                    function: function, components: components,
                    isFreeFunction: components.count == 1 && function.form == .call
                        && !builtIn.contains(function) && !function.isStringMethod)
            }
        }
        functionsByLanguage = byLanguage
        var calls: [SourceLanguage: [[CompiledFunction]]] = [:]
        for (language, functions) in byLanguage {
            var buckets = [[CompiledFunction]](repeating: [], count: 256)
            for compiled in functions where compiled.function.form == .call && compiled.function.key != .receiver {
                guard let first = compiled.components.last?.first else { continue }
                buckets[Int(first)].append(compiled)
            }
            calls[language] = buckets
        }
        callsByLanguageAndFirstByte = calls
        receiverForms = (byLanguage[.swift] ?? []).filter { $0.function.key == .receiver && $0.components.count == 1 }
        wrapperNames = Set(functions.filter { !builtIn.contains($0) }.map(\.name))
        self.defaultTable = defaultTable
        resourceForm = (byLanguage[.swift] ?? []).first { $0.function.name == "LocalizedStringResource" }?.function
    }

    /// Every call of a known form in `tokens`, in source order.
    package func recognize(
        _ tokens: [Token], in bytes: UnsafeBufferPointer<UInt8>,
        language: SourceLanguage
    ) -> [Match] {
        let source = TokenSource(tokens: tokens, bytes: bytes, language: language)
        var matches: [Match] = []
        var forwardingCandidates: [(match: Int, key: Int)] = []
        forEachCall(in: source, within: tokens.indices) { function, slots in
            guard let found = match(function, slots, source: source) else { return false }
            // `editing ? "done" : "edit"`: a use of each key, at its own literal.
            if case .dynamic(prefix: nil) = found.key, let branches = source.literalBranches(slots.key) {
                for branch in branches {
                    guard let text = source.literalText(branch) else { continue }
                    var each = found
                    each.key = .literal(text)
                    each.keyOffset = Int(source.tokens[branch.lowerBound].start)
                    matches.append(each)
                }
                return true
            }
            // A wrapper's body may convert its key first (`String.LocalizationValue(key)`). Any
            // `String(name)` counts here: this only asks whether the call is the body of a
            // wrapper the configuration names, not what key it reads.
            if let forwarded = source.forwardedIdentifier(slots.key, isString: { _ in true }) {
                forwardingCandidates.append((matches.count, forwarded))
            }
            matches.append(found)
            return true
        }
        if let resource = resourceForm {
            let literals = typedResourceLiterals(in: source)
            for literal in literals {
                if let found = match(resource, ArgumentSlots(key: literal..<(literal + 1)), source: source) {
                    matches.append(found)
                }
            }
            // Calls are in source order; so are these, among them.
            if !literals.isEmpty { matches.sort { $0.keyOffset < $1.keyOffset } }
        }
        if !forwardingCandidates.isEmpty, !wrapperNames.isEmpty {
            let forwarding = forwardingCalls(forwardingCandidates.map(\.key), source: source)
            let dropped = Set(forwardingCandidates.filter { forwarding.contains($0.key) }.map(\.match))
            if !dropped.isEmpty {
                matches = matches.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
            }
        }
        return matches
    }

    /// The key tokens among `keys` that are a configured wrapper's own implementation: the
    /// wrapper passing its key parameter (or, in a `String` extension, `self`) on to the call
    /// it wraps. That is no use of a key, and no dynamic key either.
    private func forwardingCalls(_ keys: [Int], source: TokenSource) -> Set<Int> {
        let wrappers = wrapperNames
        let declarations = source.language == .swift ? SwiftDeclarations(source).all : CDeclarations(source).all
        var result = Set<Int>()
        for declaration in declarations
        where wrappers.contains(declaration.name)
            || wrappers.contains(String(declaration.name.split(separator: ".").last ?? ""))
        {
            for key in keys where declaration.body.contains(key) {
                if declaration.isStringMember, source.text(key, equals: Array("self".utf8)) { result.insert(key) }
                if declaration.parameters.contains(where: { source.text(key, equals: $0.name) }) { result.insert(key) }
            }
        }
        return result
    }

    /// The token ranges of a recognised call's key, table, default value and comment.
    struct ArgumentSlots {
        var key: Range<Int>
        var table: Range<Int>? = nil
        var value: Range<Int>? = nil
        var comment: Range<Int>? = nil
        var bundle: Range<Int>? = nil
    }

    /// Where the table, value and comment arguments of the calls in `bytes` start (byte
    /// offsets): a string literal there belongs to a call without being its key (a rename
    /// leaves `comment: "Always Use Reader View"` alone when it renames that key).
    package func argumentStarts(in bytes: UnsafeBufferPointer<UInt8>, language: SourceLanguage) -> Set<Int> {
        let lexed = language == .swift ? SwiftLexer.tokenize(bytes) : ObjectiveCLexer.tokenize(bytes)
        let source = TokenSource(tokens: lexed.tokens, bytes: bytes, language: language)
        var starts: Set<Int> = []
        forEachCall(in: source, within: 0..<source.tokens.count) { _, slots in
            for slot in [slots.table, slots.value, slots.comment] {
                if let slot, !slot.isEmpty { starts.insert(Int(source.tokens[slot.lowerBound].start)) }
            }
            return true
        }
        return starts
    }

    /// Calls `accept` with each call of a known form that starts in `range`, in source
    /// order; for one call site, candidate forms are tried until `accept` returns true.
    @inline(__always)
    func forEachCall(
        in source: TokenSource, within range: Range<Int>,
        _ accept: (LocalizationFunction, ArgumentSlots) -> Bool
    ) {
        let tokens = source.tokens
        let functions = functionsByLanguage[source.language] ?? []
        let calls = callsByLanguageAndFirstByte[source.language] ?? []
        let receivers = source.language == .swift ? receiverForms : []
        for index in range where tokens[index].kind == .identifier {
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            let isCall = next?.kind == .leftParen && next?.startsLine == false
            // A call form is tried before a receiver form of the same name: it found its key
            // among the arguments (`"Check for Updates…".localized(key: "HIK-3r-i7E.title")`
            // is `localized(key:)`), while a receiver form takes any literal before the name.
            if isCall, recognizeCall(at: index, calls: calls, source: source, accept) { continue }
            if !receivers.isEmpty, index >= 2, tokens[index - 1].kind == .period,
                tokens[index - 2].kind == .stringLiteral || tokens[index - 2].kind == .stringClose,
                recognizeReceiverForm(at: index, forms: receivers, source: source, accept)
            {
                continue
            }
            if next?.kind == .colon, source.language == .objc {
                recognizeMessage(at: index, functions: functions, source: source, accept)
            }
        }
    }

    /// `var title: LocalizedStringResource = "Clear Clipboard History"` (App Intents): the
    /// literal a declaration of that type is given is its key, as in `LocalizedStringResource("…")`,
    /// and Xcode extracts it so. Each such literal's token; looked for only in a file that
    /// names the type (a search of its bytes), not at every identifier of every file.
    private func typedResourceLiterals(in source: TokenSource) -> [Int] {
        guard source.language == .swift,
            // At its `R`: every localization call has an `L`, few lines an `R`.
            ByteSearch.contains(source.bytes, resourceTypeName, anchor: 15)
        else { return [] }
        let tokens = source.tokens
        var found: [Int] = []
        for index in tokens.indices.dropFirst() where index + 2 < tokens.count && tokens[index].kind == .identifier {
            guard tokens[index - 1].kind == .colon, tokens[index + 1].kind == .operatorSymbols,
                tokens[index + 2].kind == .stringLiteral, source.text(index, equals: resourceTypeName),
                source.text(index + 1, equals: assignment)
            else { continue }
            found.append(index + 2)
        }
        return found
    }

    /// Whether a form of `calls` was accepted for the call whose name is at `index`.
    @inline(__always)
    private func recognizeCall(
        at index: Int, calls: [[CompiledFunction]], source: TokenSource,
        _ accept: (LocalizationFunction, ArgumentSlots) -> Bool
    ) -> Bool {
        let tokens = source.tokens
        var last = index
        // `String.init(localized:)` is `String(localized:)`.
        if source.text(index, equals: initKeyword), index >= 2,
            tokens[index - 1].kind == .period, tokens[index - 2].kind == .identifier
        {
            last = index - 2
        }
        guard let first = source.firstByte(last), !calls.isEmpty else { return false }
        for compiled in calls[Int(first)]
        where source.text(last, equals: compiled.components[compiled.components.count - 1]) {
            guard let first = source.pathStart(endingAt: last, matching: compiled.components),
                !(compiled.isFreeFunction && first > 0 && tokens[first - 1].kind == .period),
                !source.isDeclaration(before: first),
                let arguments = source.arguments(afterOpenParen: index + 1),
                var slots = slots(compiled.function, arguments: arguments, source: source)
            else { continue }
            // `X.bundle.localizedString(forKey:…)`: the bundle is what the method is called on.
            if compiled.function.bundle == .receiver, first >= 2, tokens[first - 1].kind == .period,
                let receiver = source.receiverStart(endingAt: first - 2)
            {
                slots.bundle = receiver..<(first - 1)
            }
            // `"Check for Updates…".localized(key: …)`: the string it is called on is the value.
            if compiled.function.value == .receiver, first >= 2, tokens[first - 1].kind == .period,
                let receiver = source.literalStart(endingAt: first - 2) ?? source.receiverStart(endingAt: first - 2)
            {
                slots.value = receiver..<(first - 1)
            }
            if accept(compiled.function, slots) { return true }
        }
        return false
    }

    /// `"key".name` or `"key".name(arguments)`: the literal before the period is the key.
    @inline(__always)
    private func recognizeReceiverForm(
        at index: Int, forms: [CompiledFunction], source: TokenSource,
        _ accept: (LocalizationFunction, ArgumentSlots) -> Bool
    ) -> Bool {
        guard let literal = source.literalStart(endingAt: index - 2) else { return false }
        let tokens = source.tokens
        for compiled in forms where source.text(index, equals: compiled.components[0]) {
            var arguments: [CallArgument] = []
            if index + 1 < tokens.count, tokens[index + 1].kind == .leftParen, !tokens[index + 1].startsLine {
                guard let parsed = source.arguments(afterOpenParen: index + 1) else { return false }
                arguments = parsed
            }
            guard
                let slots = slots(
                    compiled.function, arguments: arguments, receiver: literal..<(index - 1),
                    source: source)
            else { continue }
            if accept(compiled.function, slots) { return true }
        }
        return false
    }

    @inline(__always)
    private func recognizeMessage(
        at index: Int, functions: [CompiledFunction], source: TokenSource,
        _ accept: (LocalizationFunction, ArgumentSlots) -> Bool
    ) {
        for compiled in functions
        where compiled.function.form == .message
            && source.text(index, equals: compiled.components[0])
        {
            guard let arguments = source.messageArguments(startingAt: index),
                let slots = slots(compiled.function, arguments: arguments, source: source)
            else { continue }
            if accept(compiled.function, slots) { return }
        }
    }

    /// Where the form's key, table, value and comment are among `arguments`; nil when the
    /// call passes no key (or, for a SwiftUI title, no unlabeled literal).
    private func slots(
        _ function: LocalizationFunction, arguments: [CallArgument], receiver: Range<Int>? = nil,
        source: TokenSource
    ) -> ArgumentSlots? {
        guard
            let keyArgument = receiver.map({ CallArgument(label: nil, value: $0) })
                ?? arguments.first(matching: function.key, in: source),
            !keyArgument.value.isEmpty
        else { return nil }
        if function.literalKeyOnly {
            let first = source.tokens[keyArgument.value.lowerBound].kind
            // A positional title must be unlabeled: `Text(verbatim:)` is no key.
            let isLabeledReference: Bool
            if case .label = function.key { isLabeledReference = true } else { isLabeledReference = false }
            guard isLabeledReference || keyArgument.label == nil, first == .stringLiteral || first == .stringOpen else {
                return nil
            }
        }
        func range(_ reference: ArgumentReference?) -> Range<Int>? {
            guard let reference, let argument = arguments.first(matching: reference, in: source),
                !argument.value.isEmpty
            else { return nil }
            return argument.value
        }
        // `value: receiver` on a receiver form: the literal is both the key and the text.
        let value = function.value == .receiver ? receiver : range(function.value)
        return ArgumentSlots(
            key: keyArgument.value, table: range(function.table), value: value,
            comment: range(function.comment), bundle: range(function.bundle))
    }

    private func match(_ function: LocalizationFunction, _ slots: ArgumentSlots, source: TokenSource) -> Match? {
        guard let key = source.evaluateKey(slots.key) else { return nil }
        // `Text("")`, `Text(", ")`, `Text("01:24")`: no table holds text without a letter, and
        // SwiftUI shows it as written when none does. Xcode extracts it, nobody translates it.
        if function.literalKeyOnly, let literal = key.literal,
            !literal.unicodeScalars.contains(where: \.properties.isAlphabetic)
        {
            return nil
        }
        var table = UsageTable.named(function.defaultTable ?? defaultTable)
        var tableOffset: Int?
        if let tableRange = slots.table {
            tableOffset = Int(source.tokens[tableRange.lowerBound].start)
            switch source.evaluateTable(tableRange) {
            case .named(let name): table = .named(name)
            case .defaultTable: break
            case .dynamic: table = .dynamic
            }
        }
        let defaultValue = slots.value.flatMap(source.literalText)
        let comment = slots.comment.flatMap(source.literalText)
        let template = function.interpolationFormsKey ? source.template(slots.key) : nil
        // The same for an interpolated title (`Text("\(index + 1). ")`, `Text("@\(name)")`):
        // its key is its text with a specifier per value, and without a letter nobody writes one.
        if function.literalKeyOnly, let template,
            !template.segments.contains(where: { $0.unicodeScalars.contains(where: \.properties.isAlphabetic) })
        {
            return nil
        }
        return Match(
            function: function.displayName, key: key, table: table, defaultValue: defaultValue, comment: comment,
            template: template, keyOffset: Int(source.tokens[slots.key.lowerBound].start), tableOffset: tableOffset,
            bundle: slots.bundle.flatMap(source.evaluateBundle), isSwiftUITitle: function.literalKeyOnly)
    }
}

private let initKeyword = Array("init".utf8)
private let resourceTypeName = Array("LocalizedStringResource".utf8)
private let assignment = Array("=".utf8)

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
        case .receiver:
            return nil
        }
    }
}
