@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaReporting
@testable import LinzaRules
@testable import LinzaSetup
@testable import LinzaSources
@testable import LinzaTables
@testable import LinzaWriting
import Testing

/// LineIndex skips eight bytes at a time; it must agree with the byte-by-byte definition
/// (LF, CRLF and lone CR end lines) wherever the breaks fall relative to the words.
@Suite struct LineIndexTests {
    @Test func agreesWithByteByByteCounting() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x0A, 0x0D, 0x61, 0x62, 0x20, 0xD0, 0xB0]
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0..<80, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            bytes.withUnsafeBufferPointer { buffer in
                let index = LineIndex(buffer)
                for offset in 0...bytes.count {
                    let (line, column) = index.position(of: offset)
                    let expected = Self.naivePosition(bytes, offset)
                    #expect(line == expected.line && column == expected.column, "\(bytes) at \(offset)")
                }
            }
        }
    }

    static func naivePosition(_ bytes: [UInt8], _ offset: Int) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0, index = 0
        while index < offset {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
                if index > offset { break }  // offset sits inside a CRLF: still on this line
                line += 1
                lineStart = index
            }
        }
        return (line, offset - lineStart + 1)
    }
}
