import LinzaBase
import LinzaSources

/// Source files: the lexers must cover any bytes with ordered, in-bounds tokens, and the
/// scanner (UTF-8 check, recognition, accessors, literals) must give in-file positions.
enum SourceFuzzing {
    private static let recognizer = CallRecognizer(
        functions: BuiltInFunctions.functions(swiftUI: true),
        defaultTable: "Localizable")
    private static let scanner = SourceScanner(
        recognizer: recognizer, collectsLiterals: true,
        accessors: [AccessorSet(root: "L10n", naming: .swiftGen)])
    private static let wrappers = WrapperFinder(known: BuiltInFunctions.functions())

    static func run(_ data: UnsafeBufferPointer<UInt8>, path: String) {
        // The lexers also get bytes that are not UTF-8: the scanner refuses those first, but
        // a lexer must not depend on it to stay in bounds.
        let lexed = path.hasSuffix(".swift") ? SwiftLexer.tokenize(data) : ObjectiveCLexer.tokenize(data)
        var previousEnd: UInt32 = 0
        for token in lexed.tokens {
            FuzzCheck.expect(
                token.start <= token.end && Int(token.end) <= data.count,
                "token \(token.kind) \(token.start)..<\(token.end) outside 0..<\(data.count)")
            FuzzCheck.expect(
                token.start >= previousEnd,
                "token \(token.kind) at \(token.start) overlaps the one ending at \(previousEnd)")
            previousEnd = token.end
        }
        for range in lexed.directiveComments {
            FuzzCheck.expect(
                range.lowerBound >= 0 && range.upperBound <= data.count, "directive comment \(range) out of bounds")
        }

        let bytes = Array(data)
        let scanned = scanner.scan(bytes, path: path)
        // At most one line per line-feed or carriage-return byte (U+2028 and U+2029 are
        // three bytes each, so they are covered too).
        let lines = bytes.reduce(1) { $0 + ($1 == 0x0A || $1 == 0x0D || $1 == 0xE2 ? 1 : 0) }
        var locations = scanned.usages.map(\.location) + scanned.syntaxProblems.map(\.location)
        locations += scanned.usages.compactMap(\.tableLocation)
        for location in locations {
            FuzzCheck.expect(location.line >= 1 && location.column >= 1, "position \(location.line):\(location.column)")
            FuzzCheck.expect(location.line <= lines + 1, "line \(location.line) past the file's \(lines) lines")
        }
        if path.hasSuffix(".swift") {
            _ = wrappers.wrappers(in: bytes, path: path)
        }
    }
}
