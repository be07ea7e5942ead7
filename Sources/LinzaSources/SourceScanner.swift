import LinzaBase

/// A lexical error in a source file, with its position.
package struct SourceSyntaxProblem: Hashable, Sendable {
    package var kind: LexicalProblem.Kind
    package var location: Location
}

/// Everything Linza learned from one source file.
package struct ScannedSource: Hashable, Sendable {
    package var path: String { didSet { recordHash.value = nil } }
    package var usages: [LocalizationUsage] { didSet { recordHash.value = nil } }
    package var syntaxProblems: [SourceSyntaxProblem] { didSet { recordHash.value = nil } }
    package var suppressions: [SuppressionDirective] { didSet { recordHash.value = nil } }
    /// The `StableHash` of every short string literal's text, when the scanner collects
    /// them (for `unused_key`: a key written anywhere in code is in use). Hashes, not
    /// strings: a big app has millions of literals, nearly none of them keys.
    package var literalHashes: [UInt64] { didSet { recordHash.value = nil } }
    /// Paths starting with an accessor root (`L10n.Settings.title`), when `accessors:` are
    /// configured: turned into usages once the accessors' keys are known.
    package var accessorReferences: [AccessorReference] { didSet { recordHash.value = nil } }
    /// In a generated accessor file: what each accessor reads. Such a file's own calls and
    /// literals are definitions, not uses, so its `usages` and `literalHashes` stay empty.
    package var accessorDefinitions: [AccessorDefinition] { didSet { recordHash.value = nil } }
    /// The classes and actors the file declares (simple names): a call reading
    /// `Bundle(for: X.self)` reads the tables of the module declaring class `X`.
    package var declaredClasses: [String] { didSet { recordHash.value = nil } }
    /// The types and extensions in the file with a static `bundle` property: a call reading
    /// `X.bundle` reads the tables of the module declaring it.
    package var bundleProviders: [String] { didSet { recordHash.value = nil } }
    /// Where the file opens a table's file itself and reads its keys at run time
    /// (`Bundle.main.path(forResource: "ISO639", ofType: "strings")`): any key of that table
    /// may be read.
    package var tableFileReads: [TableFileRead] { didSet { recordHash.value = nil } }
    /// Literals outside calls that start keys built at run time (`"eq.preset." + name`),
    /// when the scanner collects literals (for `unused_key`, like `literalHashes`).
    package var keyPrefixes: [KeyPrefixLiteral] { didSet { recordHash.value = nil } }
    package var failure: InputFailure? { didSet { recordHash.value = nil } }
    /// The hash of this scan's record (`encoded()`) while the scan is the one read from or
    /// written as that record (`contentHash`); every field above forgets it when it changes.
    var recordHash = RecordHashMemo()
    /// The record of a scan taken from the cache undecoded (`init(deferring:record:rescan:)`).
    var pending: PendingRecord?

    package init(
        path: String, usages: [LocalizationUsage] = [], syntaxProblems: [SourceSyntaxProblem] = [],
        suppressions: [SuppressionDirective] = [], literalHashes: [UInt64] = [],
        accessorReferences: [AccessorReference] = [], accessorDefinitions: [AccessorDefinition] = [],
        declaredClasses: [String] = [], bundleProviders: [String] = [], tableFileReads: [TableFileRead] = [],
        keyPrefixes: [KeyPrefixLiteral] = [], failure: InputFailure? = nil
    ) {
        self.path = path
        self.usages = usages
        self.syntaxProblems = syntaxProblems
        self.suppressions = suppressions
        self.literalHashes = literalHashes
        self.accessorReferences = accessorReferences
        self.accessorDefinitions = accessorDefinitions
        self.declaredClasses = declaredClasses
        self.bundleProviders = bundleProviders
        self.tableFileReads = tableFileReads
        self.keyPrefixes = keyPrefixes
        self.failure = failure
    }
}

/// A value derived from a scan and kept beside it, which takes no part in comparing or
/// hashing scans: a scan read from the cache equals the same scan made now.
struct RecordHashMemo: Hashable, Sendable {
    var value: UInt64?

    static func == (lhs: RecordHashMemo, rhs: RecordHashMemo) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

/// Reads and scans one source file: bytes -> tokens -> localization calls and
/// suppression directives with positions.
package struct SourceScanner: Sendable {
    package let recognizer: CallRecognizer
    /// Whether to keep the file's string literals (see `ScannedSource.literals`).
    package let collectsLiterals: Bool
    /// The configured accessor roots' components, as UTF-8.
    private let accessorRoots: [[[UInt8]]]
    /// The generated accessor files (absolute paths) among `accessors`.
    private let generatedFiles: Set<String>

    /// Literals longer than this are text, not keys, and are not kept.
    static let longestKeptLiteral = 256

    package init(recognizer: CallRecognizer, collectsLiterals: Bool = false, accessors: [AccessorSet] = []) {
        self.recognizer = recognizer
        self.collectsLiterals = collectsLiterals
        accessorRoots = Array(Set(accessors.map(\.root))).sorted().map {
            $0.split(separator: ".").map { Array($0.utf8) }
        }
        generatedFiles = Set(accessors.compactMap(\.file))
    }

    /// The language of a file, from its extension; nil for files Linza does not scan.
    package static func language(ofFile path: String) -> SourceLanguage? {
        let name = Path.lastComponent(path)
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let fileExtension = String(name[name.index(after: dot)...])
        return SourceLanguage.allCases.first { $0.fileExtensions.contains(fileExtension) }
    }

    /// Reads `path` and scans it. A file that cannot be read is reported, not skipped.
    package func scanFile(at path: String) -> ScannedSource {
        do {
            return scan(try FileReader.read(path), path: path)
        } catch {
            let reason = (error as? FileReadError)?.reason ?? "\(error)"
            return ScannedSource(
                path: path,
                failure: InputFailure(
                    location: Location(file: path, line: 1, column: 1), message: Messages.unreadable(reason)))
        }
    }

    /// Scans source bytes that claim to come from `path` (whose extension picks the language).
    package func scan(_ bytes: [UInt8], path: String) -> ScannedSource {
        let language = Self.language(ofFile: path) ?? .swift
        return bytes.withUnsafeBufferPointer { buffer in
            let start = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            if let invalid = UTF8Validation.firstInvalidOffset(buffer, from: start) {
                let (line, column) = LineIndex(buffer).position(of: invalid)
                let byte = String(buffer[invalid], radix: 16, uppercase: true)
                return ScannedSource(
                    path: path,
                    failure: InputFailure(
                        location: Location(file: path, line: line, column: column),
                        message: Messages.sourceNotUTF8(byte: byte, language: language)))
            }
            let lexed =
                language == .swift
                ? SwiftLexer.tokenize(buffer, from: start)
                : ObjectiveCLexer.tokenize(buffer, from: start)
            var matches = recognizer.recognize(lexed.tokens, in: buffer, language: language)
            // Looked for only where SwiftUI titles are: previews are SwiftUI code.
            if language == .swift, matches.contains(where: \.isSwiftUITitle) {
                let previews = PreviewCode.regions(
                    in: TokenSource(tokens: lexed.tokens, bytes: buffer, language: language))
                if !previews.ranges.isEmpty {
                    matches.removeAll { match in previews.ranges.contains { $0.contains(match.keyOffset) } }
                }
                for helper in previews.internalHelpers {
                    for index in matches.indices
                    where helper.ranges.contains(where: { $0.contains(matches[index].keyOffset) }) {
                        matches[index].previewHelper = helper.name
                    }
                }
            }
            let isGeneratedAccessorFile = generatedFiles.contains(path)
            let found =
                collectsLiterals && !isGeneratedAccessorFile
                ? Self.literals(lexed.tokens, buffer, language: language) : (hashes: [], prefixes: [])
            let literals = found.hashes
            var prefixes = found.prefixes
            // A call's own key literal is its key, not a start found outside calls.
            if !prefixes.isEmpty {
                let keyOffsets = Set(matches.map(\.keyOffset))
                prefixes.removeAll { keyOffsets.contains($0.offset) }
            }
            var references: [(components: [String], offset: Int, isImplicit: Bool)] = []
            var definitions: [AccessorDefinition] = []
            if !accessorRoots.isEmpty {
                let finder = AccessorFinder(
                    source: TokenSource(tokens: lexed.tokens, bytes: buffer, language: language))
                if language == .objc {
                    references = (finder.references(roots: accessorRoots) + finder.messageSends(roots: accessorRoots))
                        .sorted { $0.offset < $1.offset }.map { ($0.components, $0.offset, false) }
                } else if isGeneratedAccessorFile {
                    let paths = finder.declarationPaths(enclosing: matches.map(\.keyOffset))
                    for (match, path) in zip(matches, paths) {
                        guard let path, let key = match.key.literal, let table = match.table.name else { continue }
                        definitions.append(
                            AccessorDefinition(path: path, key: key, table: table, value: match.defaultValue))
                    }
                    matches = []
                } else {
                    let explicit = finder.references(roots: accessorRoots)
                    let implicit = finder.implicitReferences(roots: accessorRoots)
                    references = explicit.map { ($0.components, $0.offset, false) }
                    if !implicit.isEmpty {
                        references = (references + implicit.map { ($0.components, $0.offset, true) })
                            .sorted { $0.offset < $1.offset }
                    }
                }
            }
            let declared =
                language == .swift
                ? BundleDeclarations.find(in: TokenSource(tokens: lexed.tokens, bytes: buffer, language: language))
                : (classes: [], bundleProviders: [])
            let tableReads = TableFileReads.find(
                in: TokenSource(tokens: lexed.tokens, bytes: buffer, language: language))
            if matches.isEmpty && references.isEmpty && tableReads.isEmpty && prefixes.isEmpty
                && lexed.problems.isEmpty && lexed.directiveComments.isEmpty
            {
                return ScannedSource(
                    path: path, literalHashes: literals, accessorDefinitions: definitions,
                    declaredClasses: declared.classes, bundleProviders: declared.bundleProviders)
            }

            // Like swiftc, columns on line 1 count a BOM's three bytes.
            let lines = LineIndex(buffer)
            func location(_ offset: Int) -> Location {
                let (line, column) = lines.position(of: offset)
                return Location(file: path, line: line, column: column)
            }
            let accessorReferences = references.map {
                AccessorReference(components: $0.components, location: location($0.offset), isImplicit: $0.isImplicit)
            }
            let usages = matches.map { match in
                LocalizationUsage(
                    function: match.function, key: match.key, table: match.table,
                    defaultValue: match.defaultValue, comment: match.comment, template: match.template,
                    location: location(match.keyOffset),
                    tableLocation: match.tableOffset.map(location), bundle: match.bundle,
                    previewHelper: match.previewHelper)
            }
            let syntaxProblems = lexed.problems.map {
                SourceSyntaxProblem(kind: $0.kind, location: location($0.offset))
            }
            let suppressions = lexed.directiveComments.flatMap {
                SuppressionParser.directives(in: buffer, comment: $0, location: location)
            }
            return ScannedSource(
                path: path, usages: usages, syntaxProblems: syntaxProblems, suppressions: suppressions,
                literalHashes: literals, accessorReferences: accessorReferences,
                accessorDefinitions: definitions, declaredClasses: declared.classes,
                bundleProviders: declared.bundleProviders,
                tableFileReads: tableReads.map { TableFileRead(table: $0.table, location: location($0.offset)) },
                keyPrefixes: prefixes.map { KeyPrefixLiteral(prefix: $0.prefix, location: location($0.offset)) })
        }
    }

    /// The hash of the decoded text of every complete, short string literal. A plain
    /// `"…"` (or `@"…"`) without a backslash is its own text: hashed straight from the bytes.
    /// An interpolated one gives its template's `placeholderHash`.
    ///
    /// In the same pass, the literals that start keys built at run time (`KeyPrefixLiterals`).
    private static func literals(
        _ tokens: [Token], _ bytes: UnsafeBufferPointer<UInt8>,
        language: SourceLanguage
    ) -> (hashes: [UInt64], prefixes: [(prefix: String, offset: Int)]) {
        var hashes: [UInt64] = []
        var prefixes: [(prefix: String, offset: Int)] = []
        let source = TokenSource(tokens: tokens, bytes: bytes, language: language)
        for (index, token) in tokens.enumerated() {
            guard token.kind == .stringOpen || token.kind == .stringLiteral else { continue }
            if let prefix = KeyPrefixLiterals.prefix(at: index, in: source) {
                prefixes.append((prefix, Int(token.start)))
            }
            if token.kind == .stringOpen, language == .swift {
                if let hash = source.interpolatedLiteralHash(openingAt: index, maxLength: longestKeptLiteral) {
                    hashes.append(hash)
                }
                continue
            }
            guard token.kind == .stringLiteral, token.isTerminated,
                token.end - token.start <= UInt32(longestKeptLiteral)
            else { continue }
            let start = Int(token.start), end = Int(token.end)
            if let body = plainBody(bytes, start: start, end: end) {
                hashes.append(StableHash.fnv1a(UnsafeBufferPointer(rebasing: bytes[body])))
                continue
            }
            let text =
                switch language {
                case .swift: SwiftStringDecoder.decode(bytes, start: start, end: end).text
                case .objc: ObjectiveCStringDecoder.decode(bytes, start: start, end: end)
                }
            hashes.append(StableHash.fnv1a(text))
        }
        return (hashes, prefixes)
    }

    /// The body of `"…"` or `@"…"` when it is the literal's text as is: one pair of quotes
    /// (not `"""`, not raw, not two concatenated literals) and no backslash inside.
    private static func plainBody(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Range<Int>? {
        let open = bytes[start] == ascii("@") ? start + 1 : start
        guard bytes[open] == ascii("\""), end - 1 > open, bytes[end - 1] == ascii("\"") else { return nil }
        let body = (open + 1)..<(end - 1)
        for index in body where bytes[index] == ascii("\\") || bytes[index] == ascii("\"") { return nil }
        return body
    }
}

extension Messages {
    static func sourceNotUTF8(byte: String, language: SourceLanguage) -> String {
        "this file is not valid UTF-8 (byte 0x\(byte)); \(language == .swift ? "Swift" : "Objective-C") sources must be UTF-8"
    }
}
