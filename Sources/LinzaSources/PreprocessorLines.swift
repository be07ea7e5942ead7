import LinzaBase

/// What the C preprocessor does with a directive line, as far as finding calls goes.
///
/// Clang reads the rest of `#pragma`, `#error`, `#warning` and `#include` lines as raw
/// text (`#pragma mark - Node's layout` has no character literal in it), never compiles
/// an `#if 0` block (whose text may be prose or half-written code), and only warns about
/// an unterminated quote in `#define` or `#if` lines. Linza follows it so that ordinary
/// Objective-C files get no false "unterminated string literal".
enum PreprocessorLines {
    /// How the rest of a directive's line is read.
    enum Body {
        /// Raw text: nothing in it is code (`#pragma`, `#error`, `#include <…>`, …).
        case text
        /// Tokens (`#define`, `#if`, …), but an unmatched quote there is not an error.
        case code
        /// `#if 0` or `#elif 0`: the lines up to the next `#else`, `#elif` or `#endif` are
        /// never compiled.
        case disabledBlock
    }

    /// Directives whose rest of line is raw text to the compiler.
    private static let textDirectives: Set<String> = [
        "pragma", "error", "warning", "include", "include_next", "import", "line", "ident", "sccs",
        "assert", "unassert",
    ]

    /// The directive named at `nameStart..<nameEnd`, and how its line reads from `nameEnd`.
    static func body(_ bytes: UnsafeBufferPointer<UInt8>, nameStart: Int, nameEnd: Int) -> Body {
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self)
        if textDirectives.contains(name) { return .text }
        if name == "if" || name == "elif", constantCondition(bytes, from: nameEnd) == false { return .disabledBlock }
        return .code
    }

    /// Whether the `#if` or `#elif` whose condition starts at `start` is a constant that is
    /// true (`#if 1`): then its `#else` and later `#elif` branches are never compiled.
    static func isTrueCondition(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        constantCondition(bytes, from: start) == true
    }

    /// Where the directive line that continues at `start` ends: at its unescaped line break
    /// (not consumed), skipping `"…"` closed on the line; a `//` comment ends the line there
    /// (the lexer reads it, for `linza:` directives). A `/*` is text here, as in clang's raw
    /// reading of `#pragma` and `#error` lines: taking it for a comment that runs on could
    /// skip real code, and skipped code's keys would look unused.
    static func endOfTextLine(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A, 0x0D:
                return index
            case ascii("\\"):
                index = afterLineContinuation(bytes, at: index) ?? index + 1
            case ascii("\""):
                index = endOfQuoteOnLine(bytes, at: index) ?? index + 1
            case ascii("/") where index + 1 < bytes.count && bytes[index + 1] == ascii("/"):
                return index
            default:
                index += 1
            }
        }
        return bytes.count
    }

    /// Where a `//` comment starting at `start` ends: at its line break (not consumed), a
    /// `\` line continuation taking it on; a `/*` inside is text.
    static func endOfLineComment(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D {
            index = bytes[index] == ascii("\\") ? afterLineContinuation(bytes, at: index) ?? index + 1 : index + 1
        }
        return index
    }

    /// The end of an `#if 0` block whose directive line continues at `start`: the offset of
    /// the `#` of its `#else`/`#elif` (which the lexer reads next), or the end of its
    /// `#endif` line. `unterminated` is set when the block never ends (no `#endif`, or a `/*`
    /// that never closes, as clang reports it even in skipped code): the rest of the file
    /// was not read, which callers must not take for "no calls there".
    /// With `throughBranches`, the block is the rest of a conditional whose taken branch is
    /// behind (the `#else` of `#if 1`): it ends only at its `#endif`.
    static func endOfDisabledBlock(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, throughBranches: Bool = false)
        -> (end: Int, unterminated: LexicalProblem.Kind?)
    {
        var depth = 0
        var index = endOfTextLine(bytes, from: start)
        if index < bytes.count, bytes[index] == ascii("/") { index = endOfLineComment(bytes, from: index) }
        while index < bytes.count {
            // `index` is at a line break: look at the next line's first token.
            index += 1
            var lineStart = index
            while lineStart < bytes.count, bytes[lineStart] == 0x20 || bytes[lineStart] == 0x09 { lineStart += 1 }
            if lineStart < bytes.count, bytes[lineStart] == ascii("#") {
                let (nameStart, nameEnd) = directiveName(bytes, hashAt: lineStart)
                switch String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self) {
                case "if", "ifdef", "ifndef":
                    depth += 1
                case "else", "elif", "elifdef", "elifndef":
                    if depth == 0, !throughBranches { return (lineStart, nil) }
                case "endif":
                    if depth == 0 { return (endOfTextLine(bytes, from: nameEnd), nil) }
                    depth -= 1
                default:
                    break
                }
            }
            // Skip the rest of the line as clang's skipping lexer does: comments count,
            // quotes pair only within the line.
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D {
                if bytes[index] == ascii("/"), index + 1 < bytes.count, bytes[index + 1] == ascii("*") {
                    guard let end = endOfBlockComment(bytes, at: index) else {
                        return (bytes.count, .unterminatedBlockComment)
                    }
                    index = end
                } else if bytes[index] == ascii("/"), index + 1 < bytes.count, bytes[index + 1] == ascii("/") {
                    index = endOfLineComment(bytes, from: index + 2)
                } else if bytes[index] == ascii("\\") {
                    index = afterLineContinuation(bytes, at: index) ?? index + 1
                } else if bytes[index] == ascii("\"") || bytes[index] == ascii("'") {
                    index = endOfQuoteOnLine(bytes, at: index) ?? index + 1
                } else {
                    index += 1
                }
            }
            if index < bytes.count, bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                index += 1
            }
        }
        return (bytes.count, .unterminatedConditional)
    }

    /// The name after the `#` at `hash` (spaces may stand between them).
    static func directiveName(_ bytes: UnsafeBufferPointer<UInt8>, hashAt hash: Int) -> (start: Int, end: Int) {
        var index = hash + 1
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        let start = index
        while index < bytes.count, isLetterOrUnderscore(bytes[index]) { index += 1 }
        return (start, index)
    }

    /// Past `\` and the line break right after it, or nil when no line break follows.
    static func afterLineContinuation(_ bytes: UnsafeBufferPointer<UInt8>, at backslash: Int) -> Int? {
        let next = backslash + 1
        guard next < bytes.count else { return nil }
        if bytes[next] == 0x0A { return next + 1 }
        if bytes[next] == 0x0D { return next + 1 < bytes.count && bytes[next + 1] == 0x0A ? next + 2 : next + 1 }
        return nil
    }

    /// A decimal number alone after `#if` or `#elif`: whether it is non-zero, or nil for
    /// any other condition. Only a `//` comment, or a `/* … */` closed on the line, may follow
    /// (`#if 0 /* off */ || DEBUG` is not a constant).
    private static func constantCondition(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool? {
        var index = start
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        var isTrue = false
        let digitsStart = index
        while index < bytes.count, bytes[index] >= ascii("0"), bytes[index] <= ascii("9") {
            isTrue = isTrue || bytes[index] != ascii("0")
            index += 1
        }
        guard index > digitsStart else { return nil }
        // `1u`, `0x1`, `1.0`: not a plain decimal number, left to the preprocessor.
        if index < bytes.count, isLetterOrUnderscore(bytes[index]) || bytes[index] == ascii(".") { return nil }
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09:
                index += 1
            case 0x0A, 0x0D:
                return isTrue
            case ascii("/") where index + 1 < bytes.count && bytes[index + 1] == ascii("/"):
                return isTrue
            case ascii("/") where index + 1 < bytes.count && bytes[index + 1] == ascii("*"):
                guard let end = endOfBlockComment(bytes, at: index),
                    !bytes[index..<end].contains(0x0A), !bytes[index..<end].contains(0x0D)
                else { return nil }
                index = end
            default:
                return nil
            }
        }
        return isTrue
    }

    /// Past the quote that closes the one at `open` on the same line, or nil.
    private static func endOfQuoteOnLine(_ bytes: UnsafeBufferPointer<UInt8>, at open: Int) -> Int? {
        var index = open + 1
        while index < bytes.count {
            switch bytes[index] {
            case bytes[open]: return index + 1
            case 0x0A, 0x0D: return nil
            case ascii("\\"): index += 2
            default: index += 1
            }
        }
        return nil
    }

    /// Past the `*/` that closes the `/*` at `open`, or nil when it never closes.
    private static func endOfBlockComment(_ bytes: UnsafeBufferPointer<UInt8>, at open: Int) -> Int? {
        var index = open + 2
        while index + 1 < bytes.count {
            if bytes[index] == ascii("*"), bytes[index + 1] == ascii("/") { return index + 2 }
            index += 1
        }
        return nil
    }

    private static func isLetterOrUnderscore(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= ascii("a") && byte | 0x20 <= ascii("z")) || byte == ascii("_")
    }
}
