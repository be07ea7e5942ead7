import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

/// One source file's change: string literals (a call's key, or its table name) replaced,
/// each by a literal of the same form (`KeyLiteralEncoder`) that reads as the new text.
package struct SourceChange: Sendable {
    /// One replaced literal.
    package struct Replacement: Sendable {
        package var literal: KeyLiteral
        /// The text the new literal reads as.
        package var key: String
    }

    package var path: String
    /// The file as read.
    package var bytes: [UInt8]
    package var objectiveC: Bool
    package var replacements: [Replacement] = []

    package init(path: String, bytes: [UInt8], objectiveC: Bool) {
        self.path = path
        self.bytes = bytes
        self.objectiveC = objectiveC
    }

    package var edits: [TextEdit] {
        replacements.map {
            TextEdit(
                range: $0.literal.range,
                replacement: Array(
                    KeyLiteralEncoder.literal($0.key, as: $0.literal.kind, replacing: $0.literal.text).utf8)
            )
        }
    }

    package var updated: [UInt8] { TextEdit.apply(edits, to: bytes) }

    /// Checks that the edited file lexes into as many tokens as before and that each new
    /// literal, where it now lies, is one whole literal reading as its new key: the edit
    /// changed those literals and nothing else about the code.
    func verify() throws {
        let updated = updated
        let tokenCount: ([UInt8]) -> Int = { bytes in
            bytes.withUnsafeBufferPointer {
                (self.objectiveC ? ObjectiveCLexer.tokenize($0) : SwiftLexer.tokenize($0)).tokens.count
            }
        }
        // Where each new literal starts once the ones before it have changed length.
        let ordered = replacements.sorted { $0.literal.range.lowerBound < $1.literal.range.lowerBound }
        var shift = 0
        var offsets: [Int] = []
        for replacement in ordered {
            offsets.append(replacement.literal.range.lowerBound + shift)
            shift +=
                KeyLiteralEncoder.literal(
                    replacement.key, as: replacement.literal.kind, replacing: replacement.literal.text
                ).utf8.count
                - replacement.literal.range.count
        }
        let found = updated.withUnsafeBufferPointer {
            KeyLiteralEncoder.literals(in: $0, objectiveC: objectiveC, at: offsets)
        }
        let literalsRead = zip(offsets, ordered).allSatisfy { offset, replacement in
            found[offset].map { $0.range.lowerBound == offset && $0.text == replacement.key } == true
        }
        guard literalsRead, tokenCount(updated) == tokenCount(bytes) else {
            throw TableRefusal(
                path: path,
                reason: "the edited source would not read back as planned; nothing was written (please report this)")
        }
    }
}
