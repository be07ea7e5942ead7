import LinzaBase

/// Reads `linza:` directives out of a comment's bytes.
enum SuppressionParser {
    /// The directives in the comment at `range` of `bytes`; `location` turns byte offsets
    /// into positions.
    static func directives(
        in bytes: UnsafeBufferPointer<UInt8>, comment range: Range<Int>,
        location: (Int) -> Location
    ) -> [SuppressionDirective] {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        let start = location(range.lowerBound)
        let endLine = location(max(range.lowerBound, range.upperBound - 1)).line
        var result: [SuppressionDirective] = []
        var searchFrom = text.startIndex
        while let marker = text[searchFrom...].firstRange(of: "linza:") {
            let words = Self.words(in: text, from: marker.upperBound)
            searchFrom = words.end
            var directive = SuppressionDirective(
                action: .disable, scope: .region, rules: [], location: start,
                endLine: endLine)
            guard let command = words.list.first else {
                directive.malformation = "a linza: directive needs a command such as disable:next"
                result.append(directive)
                continue
            }
            let parts = command.text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard let action = SuppressionDirective.Action(rawValue: parts[0]), parts.count <= 2,
                let scope: SuppressionDirective.Scope = parts.count == 2 ? .init(rawValue: parts[1]) : .region,
                scope != .region || parts.count == 1
            else {
                directive.malformation =
                    "unknown linza: command '\(command.text)'; use disable, enable, "
                    + "disable:next, disable:this or disable:previous"
                result.append(directive)
                continue
            }
            directive.action = action
            directive.scope = scope
            directive.rules = words.list.dropFirst().map { word in
                SuppressionDirective.RuleName(
                    id: word.text,
                    location: location(range.lowerBound + text.utf8.distance(from: text.startIndex, to: word.start)))
            }
            if directive.rules.isEmpty {
                directive.malformation = "'linza:\(command.text)' names no rule; name rule ids or 'all'"
            }
            result.append(directive)
        }
        return result
    }

    /// The words after a directive marker, up to the end of the comment, a reason
    /// (` - …` or `--…`), a closing `*/` or the next `linza:`.
    private static func words(in text: String, from start: String.Index)
        -> (list: [(text: String, start: String.Index)], end: String.Index)
    {
        var list: [(String, String.Index)] = []
        var index = start
        while index < text.endIndex {
            let character = text[index]
            if character == "\n" || character == "\r" { break }
            if character.isWhitespace { index = text.index(after: index); continue }
            var end = index
            while end < text.endIndex, !text[end].isWhitespace { end = text.index(after: end) }
            let word = String(text[index..<end])
            if word == "-" || word.hasPrefix("--") || word.hasPrefix("*/") || word.hasPrefix("linza:") && !list.isEmpty
            {
                break
            }
            list.append((word.hasSuffix("*/") ? String(word.dropLast(2)) : word, index))
            index = end
            if word.hasSuffix("*/") { break }
        }
        return (list.filter { !$0.0.isEmpty }, index)
    }
}
