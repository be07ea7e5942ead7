import LinzaBase
import LinzaTables

/// The table writers. The first bytes of an input choose the format and the edits; the
/// rest is the file. A file the writer accepts, edited as `sync`, `prune`, `rename` and
/// `move` edit it, must
/// read back as exactly the planned entries, in its own encoding, with every entry the
/// plan leaves alone byte for byte as it was (`WritePlan.verify` checks this at run time;
/// here a failure is a writer bug, not a refusal).
enum WriterFuzzing {
    /// Keys and values that stress quoting and escaping in every format.
    static let texts = [
        "fuzz.new", "quote\"d", "back\\slash", "line\nbreak", "cr\rlf", "tab\tkey", "ünïcødé",
        "emoji 😀", "", "/* not a comment */", "key = value;", "line\u{2028}separator", "%@ and %1$d",
        "<tag>&amp;</tag>", "nul\u{0}byte", "'single'", "$(VAR)",
    ]
    static let comments: [String?] = [nil, "A note for translators.", "closes */ early", "two\nlines", ""]

    /// The edits an input asks for, read from its first three bytes.
    struct Choice {
        var format: Int
        var removals: UInt8
        var additions: UInt8
        /// Bit 4 of the first byte: also rename entries (those bit `index + 2` of the removal
        /// byte picks among the kept ones); bit 5: in a `.stringsdict`, move an entry to the end
        /// as `move` adds one.
        var renames: Bool
        var movesPlural: Bool

        init?(_ data: UnsafeBufferPointer<UInt8>) {
            guard data.count >= 3 else { return nil }
            format = Int(data[0] % 4)
            renames = data[0] & 0x10 != 0
            movesPlural = data[0] & 0x20 != 0
            removals = data[1]
            additions = data[2]
        }

        /// New names for some kept keys, none of them a key the file has or gets.
        func renaming(_ keys: [String], kept: (Int) -> Bool, avoiding taken: Set<String>) -> [String: String] {
            guard renames else { return [:] }
            var result: [String: String] = [:]
            var taken = taken
            for index in keys.indices where kept(index) && removes(index + 2) && result[keys[index]] == nil {
                var name = WriterFuzzing.texts[(index &+ Int(additions)) % WriterFuzzing.texts.count] + "→"
                while taken.contains(name) { name += "'" }
                taken.insert(name)
                result[keys[index]] = name
            }
            return result
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
                entries.append(
                    NewStringsEntry(
                        key: key, value: value, comment: WriterFuzzing.comments[seed % WriterFuzzing.comments.count]))
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
        guard let template = try? StringsDocument(path: "/fuzz/en.lproj/Localizable.strings", bytes: bytes) else {
            return
        }
        let document =
            asNewFile ? StringsDocument.newFile(at: "/fuzz/de.lproj/Localizable.strings", like: template) : template
        let removed = Set(document.keys.indices.filter(choice.removes).map { document.keys[$0] })
        let indices = Set(document.keys.indices.filter { removed.contains(document.keys[$0]) })
        let added = choice.newEntries(avoiding: Set(document.keys))
        let anchor = document.keys.isEmpty ? nil : document.keys[Int(choice.additions) % document.keys.count]
        let renamed =
            asNewFile
            ? [:]
            : choice.renaming(
                document.keys, kept: { !removed.contains(document.keys[$0]) },
                avoiding: Set(document.keys + added.map(\.key)))
        let edits =
            document.deletions(of: indices) + document.insertions(added, removing: indices) { _ in anchor }
            + document.renamings(renamed)
        check(
            document, edits: edits, removed: orderedKeys(document, removed), added: added, marked: [], renamed: renamed)
    }

    private static func editStringsdict(_ bytes: [UInt8], _ choice: Choice) {
        guard let document = try? StringsdictDocument(path: "/fuzz/en.lproj/Localizable.stringsdict", bytes: bytes)
        else { return }
        let removed = Set(document.keys.indices.filter(choice.removes).map { document.keys[$0] })
        let indices = Set(document.keys.indices.filter { removed.contains(document.keys[$0]) })
        // A key XML cannot hold is refused by the planner, never written.
        let renamed = choice.renaming(
            document.keys, kept: { !removed.contains(document.keys[$0]) }, avoiding: Set(document.keys)
        )
        .filter { StringsdictDocument.canHold($0.value) }
        var edits = document.deletions(of: indices) + document.renamings(renamed)
        var arrived: [String: String?] = [:]
        // An entry whose key the file has once, neither removed nor renamed, moved to the end
        // as `move` adds one: it must read the same, its bytes the same but for indentation.
        if choice.movesPlural,
            let index = document.keys.indices.first(where: { index in
                let key = document.keys[index]
                return !removed.contains(key) && renamed[key] == nil && document.keys.filter { $0 == key }.count == 1
            })
        {
            let block = document.block(of: index)
            if let insertion = document.insertion(of: [block.bytes], indentation: block.indentation) {
                edits += document.deletions(of: [index]) + [insertion]
                arrived[document.keys[index]] = document.values[document.keys[index]] ?? nil
            }
        }
        check(
            document, edits: edits, removed: orderedKeys(document, removed), added: [], marked: [], renamed: renamed,
            arrived: arrived)
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
        // Renamed last: an entry takes what the plan added to it along (a plan never renames
        // and adds in one go, but the order must not matter to what the file reads as).
        let renamed = choice.renaming(
            keys, kept: { !removed.contains(keys[$0]) && !marked.contains(keys[$0]) },
            avoiding: Set(keys + added.map(\.key)))
        var arrived: [String: String?] = [:]
        var dropped: Set<String> = []
        for (old, new) in renamed {
            switch document.rename(old, to: new) {
            case .kept(let text): arrived[new + "\u{0}" + document.sourceLanguage] = .some(text)
            case .dropped: dropped.insert(new + "\u{0}" + document.sourceLanguage)
            case nil: break
            }
        }
        check(
            original, edits: document.edits, removed: orderedKeys(original, removed), added: added, marked: marked,
            renamed: renamed,
            arrived: arrived, dropped: dropped)
    }

    private static func orderedKeys(_ document: some EditableTable, _ keys: Set<String>) -> [String] {
        var seen = Set<String>()
        return document.keys.filter { keys.contains($0) && seen.insert($0).inserted }
    }

    /// The check `WritePlan.verify` makes, as an invariant.
    private static func check<Document: EditableTable>(
        _ document: Document, edits: [TextEdit], removed: [String],
        added: [NewStringsEntry], marked: [String], renamed: [String: String] = [:],
        arrived: [String: String?] = [:], dropped: Set<String> = []
    ) {
        let updated = document.applying(edits)
        let reread: Document
        do {
            reread = try Document(path: document.path, bytes: updated)
        } catch {
            FuzzCheck.expect(false, "the edited file is refused: \(error)\n\(String(decoding: updated, as: UTF8.self))")
            return
        }
        var expected = renamingValues(
            document.expectedValues(removing: removed, adding: added, marking: marked), renamed,
            catalog: document is CatalogDocument)
        expected.merge(arrived) { _, arrived in arrived }
        for name in dropped { expected.removeValue(forKey: name) }
        FuzzCheck.expect(reread.values == expected, "read back \(reread.values), planned \(expected)")
        FuzzCheck.expect(reread.encoding == document.encoding, "the encoding changed")
        let touched = Set(removed + added.map(\.key) + marked + renamed.keys + renamed.values + arrived.keys)
        let after = reread.bytesByKey
        for (key, before) in document.bytesByKey where !touched.contains(key) && after[key] != before {
            FuzzCheck.expect(
                false,
                "entry \(key) changed from \(before.map { String(decoding: $0, as: UTF8.self) }) "
                    + "to \((after[key] ?? []).map { String(decoding: $0, as: UTF8.self) }) in\n\(String(decoding: updated, as: UTF8.self))"
            )
        }
    }
}
