/// A `FileSignature` in a cache record: its five numbers in eight bytes each. Times in
/// nanoseconds and inodes are large, and a warm run reads thousands of signatures (every
/// source's record, every folder of a discovery record).
extension BinaryWriter {
    package mutating func write(_ signature: FileSignature) {
        write(fixed: signature.device)
        write(fixed: signature.inode)
        write(fixed: UInt64(bitPattern: signature.size))
        write(fixed: UInt64(bitPattern: signature.modified))
        write(fixed: UInt64(bitPattern: signature.changed))
    }
}

extension BinaryReader {
    /// What `BinaryWriter.write(_: FileSignature)` wrote.
    package mutating func readSignature() throws(BinaryDecodingError) -> FileSignature {
        FileSignature(
            device: try readFixedUInt64(), inode: try readFixedUInt64(),
            size: Int64(bitPattern: try readFixedUInt64()), modified: Int64(bitPattern: try readFixedUInt64()),
            changed: Int64(bitPattern: try readFixedUInt64()))
    }
}
