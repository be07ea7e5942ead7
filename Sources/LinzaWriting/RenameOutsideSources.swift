import LinzaBase
import LinzaConfiguration
import LinzaSources

/// Where a renamed key is still read by a call in a source Linza does not check: a test
/// target or script left out by `excluded:` or `included:` (session-ios' tests read
/// `"off".localized()`, which a rename of `off` left as it was, without a word). `rename` does
/// not edit those files; it says where they read the old key, so that the user can.
package enum RenameOutsideSources {
    /// Places listed one by one; the rest are counted.
    static let listedPlaces = 10

    /// One warning per key in `oldKeys` that a call reads, as the project's call forms read
    /// it, in a Swift or Objective-C file under its folder that is not among `checked`. Only
    /// files whose bytes hold a key as a plain literal (`"key"`, `@"key"`) are scanned.
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
        let scanner = SourceScanner(
            recognizer: CallRecognizer(functions: configuration.functions, defaultTable: configuration.defaultTable))
        var places: [String: [Location]] = [:]
        for path in outside.sorted() {
            guard let bytes = try? FileReader.read(path),
                bytes.withUnsafeBufferPointer({ buffer in needles.contains { ByteSearch.contains(buffer, $0.bytes) } })
            else { continue }
            for usage in scanner.scan(bytes, path: path).usages {
                if let key = usage.key.literal, needles.contains(where: { $0.key == key }) {
                    places[key, default: []].append(usage.location)
                }
            }
        }
        return oldKeys.compactMap { key in
            guard let found = places[key], !found.isEmpty else { return nil }
            let more = found.count - listedPlaces
            return "\(Messages.quoted(key)) is also read by \(found.count == 1 ? "a call" : "\(found.count) calls") "
                + "outside the sources Linza checks (excluded:, or not included:), not renamed there:"
                + found.prefix(listedPlaces).map { "\n  " + paths.location($0) }.joined()
                + (more > 0 ? "\n  and \(more) more" : "")
        }
    }

    /// A key a literal spells as it is: no quote, backslash or line break to escape.
    private static func isPlain(_ key: String) -> Bool {
        !key.isEmpty && !key.utf8.contains { $0 == ascii("\"") || $0 == ascii("\\") || $0 == ascii("\n") }
    }
}
