#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LinzaBase
import LinzaKit

/// The prune archive reader (`linza prune --restore ARCHIVE`): an archive is a file anyone
/// can edit or commit. The input is the archive, then, after each `separator`, the bytes
/// of one table it names (the first path the restore reads gets the first table, and so on;
/// a path past the last one cannot be read). Nothing is read from or written to disk.
/// Invariants: no crash, and every file the restore plan would write lies inside the
/// project, whatever paths the archive names.
package enum ArchiveFuzzing {
    static let root = "/linza-fuzz-project"

    /// A table the input does not hold, as a missing file would be.
    struct Unreadable: Error {}

    static func run(_ data: UnsafeBufferPointer<UInt8>) {
        let parts = split(data)
        guard let archive = parts.first else { return }
        let tables = parts.dropFirst()
        var served: [String] = []
        let plan: WritePlan
        do {
            plan = try PruneArchive.restorePlan(archive, root: root) { path in
                FuzzCheck.expect(Path.isInside(path, root), "the restore read \(path), outside the project")
                let index = served.firstIndex(of: path) ?? served.count
                if index == served.count { served.append(path) }
                guard index < tables.count else { throw Unreadable() }
                return tables[tables.startIndex + index]
            }
        } catch {
            return
        }
        for file in plan.files {
            FuzzCheck.expect(Path.isInside(file.path, root), "the restore would write \(file.path)")
        }
        // Checked as `--apply` checks it: a plan that would not read back is refused, never written.
        _ = try? plan.verify()
        _ = plan.diff(relativeTo: root)
    }

    /// What stands between the input's parts: NUL bytes around a word, which no table's text
    /// holds (a UTF-16 table's last NUL cannot combine with it either).
    package static let separator: [UInt8] = Array("\u{0}LINZA\u{0}".utf8)

    /// The input's parts between separators (at most 17 parts).
    ///
    /// Each candidate is found with `memchr` (the separator starts with a NUL) and checked
    /// with `memcmp`: neither is instrumented, so this costs a few microseconds. A byte-by-byte
    /// loop in Swift here ran the fuzzer's comparison tracing for every byte of every input and
    /// took about a third of each execution; libFuzzer still learns the separator, from the
    /// `memcmp` it intercepts and from the dictionary.
    package static func split(_ data: UnsafeBufferPointer<UInt8>) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var start = 0, index = 0
        if let base = data.baseAddress {
            while parts.count < 16, index + separator.count <= data.count {
                // A NUL where a whole separator still fits.
                guard let found = memchr(base + index, 0, data.count - separator.count + 1 - index) else { break }
                let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                if memcmp(base + at, separator, separator.count) == 0 {
                    parts.append(Array(data[start..<at]))
                    index = at + separator.count
                    start = index
                } else {
                    index = at + 1
                }
            }
        }
        parts.append(Array(data[start...]))
        return parts
    }
}
