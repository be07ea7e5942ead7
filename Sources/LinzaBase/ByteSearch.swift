#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a buffer holds a byte string anywhere: `memchr` to each place its `anchor` byte
/// stands (the needle's rarest in the text searched), then `memcmp` (glibc's `memmem` is not
/// in Swift's Glibc module). Far faster than a loop over a file's tokens, so that a rare
/// form is looked for only in the files that can hold it.
package enum ByteSearch {
    package static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8], anchor: Int = 0) -> Bool {
        guard let base = haystack.baseAddress, needle.indices.contains(anchor), haystack.count >= needle.count else {
            return false
        }
        let byte = Int32(needle[anchor])
        return needle.withUnsafeBufferPointer { pattern in
            // The anchor's places from which the whole needle fits.
            let last = haystack.count - needle.count + anchor
            var index = anchor
            while index <= last, let found = memchr(base + index, byte, last + 1 - index) {
                index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + index - anchor, pattern.baseAddress!, needle.count) == 0 { return true }
                index += 1
            }
            return false
        }
    }
}
