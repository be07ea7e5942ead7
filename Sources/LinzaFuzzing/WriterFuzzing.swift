import LinzaBase
import LinzaTables

/// The table writers. The first bytes of an input choose the format and the edits; the
/// rest is the file. A file the writer accepts, edited as `sync` and `prune` edit it, must
/// read back as exactly the planned entries, in its own encoding, with every entry the
/// plan leaves alone byte for byte as it was (`WritePlan.verify` checks this at run time;
/// here a failure is a writer bug, not a refusal).
enum WriterFuzzing {
    /// Keys and values that stress quoting and escaping in every format.
    static let texts = ["fuzz.new", "quote\"d", "back\\slash", "line\nbreak", "cr\rlf", "tab\tkey", "ünïcødé",
                        "emoji 😀", "", "/* not a comment */", "key = value;", "line\u{2028}separator", "%@ and %1$d",
                        "<tag>&amp;</tag>", "nul\u{0}byte", "'single'", "$(VAR)"]
    static let comments: [String?] = [nil, "A note for translators.", "closes */ early", "two\nlines", ""]

    /// The edits an input asks for, read from its first three bytes.
    struct Choice {
        var format: Int
        var removals: UInt8
        var additions: UInt8

        init?(_ data: UnsafeBufferPointer<UInt8>) {
            guard data.count >= 3 else { return nil }
            format = Int(data[0] % 4)
            removals = data[1]
            additions = data[2]
        }

        /// Whether the entry at `index` goes: bit `index % 8` of the removal byte.
        func removes(_ index: Int) -> Bool { removals & (1 << UInt8(index % 8)) != 0 }

        /// Up to three new entries, avoiding `present` keys (a plan never adds a key a file has).
        func newEntries(avoiding present: Set<String>) -> [NewStringsEntry] {
            let count = Int(additions % 4)
            var entries: [NewStringsEntry] = []
            for slot in 0..<count {
                let seed = Int(additions) &+ slot &* 7
                let key = WriterFuzzing.texts[(seed &+ slot) % WriterFuzzing.texts.count] + (slot == 0 ? "" : "\(slot)")
                guard !present.contains(key), !entries.contains(where: { $0.key == key }) else { continue }
                let value = WriterFuzzing.texts[(seed / 3) % WriterFuzzing.texts.count]
                entries.append(NewStringsEntry(key: key, value: value, comment: WriterFuzzing.comments[seed % WriterFuzzing.comments.count]))
            }
            return entries
        }
    }

    static func run(_ data: UnsafeBufferPointer<UInt8>) {
        guard let choice = Choice(data) else { return }
        let bytes = Array(data[3...])
        switch choice.format {
        case 0: editStrings(bytes, choice, asNewFile: false)
        case 1: editStrings(bytes, choice, asNewFile: true)
        case 2: editStringsdict(bytes, choice)
        default: editCatalog(bytes, choice)
        }
    }

    /// Removes and adds entries, or creates a new file styled like this one.
    private static func editStrings(_ bytes: [UInt8], _ choice: Choice, asNewFile: Bool) {
        guard let template = try? StringsDocument(path: "/fuzz/en.lproj/Localizable.strings", bytes: bytes) else { return }
        let document = asNewFile ? StringsDocument.newFile(at: "/fuzz/de.lproj/Localizable.strings", like: template) : template
        let removed = Set(document.keys.indices.filter(choice.removes).map { document.keys[$0] })
        let indices = Set(document.keys.indices.filter { removed.contains(document.keys[$0]) })
        let added = choice.newEntries(avoiding: Set(document.keys))
        let anchor = document.keys.isEmpty ? nil : document.keys[Int(choice.additions) % document.keys.count]
        let edits = document.deletions(of: indices) + document.insertions(added, removing: indices) { _ in anchor }
        check(document, edits: edits, removed: orderedKeys(document, removed), added: added, marked: [])
    }

    private static func editStringsdict(_ bytes: [UInt8], _ choice: Choice) {
        guard let document = try? StringsdictDocument(path: "/fuzz/en.lproj/Localizable.stringsdict", bytes: bytes) else { return }
        let removed = Set(document.keys.indices.filter(choice.removes).map { document.keys[$0] })
        let indices = Set(document.keys.indices.filter { removed.contains(document.keys[$0]) })
        check(document, edits: document.deletions(of: indices), removed: orderedKeys(document, removed), added: [], marked: [])
    }

    /// Removes some entries, marks others stale, adds new ones and a localization.
    private static func editCatalog(_ bytes: [UInt8], _ choice: Choice) {
        guard var document = try? CatalogDocument(path: "/fuzz/Localizable.xcstrings", bytes: bytes) else { return }
        let original = document
        let keys = original.keys
        let removed = Set(keys.indices.filter(choice.removes).map { keys[$0] })
        let marked = keys.indices.filter { !choice.removes($0) && choice.removes($0 + 4) }.map { keys[$0] }
        document.remove(removed)
        for key in marked { document.markStale(key) }
        var added = choice.newEntries(avoiding: Set(keys))
        for entry in added { document.add(entry) }
        if let kept = keys.first(where: { !removed.contains($0) }), !document.hasLocalization("fr", key: kept) {
            let value = texts[Int(choice.additions) % texts.count]
            document.addLocalization("fr", key: kept, value: value)
            added.append(NewStringsEntry(key: kept, value: value, language: "fr"))
        }
        check(original, edits: document.edits, removed: orderedKeys(original, removed), added: added, marked: marked)
    }

    private static func orderedKeys(_ document: some EditableTable, _ keys: Set<String>) -> [String] {
        var seen = Set<String>()
        return document.keys.filter { keys.contains($0) && seen.insert($0).inserted }
    }

    /// The check `WritePlan.verify` makes, as an invariant.
    private static func check<Document: EditableTable>(_ document: Document, edits: [TextEdit], removed: [String],
                                                       added: [NewStringsEntry], marked: [String]) {
        let updated = document.applying(edits)
        let reread: Document
        do {
            reread = try Document(path: document.path, bytes: updated)
        } catch {
            FuzzCheck.expect(false, "the edited file is refused: \(error)\n\(String(decoding: updated, as: UTF8.self))")
            return
        }
        let expected = document.expectedValues(removing: removed, adding: added, marking: marked)
        FuzzCheck.expect(reread.values == expected, "read back \(reread.values), planned \(expected)")
        FuzzCheck.expect(reread.encoding == document.encoding, "the encoding changed")
        let touched = Set(removed + added.map(\.key) + marked)
        let after = reread.bytesByKey
        for (key, before) in document.bytesByKey where !touched.contains(key) && after[key] != before {
            FuzzCheck.expect(false, "entry \(key) changed from \(before.map { String(decoding: $0, as: UTF8.self) }) "
                + "to \((after[key] ?? []).map { String(decoding: $0, as: UTF8.self) }) in\n\(String(decoding: updated, as: UTF8.self))")
        }
    }
}
