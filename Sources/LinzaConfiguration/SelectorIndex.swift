/// `FileDiscovery.selects` for a fixed list of selectors, without asking each of them about
/// every file: `linza init` writes a module's single files as selectors of their own, and
/// DuckDuckGo's app module has 556 of them, so discovery tested every file against every
/// selector (a third of `linza files`).
///
/// A selector's root holds a path when it is the path or the path's part before one of its
/// `/`. The path's bytes are hashed once, front to back, and the hash at each `/` and at the
/// end names the only selectors whose root can be that part; each of those is then asked
/// exactly as before, so a hash collision costs a check, never a wrong answer. Roots that
/// this byte view cannot decide (not ASCII: `Path.isInside` compares those as canonically
/// equivalent strings; `/`, which holds every absolute path) are asked every time, as are
/// all selectors for a path that is not ASCII.
package struct SelectorIndex: Sendable {
    private let selectors: [PathSelector]
    /// Hash of an ASCII root's bytes -> the selectors with that root.
    private let byRootHash: [UInt64: [PathSelector]]
    /// Selectors asked about every path.
    private let always: [PathSelector]

    package init(_ selectors: [PathSelector]) {
        self.selectors = selectors
        var byRootHash: [UInt64: [PathSelector]] = [:]
        var always: [PathSelector] = []
        for selector in selectors {
            let root = Array(selector.root.utf8)
            if root.contains(where: { $0 >= 0x80 }) || root == [UInt8(ascii: "/")] {
                always.append(selector)
            } else {
                var hash = Self.offsetBasis
                for byte in root { hash = Self.step(hash, byte) }
                byRootHash[hash, default: []].append(selector)
            }
        }
        self.byRootHash = byRootHash
        self.always = always
    }

    /// Whether one of the selectors selects `path`: what `FileDiscovery.selects` answers.
    package func selects(_ path: String) -> Bool {
        if always.contains(where: { FileDiscovery.selects($0, path) }) { return true }
        var utf8 = path
        let answer = utf8.withUTF8 { bytes -> Bool? in
            if bytes.contains(where: { $0 >= 0x80 }) { return nil }
            var hash = Self.offsetBasis
            for byte in bytes {
                if byte == UInt8(ascii: "/"), matches(hash, path) { return true }
                hash = Self.step(hash, byte)
            }
            return matches(hash, path)
        }
        return answer ?? selectors.contains { FileDiscovery.selects($0, path) }
    }

    private func matches(_ hash: UInt64, _ path: String) -> Bool {
        byRootHash[hash]?.contains { FileDiscovery.selects($0, path) } ?? false
    }

    // FNV-1a, 64 bits.
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
}
