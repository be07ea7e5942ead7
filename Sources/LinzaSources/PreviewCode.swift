import LinzaBase

/// SwiftUI preview code: the body of a `#Preview { … }` and of a type conforming to
/// `PreviewProvider`, and the helper types only they use (`PreviewHelpers`). Xcode shows
/// it on the canvas, users never see it, so the text in it needs no translation and its
/// calls are no call sites.
enum PreviewCode {
    /// The file's preview code: the byte ranges of its preview bodies and private helpers,
    /// and those of its internal helpers by name, which are preview code only if no other
    /// file names them. Empty (without building the bracket table) when the file has no preview.
    static func regions(in source: TokenSource) -> (
        ranges: [Range<Int>], internalHelpers: [(name: String, ranges: [Range<Int>])]
    ) {
        let previews = bodies(in: source)
        guard !previews.isEmpty else { return ([], []) }
        let helpers = PreviewHelpers.find(in: source, previews: previews)
        return (previews + helpers.hidden, helpers.moduleWide)
    }

    /// The byte ranges of the file's preview bodies, outermost first.
    static func bodies(in source: TokenSource) -> [Range<Int>] {
        let tokens = source.tokens
        var ranges: [Range<Int>] = []
        for index in tokens.indices {
            let kind = tokens[index].kind
            let isPreviewMacro = kind == .poundKeyword && source.text(index, equals: previewMacro)
            let isProvider =
                kind == .identifier && index > 0
                && (tokens[index - 1].kind == .colon || tokens[index - 1].kind == .comma)
                && source.text(index, equals: previewProvider)
            guard isPreviewMacro || isProvider else { continue }
            guard let open = bodyOpening(after: index, in: source), let close = source.partner(of: open) else {
                continue
            }
            let range = Int(tokens[open].start)..<Int(tokens[close].end)
            if !ranges.contains(where: { $0.contains(range.lowerBound) }) { ranges.append(range) }
        }
        return ranges
    }

    /// The `{` that opens the body: after the macro's arguments, or after the rest of the
    /// conformance list.
    private static func bodyOpening(after index: Int, in source: TokenSource) -> Int? {
        let tokens = source.tokens
        var position = index + 1
        while position < tokens.count {
            switch tokens[position].kind {
            case .leftBrace: return position
            case .leftParen:
                guard let close = source.partner(of: position) else { return nil }
                position = close + 1
            case .rightBrace, .semicolon: return nil
            default: position += 1
            }
        }
        return nil
    }
}

private let previewMacro = Array("#Preview".utf8)
private let previewProvider = Array("PreviewProvider".utf8)
