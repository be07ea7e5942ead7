import LinzaBase
import LinzaConfiguration
import LinzaSources

/// Where a renamed key is still written in a source Linza does not check: a test target or
/// script left out by `excluded:` or `included:` (session-ios' tests read `"off".localized()`,
/// which a rename of `off` left as it was, without a word). `rename` does not edit those
/// files; it says where they name the old key, so that the user can.
package enum RenameOutsideSources {
    /// Places listed one by one; the rest are counted.
    static let listedPlaces = 10

    /// One warning per key in `oldKeys` written as a plain literal (`"key"`, `@"key"`) in a
    /// Swift or Objective-C file under the project's folder that is not among `checked`.
    package static func warnings(
        for oldKeys: [String], in configuration: Configuration, checked: Set<String>, paths: DisplayPaths
    ) -> [String] {
        let needles = oldKeys.filter(isPlain).map { (key: $0, bytes: Array(("\"" + $0 + "\"").utf8)) }
        guard !needles.isEmpty else { return [] }
        var everything = Configuration(baseDirectory: configuration.baseDirectory)
        everything.resources = []
        let outside = FileDiscovery.discover(everything).sources.filter {
            !checked.contains($0) && SourceScanner.language(ofFile: $0) != nil
        }
        var places: [String: [Location]] = [:]
        for path in outside.sorted() {
            guard let bytes = try? FileReader.read(path) else { continue }
            bytes.withUnsafeBufferPointer { buffer in
                let wanted = needles.filter { ByteSearch.contains(buffer, $0.bytes) }
                guard !wanted.isEmpty else { return }
                let lines = LineIndex(buffer)
                for needle in wanted {
                    for offset in offsets(of: needle.bytes, in: buffer) {
                        let (line, column) = lines.position(of: offset)
                        places[needle.key, default: []].append(Location(file: path, line: line, column: column))
                    }
                }
            }
        }
        return oldKeys.compactMap { key in
            guard let found = places[key], !found.isEmpty else { return nil }
            let more = found.count - listedPlaces
            return
                "\(Messages.quoted(key)) is also written in \(found.count == 1 ? "a place" : "\(found.count) places") "
                + "outside the sources Linza checks (excluded:, or not included:), not renamed there:"
                + found.prefix(listedPlaces).map { "\n  " + paths.location($0) }.joined()
                + (more > 0 ? "\n  and \(more) more" : "")
        }
    }

    /// A key a literal spells as it is: no quote, backslash or line break to escape.
    private static func isPlain(_ key: String) -> Bool {
        !key.isEmpty && !key.utf8.contains { $0 == ascii("\"") || $0 == ascii("\\") || $0 == ascii("\n") }
    }

    /// Every offset where `needle` starts in `buffer`.
    private static func offsets(of needle: [UInt8], in buffer: UnsafeBufferPointer<UInt8>) -> [Int] {
        guard buffer.count >= needle.count else { return [] }
        var found: [Int] = []
        var start = 0
        while start <= buffer.count - needle.count {
            if buffer[start] == needle[0], buffer[start..<start + needle.count].elementsEqual(needle) {
                found.append(start)
                start += needle.count
            } else {
                start += 1
            }
        }
        return found
    }
}
