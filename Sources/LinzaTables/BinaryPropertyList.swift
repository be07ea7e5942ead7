/// Reads binary property lists (`bplist00`), which iOS reads as `.strings` and
/// `.stringsdict` files just as it reads text ones (Xcode can be set to convert tables to
/// binary when it copies them). The result is the same `PlistNode` tree the XML reader
/// gives; a node's offset is where its object starts in the file (a binary file has no
/// lines to point at).
///
/// Every count, offset and reference is checked against the file's size before it is
/// used, references may not loop, nesting is bounded, and the tree may not hold more
/// nodes than the file has bytes (objects are shared by reference, so a small file could
/// otherwise stand for an exponentially large tree): a hostile file fails with a
/// `PlistSyntaxError`, never reads out of bounds, recurses without end or fills memory.
package enum BinaryPropertyList {
    package static let magic = Array("bplist00".utf8)
    static let maximumDepth = 512

    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws -> PlistNode {
        var reader = try Reader(bytes)
        return try reader.object(reader.topObject, depth: 0)
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let offsetSize: Int
        let referenceSize: Int
        let objectCount: Int
        let topObject: Int
        let offsetTable: Int
        /// The objects being read, from the top one down: a reference back to one is a loop.
        var open: Set<Int> = []
        /// Nodes the tree may still take.
        var budget: Int

        init(_ bytes: UnsafeBufferPointer<UInt8>) throws {
            self.bytes = bytes
            budget = bytes.count
            guard bytes.count >= BinaryPropertyList.magic.count + 32, bytes.starts(with: BinaryPropertyList.magic)
            else {
                throw PlistSyntaxError(message: "not a binary property list (bplist00)", offset: 0)
            }
            let trailer = bytes.count - 32
            offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            let count = Self.unsigned(bytes, at: trailer + 8, size: 8)
            let top = Self.unsigned(bytes, at: trailer + 16, size: 8)
            let table = Self.unsigned(bytes, at: trailer + 24, size: 8)
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
                throw PlistSyntaxError(message: "the trailer's integer sizes are not 1 to 8 bytes", offset: trailer)
            }
            // Each object takes at least a byte, and the offset table must fit before the trailer.
            guard let count, let top, let table, count >= 1, count <= UInt64(trailer), top < count,
                table >= UInt64(BinaryPropertyList.magic.count), table <= UInt64(trailer),
                count <= (UInt64(trailer) - table) / UInt64(offsetSize)
            else {
                throw PlistSyntaxError(
                    message: "the trailer's object count, top object or offset table is out of range",
                    offset: trailer)
            }
            objectCount = Int(count)
            topObject = Int(top)
            offsetTable = Int(table)
        }

        /// A big-endian unsigned integer of `size` bytes; nil when it does not fit an `Int`.
        static func unsigned(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, size: Int) -> UInt64? {
            var value: UInt64 = 0
            for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
            return value <= UInt64(Int.max) ? value : nil
        }

        func offset(of object: Int) throws -> Int {
            let entry = offsetTable + object * offsetSize
            guard let offset = Self.unsigned(bytes, at: entry, size: offsetSize),
                offset >= UInt64(BinaryPropertyList.magic.count), offset < UInt64(offsetTable)
            else {
                throw PlistSyntaxError(message: "object \(object) lies outside the object area", offset: entry)
            }
            return Int(offset)
        }

        /// `count` bytes from `start`, or an error when they run past the object area.
        func checked(_ start: Int, _ count: Int, _ what: String, at offset: Int) throws -> Range<Int> {
            guard count >= 0, start <= offsetTable, count <= offsetTable - start else {
                throw PlistSyntaxError(message: "\(what) runs past the end of the object area", offset: offset)
            }
            return start..<(start + count)
        }

        /// The object count in a marker's low nibble, or the integer object after it (0xF).
        func length(_ marker: UInt8, at offset: Int) throws -> (count: Int, start: Int) {
            let nibble = Int(marker & 0x0F)
            guard nibble == 0x0F else { return (nibble, offset + 1) }
            guard offset + 1 < offsetTable, bytes[offset + 1] & 0xF0 == 0x10 else {
                throw PlistSyntaxError(message: "a length that is not an integer", offset: offset)
            }
            let size = 1 << Int(bytes[offset + 1] & 0x0F)
            let range = try checked(offset + 2, size, "a length", at: offset)
            guard size <= 8, let count = Self.unsigned(bytes, at: range.lowerBound, size: size),
                count <= UInt64(offsetTable)
            else {
                throw PlistSyntaxError(message: "a length larger than the file", offset: offset)
            }
            return (Int(count), range.upperBound)
        }

        mutating func object(_ index: Int, depth: Int) throws -> PlistNode {
            let offset = try offset(of: index)
            guard depth < BinaryPropertyList.maximumDepth else {
                throw PlistSyntaxError(
                    message: "nested more than \(BinaryPropertyList.maximumDepth) levels deep", offset: offset)
            }
            budget -= 1
            guard budget >= 0 else {
                throw PlistSyntaxError(
                    message: "objects shared so often that the tree would be larger than the file", offset: offset)
            }
            guard open.insert(index).inserted else {
                throw PlistSyntaxError(message: "object \(index) contains itself", offset: offset)
            }
            defer { open.remove(index) }
            let marker = bytes[offset]
            let node = { (content: PlistNode.Content) in PlistNode(content: content, offset: offset, end: offset + 1) }
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x08: return node(.other("false"))
                case 0x09: return node(.other("true"))
                default:
                    throw PlistSyntaxError(
                        message: "an object of a kind property lists do not hold (0x\(String(marker, radix: 16)))",
                        offset: offset)
                }
            case 0x1, 0x2:
                _ = try checked(offset + 1, 1 << Int(marker & 0x0F), "a number", at: offset)
                return node(.other(marker >> 4 == 0x1 ? "integer" : "real"))
            case 0x3:
                _ = try checked(offset + 1, 8, "a date", at: offset)
                return node(.other("date"))
            case 0x4:
                let (count, start) = try length(marker, at: offset)
                _ = try checked(start, count, "data", at: offset)
                return node(.other("data"))
            case 0x5:
                let (count, start) = try length(marker, at: offset)
                let range = try checked(start, count, "a string", at: offset)
                guard bytes[range].allSatisfy({ $0 < 0x80 }) else {
                    throw PlistSyntaxError(message: "an ASCII string holds a byte above 0x7F", offset: offset)
                }
                return node(.string(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)))
            case 0x6:
                let (count, start) = try length(marker, at: offset)
                guard count <= offsetTable / 2 else {
                    throw PlistSyntaxError(message: "a string longer than the file", offset: offset)
                }
                let range = try checked(start, count * 2, "a string", at: offset)
                let units = stride(from: range.lowerBound, to: range.upperBound, by: 2).map {
                    UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
                }
                return node(.string(String(decoding: units, as: UTF16.self)))
            case 0xA, 0xD:
                let (count, start) = try length(marker, at: offset)
                let references = marker >> 4 == 0xD ? count * 2 : count
                guard count <= offsetTable, references <= offsetTable / referenceSize else {
                    throw PlistSyntaxError(message: "a collection larger than the file", offset: offset)
                }
                let range = try checked(start, references * referenceSize, "a collection", at: offset)
                let objects = try stride(from: range.lowerBound, to: range.upperBound, by: referenceSize).map {
                    entry -> Int in
                    guard let object = Self.unsigned(bytes, at: entry, size: referenceSize),
                        object < UInt64(objectCount)
                    else {
                        throw PlistSyntaxError(message: "a reference to an object that does not exist", offset: offset)
                    }
                    return Int(object)
                }
                if marker >> 4 == 0xA {
                    return node(.array(try objects.map { try object($0, depth: depth + 1) }))
                }
                var pairs: [(key: String, keyOffset: Int, value: PlistNode)] = []
                for index in 0..<count {
                    let key = try object(objects[index], depth: depth + 1)
                    guard let text = key.string else {
                        throw PlistSyntaxError(message: "a dictionary key that is not a string", offset: key.offset)
                    }
                    pairs.append((text, key.offset, try object(objects[count + index], depth: depth + 1)))
                }
                return node(.dictionary(pairs))
            default:
                throw PlistSyntaxError(
                    message: "an object of a kind property lists do not hold (0x\(String(marker, radix: 16)))",
                    offset: offset)
            }
        }
    }
}
