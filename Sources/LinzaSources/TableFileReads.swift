import LinzaBase

/// Code that opens a table's file itself and reads its keys at run time, as IINA reads
/// `ISO639.strings` (`Bundle.main.path(forResource: "ISO639", ofType: "strings")`, then
/// `NSDictionary(contentsOfFile:)`): every key of that table may be read, by lookups Linza
/// cannot see.
package struct TableFileRead: Hashable, Sendable {
    /// The table the file holds (its name without `.strings`); nil when the resource's name
    /// is not a literal, so that any table may be the one read.
    package var table: String?
    /// Where the resource's name is passed.
    package var location: Location

    package init(table: String?, location: Location) {
        self.table = table
        self.location = location
    }
}

/// Finds the places a file opens a table's file by name: `path(forResource:ofType:)` and
/// `url(forResource:withExtension:)` of a `Bundle` in Swift, `pathForResource:ofType:` and
/// `URLForResource:withExtension:` of an `NSBundle` in Objective-C, with the type
/// `"strings"` or `"stringsdict"` (or a resource named `"X.strings"` and no type).
///
/// Only in a file that reads a file's contents (`NSDictionary(contentsOfFile:)`,
/// `Data(contentsOf:)`, `PropertyListSerialization`), and not where the lookup is only
/// compared with nil: apps ask `Bundle.main.path(forResource: "Localizable", ofType:
/// "strings") != nil` to find the bundle that holds their tables, which reads no key.
enum TableFileReads {
    /// Each read's table (nil for a name that is not a literal) and the offset of its
    /// resource argument. A file that names no resource of a table's type, or reads no
    /// file's contents, is not walked.
    static func find(in source: TokenSource) -> [(table: String?, offset: Int)] {
        guard ByteSearch.contains(source.bytes, resourceLabelTail, anchor: 0),
            ByteSearch.contains(source.bytes, tableExtension, anchor: 5),
            contentReaders.contains(where: { ByteSearch.contains(source.bytes, $0) })
        else { return [] }
        let tokens = source.tokens
        var reads: [(table: String?, offset: Int)] = []
        for index in tokens.indices.dropLast()
        where tokens[index].kind == .identifier && tokens[index + 1].kind == .colon {
            let arguments: [CallArgument]?
            let close: Int?
            switch source.language {
            case .swift:
                // `forResource:` is the first label of the call.
                guard index > 0, tokens[index - 1].kind == .leftParen, source.text(index, equals: swiftLabel) else {
                    continue
                }
                arguments = source.arguments(afterOpenParen: index - 1)
                close = source.partner(of: index - 1)
            case .objc:
                guard objectiveCSelectors.contains(where: { source.text(index, equals: $0) }) else { continue }
                arguments = source.messageArguments(startingAt: index)
                close = arguments?.last?.value.upperBound
            }
            guard let arguments, let close, let resource = arguments.first, !resource.value.isEmpty,
                !isComparedWithNull(close, in: source)
            else { continue }
            let type = arguments.dropFirst().first { argument in
                argument.label.map { label in typeLabels.contains { source.text(label.lowerBound, equals: $0) } }
                    ?? false
            }
            let name = source.literalText(resource.value)
            if let type, !isNull(type.value, in: source) {
                guard let text = source.literalText(type.value), tableTypes.contains(text) else { continue }
                reads.append((name, Int(tokens[resource.value.lowerBound].start)))
            } else if let name, let table = tableName(ofFile: name) {
                reads.append((table, Int(tokens[resource.value.lowerBound].start)))
            }
        }
        return reads
    }

    /// `Localizable` of `Localizable.strings` or `Localizable.stringsdict`; nil for another file.
    private static func tableName(ofFile name: String) -> String? {
        for type in tableTypes where name.hasSuffix("." + type) && name.count > type.count + 1 {
            return String(name.dropLast(type.count + 1))
        }
        return nil
    }

    /// `… != nil` or `… == nil` right after the lookup's closing token.
    private static func isComparedWithNull(_ close: Int, in source: TokenSource) -> Bool {
        guard close + 2 < source.tokens.count, source.tokens[close + 1].kind == .operatorSymbols,
            comparisons.contains(where: { source.text(close + 1, equals: $0) })
        else { return false }
        return isNull((close + 2)..<(close + 3), in: source)
    }

    private static func isNull(_ range: Range<Int>, in source: TokenSource) -> Bool {
        if case .defaultTable = source.evaluateTable(range) { return true }
        return false
    }

    private static let tableTypes = ["strings", "stringsdict"]
}

/// In `forResource`, `pathForResource` and `URLForResource`: files without it are not walked.
private let resourceLabelTail = Array("Resource".utf8)
private let tableExtension = Array("strings".utf8)
private let swiftLabel = Array("forResource".utf8)
private let objectiveCSelectors = ["pathForResource", "URLForResource"].map { Array($0.utf8) }
private let typeLabels = ["ofType", "withExtension"].map { Array($0.utf8) }
private let comparisons = ["!=", "=="].map { Array($0.utf8) }
/// In `contentsOfFile:`, `contentsOf:`, `dictionaryWithContentsOfFile:` and `propertyList(from:…)`.
private let contentReaders = ["ontentsOf", "ropertyList"].map { Array($0.utf8) }
