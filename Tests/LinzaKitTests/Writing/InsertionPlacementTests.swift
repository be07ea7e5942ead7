import Testing
@testable import LinzaBase
@testable import LinzaTables
@testable import LinzaWriting

/// Where new `.strings` entries go when many are added at once (`sync --fill dev` filling a
/// table that lacks most keys): found by halves in a sorted file and from one index in an
/// unsorted one, each new entry must land where a walk over the kept entries puts it.
@Suite struct InsertionPlacementTests {
    static let alphabet = ["a", "B", "b", "c", "C", "d", "e"]

    static func randomKey(_ random: inout SplitMix64) -> String {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
    }

    /// The keys of `document` with `new` placed as a walk over the kept entries places
    /// them: after the last kept entry sorting before the key (sorted file), after the last
    /// kept entry of the key `after` names, else at the end (unsorted file).
    static func walkedKeys(
        _ keys: [String], removed: Set<Int>, new: [String], order: SortOrder?, after: (String) -> String?
    ) -> [String] {
        let kept = keys.indices.filter { !removed.contains($0) }
        var placed: [Int: [String]] = [:]  // after kept position (-1: before the first)
        let new = order.map { order in new.sorted { order.areInIncreasingOrder($0, $1) } } ?? new
        for key in new {
            let anchor: Int?
            if let order {
                anchor = kept.last { order.areInIncreasingOrder(keys[$0], key) } ?? (kept.isEmpty ? nil : -1)
            } else if let previous = after(key), let index = kept.last(where: { keys[$0] == previous }) {
                anchor = index
            } else {
                anchor = kept.last
            }
            placed[anchor ?? -1, default: []].append(key)
        }
        var result = placed[-1] ?? []
        for index in kept { result += [keys[index]] + (placed[index] ?? []) }
        return result
    }

    @Test func manyNewEntriesLandWhereAWalkPutsThem() throws {
        var random = SplitMix64(seed: 21)
        for round in 0..<300 {
            let sorted = round % 2 == 0
            var keys = (0..<Int.random(in: 3...30, using: &random)).map { _ in Self.randomKey(&random) }
            if sorted {
                keys.sort { $0.lowercased().utf8.lexicographicallyPrecedes($1.lowercased().utf8) }
            } else {
                keys.insert("zz", at: 0)
            }
            let text = keys.map { "\"\($0)\" = \"v\";\n" }.joined()
            let document = try StringsDocument(path: "/p/en.lproj/L.strings", bytes: Array(text.utf8))
            let order = SortOrder.detect(keys)
            #expect((order != nil) == sorted)
            var new: [String] = []
            for _ in 0..<Int.random(in: 1...25, using: &random) {
                let key = Self.randomKey(&random) + "n"
                if !keys.contains(key), !new.contains(key) { new.append(key) }
            }
            let removed = Set(keys.indices.filter { _ in Int.random(in: 0..<5, using: &random) == 0 })
            var anchors: [String: String] = [:]
            for key in new where Bool.random(using: &random) { anchors[key] = keys.randomElement(using: &random)! }
            let edits =
                document.deletions(of: removed)
                + document.insertions(
                    new.map { NewStringsEntry(key: $0, value: "N") }, removing: removed, after: { anchors[$0] })
            let written = try StringsDocument(path: "/p/en.lproj/L.strings", bytes: document.applying(edits))
            #expect(
                written.keys
                    == Self.walkedKeys(keys, removed: removed, new: new, order: order, after: { anchors[$0] }),
                "round \(round): \(keys) + \(new)")
        }
    }

    /// The anchor `sync` gives each new key of an unsorted file: the nearest key before
    /// its first place in the development order that the file has; as a search per key.
    @Test func previousPresentKeysAreThoseASearchPerKeyFinds() {
        var random = SplitMix64(seed: 8)
        for _ in 0..<300 {
            let order = (0..<Int.random(in: 0...30, using: &random)).map { _ in Self.randomKey(&random) }
            let present = Set(order.filter { _ in Bool.random(using: &random) })
            let keys = (0..<Int.random(in: 0...10, using: &random)).map { _ in
                Bool.random(using: &random) ? order.randomElement(using: &random) ?? "x" : Self.randomKey(&random) + "n"
            }.filter { !present.contains($0) }
            let previous = SyncPlanner.previousPresent(keys, in: order, present: present)
            for key in keys {
                let searched = order.firstIndex(of: key).flatMap { position in
                    order[..<position].last { present.contains($0) }
                }
                #expect((previous[key] ?? nil) == searched, "\(key) in \(order)")
            }
        }
    }

    /// Which of the wanted keys a file has (`sync` asks before adding), made entry by entry
    /// in a `.strings` file: the keys the file lists, escapes decoded.
    @Test func presentKeysAreThoseTheFileLists() throws {
        var random = SplitMix64(seed: 13)
        for _ in 0..<200 {
            let keys = (0..<Int.random(in: 0...20, using: &random)).map { _ in Self.randomKey(&random) }
            let text = keys.map { "\"\($0)\" = \"v\";\n" }.joined() + "\"esc\\U00E9\" = \"e\";\n"
            let document = try StringsDocument(path: "/p/en.lproj/L.strings", bytes: Array(text.utf8))
            let wanted = Set(
                (0..<Int.random(in: 0...10, using: &random)).map { _ in Self.randomKey(&random) } + ["escé"])
            #expect(document.present(wanted) == wanted.intersection(document.keys))
            #expect(document.present(wanted).contains("escé"))
        }
    }
}
