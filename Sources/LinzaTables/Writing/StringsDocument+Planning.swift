import LinzaBase

/// `EditableTable`'s planning operations for `.strings` files: splices that keep every
/// other byte.
extension StringsDocument {
    package var format: TableFormat { .strings }

    /// Renames in place, removes whole entries, adds new ones where the file's order says;
    /// whole entries do not arrive in a `.strings` file (texts come as `adding`).
    package mutating func plan(_ change: TableChange, edits: inout [TextEdit]) -> TableChangeOutcome {
        // `keys` is made anew on each read: taken once, or a table of n entries costs n²;
        // and not at all when nothing is removed (a string per entry, while the plan is made).
        var removed = Set<Int>()
        if !change.removing.isEmpty {
            let keys = keys
            removed = Set(keys.indices.filter { change.removing.contains(keys[$0]) })
        }
        edits +=
            renamings(change.renaming) + deletions(of: removed)
            + insertions(change.adding, removing: removed, after: change.placing)
        var outcome = TableChangeOutcome()
        outcome.added = change.adding
        return outcome
    }

    /// Deletes the entries of `keys`, whatever `deleting` says.
    package mutating func retire(_ keys: Set<String>, deleting: Bool, removed: inout [String], marked: inout [String])
        -> [TextEdit]
    {
        Self.retiring(keys, from: self.keys, removed: &removed) { deletions(of: $0) }
    }

    package func payload(of key: String) -> TableEntryPayload? {
        guard let index = keys.lastIndex(of: key) else { return nil }
        return .text(
            NewStringsEntry(
                key: key, value: entries[index].value ?? key, comment: comment(of: index), keepsComment: true))
    }

    /// A text is `pending` (the plan adds it) unless the file has the key: the same text or another.
    package mutating func receive(_ payload: TableEntryPayload) -> TableReceipt {
        guard case .text(let entry) = payload else { return .unfit }
        // The last entry of the key is the one the run time reads.
        if let existing = entries.last(where: { $0.key == entry.key }) {
            return .present(identical: existing.value == entry.value)
        }
        return .pending
    }

    /// The note above each key's entry (the last entry with one, for a key written twice).
    package var comments: [String: String] {
        var comments: [String: String] = [:]
        for index in entries.indices {
            if let comment = comment(of: index) { comments[entries[index].key] = comment }
        }
        return comments
    }

    /// `comments` of the entries of `keys` only.
    package func comments(ofKeys keys: Set<String>) -> [String: String] {
        var comments: [String: String] = [:]
        for index in entries.indices where keys.contains(entries[index].key) {
            if let comment = comment(of: index) { comments[entries[index].key] = comment }
        }
        return comments
    }
}

extension EditableTable {
    /// `retire` for a file edited by splices: every entry of `keys` deleted, `removed` the
    /// keys deleted in file order (each once).
    static func retiring(
        _ keys: Set<String>, from fileKeys: [String], removed: inout [String],
        deletions: (Set<Int>) -> [TextEdit]
    ) -> [TextEdit] {
        let indices = Set(fileKeys.indices.filter { keys.contains(fileKeys[$0]) })
        var seen = Set<String>()
        removed = fileKeys.filter { keys.contains($0) && seen.insert($0).inserted }
        return deletions(indices)
    }
}
