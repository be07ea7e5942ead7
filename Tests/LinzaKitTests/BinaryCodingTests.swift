@testable import LinzaBase
import Testing

/// The cache's binary records: what is written reads back as itself, and a record cut
/// short anywhere is an error, not a crash.
@Suite struct BinaryCodingTests {
    @Test func signaturesReadBackAsWrittenAndACutOneIsAnError() throws {
        let signatures = [
            FileSignature(device: 0, inode: 0, size: 0, modified: 0, changed: 0),
            FileSignature(
                device: .max, inode: 1 << 63, size: .max, modified: 1_764_000_000_123_456_789, changed: -1),
            FileSignature(device: 2049, inode: 12_345, size: 4096, modified: .min, changed: .max),
        ]
        var writer = BinaryWriter()
        for signature in signatures { writer.write(signature) }
        writer.write(7)
        #expect(writer.bytes.count == signatures.count * 40 + 1)
        var reader = BinaryReader(writer.bytes[...])
        for signature in signatures { #expect(try reader.readSignature() == signature) }
        #expect(try reader.readInt() == 7)
        #expect(reader.isAtEnd)
        // Read from a slice that does not start at 0, and cut at every length.
        let padded = [0xFF] + writer.bytes
        for end in 1..<41 {
            var cut = BinaryReader(padded[1..<end])
            #expect(throws: BinaryDecodingError.self) { try cut.readSignature() }
        }
        var offset = BinaryReader(padded[1...])
        #expect(try offset.readSignature() == signatures[0])
    }
}
