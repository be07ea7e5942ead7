#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a whole buffer with `write(2)`, looping over short writes and interruptions.
package enum DescriptorWriter {
    /// Writes all of `bytes` to `descriptor`; nil when done, else the `errno` that stopped it.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    private static func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.write(descriptor, pointer, count)
        #elseif canImport(Musl)
        return Musl.write(descriptor, pointer, count)
        #else
        return Glibc.write(descriptor, pointer, count)
        #endif
    }
}
