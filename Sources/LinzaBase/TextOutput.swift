/// Text written in pieces as it is made: a report of a million findings goes to its file or
/// to standard output a buffer at a time instead of being held whole (with a copy or two of
/// it) first. Without a sink it collects the text, for tests and small outputs.
package struct TextOutput {
    /// Writes bytes somewhere; nil when done, else the `errno` that stopped it.
    package typealias Sink = ([UInt8]) -> Int32?

    private static let bufferSize = 1 << 16
    private var buffer: [UInt8] = []
    private let sink: Sink?
    /// The first error the sink gave; what follows it is dropped.
    package private(set) var failure: Int32?

    /// Output sent to `sink` every 64 KB and at `finish()`.
    package init(sink: @escaping Sink) {
        self.sink = sink
        buffer.reserveCapacity(Self.bufferSize + Self.bufferSize / 4)
    }

    private init() { sink = nil }

    /// Output that keeps everything written (`text`).
    package static func collecting() -> TextOutput { TextOutput() }

    /// Appends `text`.
    package mutating func write(_ text: String) {
        // A report with colours off writes an empty style before and after each part.
        guard !text.isEmpty else { return }
        // Copied whole from the string's storage: appending its UTF-8 view went through the
        // generic sequence path, a third of rendering a finding written in parts.
        if text.utf8.withContiguousStorageIfAvailable({ buffer.append(contentsOf: $0) }) == nil {
            buffer.append(contentsOf: text.utf8)
        }
        if sink != nil, buffer.count >= Self.bufferSize { flush() }
    }

    /// Appends `number` in decimal, without a string made of it first: a report writes two
    /// numbers per line, and `String(number)` was a tenth of writing a finding.
    package mutating func write(decimal number: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var first = digits.count
            var rest = number.magnitude
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if number < 0 { buffer.append(UInt8(ascii: "-")) }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first...]))
        }
        if sink != nil, buffer.count >= Self.bufferSize { flush() }
    }

    /// Appends one ASCII character (a separator): `write(_:)` of a one-character string
    /// costs ten times as much.
    package mutating func write(ascii character: Unicode.Scalar) {
        buffer.append(UInt8(ascii: character))
        if sink != nil, buffer.count >= Self.bufferSize { flush() }
    }

    /// Appends `bytes` (UTF-8 text). A long run (a piece of a report rendered on another
    /// thread) goes to the sink a buffer at a time, as if it had been written in pieces.
    package mutating func write(bytes: [UInt8]) {
        guard sink != nil else { return buffer.append(contentsOf: bytes) }
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + max(1, Self.bufferSize - buffer.count))
            buffer.append(contentsOf: bytes[start..<end])
            if buffer.count >= Self.bufferSize { flush() }
            start = end
        }
    }

    /// Lets `fill` append UTF-8 text to the buffer in place, without a string in between.
    package mutating func writeBytes(_ fill: (inout [UInt8]) -> Void) {
        fill(&buffer)
        if sink != nil, buffer.count >= Self.bufferSize { flush() }
    }

    /// Sends what is buffered; returns the first error the sink gave, if any.
    @discardableResult
    package mutating func finish() -> Int32? {
        flush()
        return failure
    }

    /// Everything written, when collecting.
    package var text: String { String(decoding: buffer, as: UTF8.self) }

    /// Everything written, when collecting, as UTF-8 bytes.
    package var bytes: [UInt8] { buffer }

    private mutating func flush() {
        guard let sink, !buffer.isEmpty else { return }
        if failure == nil { failure = sink(buffer) }
        buffer.removeAll(keepingCapacity: true)
    }
}
