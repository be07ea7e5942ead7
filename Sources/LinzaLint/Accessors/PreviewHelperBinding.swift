import LinzaBase
import LinzaSources

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Settles the internal preview helpers the scanner could not decide alone
/// (`PreviewHelpers`): a struct or enum its file names only in preview code
/// (`struct PreviewWrapper: View`, shown only by `AvatarView_Previews`) is preview code
/// when no other source file mentions its name, and its calls are then no call sites.
///
/// Every scanned file of every module is searched, as bytes, for the name as a whole word
/// (comments and strings included: a mention there keeps the calls, never the other way
/// round). Not only the declaring module's: a configuration may split one Swift target
/// into several modules. Files are read again only when some file has such a helper, and
/// with a cache, only those changed since the names they mention were recorded (a warm run
/// on IceCubesApp read all 400 sources for this alone).
enum PreviewHelperBinding {
    static func resolve(_ modules: [[ScannedSource]], cache: ScanCache? = nil) -> [[ScannedSource]] {
        var declaring: [String: Set<String>] = [:]
        for source in modules.joined() {
            for usage in source.usages {
                if let helper = usage.previewHelper { declaring[helper, default: []].insert(source.path) }
            }
        }
        guard !declaring.isEmpty else { return modules }
        // Each file once, in no particular order: what a file mentions does not depend on it
        // (sorting thousands of paths as strings cost more than looking their records up).
        let paths = Array(Set(modules.joined().map(\.path)))
        let names = declaring.keys.sorted()
        let needles = names.map { Array($0.utf8) }
        // Per file, the names it mentions (an unreadable file mentions them all: kept).
        let searched = StableHash.fnv1a(names.joined(separator: "\u{0}"))
        let nameSet = Set(names)
        let mentioned: [Set<String>] = paths.concurrentMap { path in
            // Taken before the read: a file changed while being read has another one next time.
            let signature = cache?.signature(of: path)
            if let cache, let signature,
                let known = cache.mentions(of: path, signature: signature, searched: searched, names: nameSet)
            {
                return known
            }
            guard let bytes = try? FileReader.read(path) else { return nameSet }
            let found = Set(zip(names, needles).filter { mentions(bytes, $0.1) }.map(\.0))
            if let cache, let signature {
                cache.storeMentions(found, of: path, signature: signature, searched: searched)
            }
            return found
        }
        var usedElsewhere = Set<String>()
        for (path, found) in zip(paths, mentioned) {
            for name in found where !(declaring[name]?.contains(path) ?? false) { usedElsewhere.insert(name) }
        }
        let isDropped = { (usage: LocalizationUsage) in usage.previewHelper.map { !usedElsewhere.contains($0) } ?? false
        }
        return modules.map { sources in
            sources.map { source in
                // Only a file that loses a call is copied: `removeAll` copies a shared array
                // even when it removes nothing, and thousands of files lose none.
                guard source.usages.contains(where: isDropped) else { return source }
                var kept = source
                kept.usages.removeAll(where: isDropped)
                return kept
            }
        }
    }

    /// Whether `bytes` hold `word` not inside a longer identifier: `memchr` to each place
    /// its first byte stands, then `memcmp`.
    private static func mentions(_ bytes: [UInt8], _ word: [UInt8]) -> Bool {
        guard let first = word.first, bytes.count >= word.count else { return false }
        return bytes.withUnsafeBufferPointer { haystack in
            word.withUnsafeBufferPointer { needle in
                let base = haystack.baseAddress!
                var index = 0
                while index + word.count <= bytes.count,
                    let found = memchr(base + index, Int32(first), bytes.count - word.count + 1 - index)
                {
                    index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + index, needle.baseAddress!, word.count) == 0,
                        index == 0 || !isIdentifierByte(bytes[index - 1]),
                        index + word.count == bytes.count || !isIdentifierByte(bytes[index + word.count])
                    {
                        return true
                    }
                    index += 1
                }
                return false
            }
        }
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= ascii("a") && byte <= ascii("z")) || (byte >= ascii("A") && byte <= ascii("Z"))
            || (byte >= ascii("0") && byte <= ascii("9")) || byte == ascii("_") || byte >= 0x80
    }
}
