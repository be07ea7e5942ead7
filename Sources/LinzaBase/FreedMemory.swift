#if canImport(Glibc)
import Glibc
#endif

/// Gives the memory freed so far back to the system, where the C library keeps it otherwise.
/// A writer plans from the loaded project (many small blocks: entries, keys, scanned calls),
/// frees it, and then makes each file's new bytes and checks them; glibc keeps the freed
/// pages in its heaps, so without this the new bytes come on top of the planning's peak.
package enum FreedMemory {
    /// Returns every whole free page of the C library's heaps to the system (glibc's
    /// `malloc_trim`, looked up at run time: Swift's Glibc module does not declare it, and
    /// musl has none); elsewhere nothing (Darwin's allocator returns large frees itself).
    package static func returnToSystem() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        // RTLD_DEFAULT: the C library the process already uses.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
