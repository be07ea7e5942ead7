/// Strings a record repeats (a call's function and table, a table file's language and
/// name), each written once and then by its number: a first occurrence as 0 and the string,
/// a later one as its number plus one.
package struct NumberedStringWriter {
    private var numbers: [String: Int] = [:]

    package init() {}

    package mutating func write(_ text: String, to writer: inout BinaryWriter) {
        if let number = numbers[text] {
            writer.write(number + 1)
        } else {
            numbers[text] = numbers.count
            writer.write(0)
            writer.write(text)
        }
    }
}

/// Reads what `NumberedStringWriter` wrote: a string's number must be one already read, so
/// a forged record cannot reach past what it holds.
package struct NumberedStringReader {
    private var strings: [String] = []

    package init() {}

    package mutating func read(from reader: inout BinaryReader) throws(BinaryDecodingError) -> String {
        let start = reader.offset
        let number = try reader.readInt()
        if number == 0 {
            let text = try reader.readString()
            strings.append(text)
            return text
        }
        guard number > 0, number <= strings.count else { throw BinaryDecodingError(offset: start) }
        return strings[number - 1]
    }
}
