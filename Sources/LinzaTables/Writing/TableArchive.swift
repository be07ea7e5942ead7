import LinzaBase

// What `prune --archive` keeps of a file edited by splices, and how `prune --restore` puts
// it back: every spliced-out range's exact text with the entry it followed, so that a prune
// and its restore leave the file as it was. (String Catalogs: CatalogDocument+Archive.swift.)

/// One spliced-out range of a `.strings` or `.stringsdict` file.
struct ArchivedDeletion {
    /// The last entry before it that stays; nil when it started the entries.
    var after: String?
    /// Bytes between the end of that entry (or the start of the file) and the range, once
    /// the other ranges are gone.
    var gap: Int
    var text: String
    /// What its entries read as (`EditableTable.values`).
    var values: [String: String?]
}

extension EditableTable {
    /// The `deletions`: each range `edits` splice out, with the entry it followed.
    package func archived(removed: [String], marked: [String], edits: [TextEdit]) -> [(String, JSONValue)] {
        [
            (
                "deletions",
                .array(
                    archivedDeletions(removed: removed, edits: edits).map { deletion in
                        .object([
                            ("after", .optional(deletion.after)), ("gap", .number(deletion.gap)),
                            ("text", .string(deletion.text)),
                            (
                                "values",
                                .object(
                                    deletion.values.sorted { $0.key < $1.key }.map { ($0.key, .optional($0.value)) })
                            ),
                        ])
                    })
            )
        ]
    }

    func archivedDeletions(removed: [String], edits: [TextEdit]) -> [ArchivedDeletion] {
        let spans = entrySpans, keys = keys, values = values
        let removed = Set(removed)
        let edits = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
        /// Where `offset` of the old text lies once the ranges before it are gone.
        func shifted(_ offset: Int) -> Int {
            offset - edits.filter { $0.range.upperBound <= offset }.reduce(0) { $0 + $1.range.count }
        }
        return edits.map { edit in
            let kept = spans.indices.last {
                spans[$0].upperBound <= edit.range.lowerBound && !removed.contains(keys[$0])
            }
            let start = kept.map { shifted(spans[$0].upperBound) } ?? 0
            let inside = spans.indices.filter { edit.range.contains(spans[$0].lowerBound) }.map { keys[$0] }
            return ArchivedDeletion(
                after: kept.map { keys[$0] }, gap: shifted(edit.range.lowerBound) - start,
                text: String(decoding: text[edit.range], as: UTF8.self),
                values: Dictionary(inside.map { ($0, values[$0] ?? nil) }) { first, _ in first })
        }
    }

    /// Each archived range back after the entry it followed; a range whose key is in the
    /// file again, or whose entry before it is gone, is left out, saying so.
    package mutating func restoring(_ archived: JSONNode) -> TableRestoring {
        var result = TableRestoring()
        let spans = entrySpans, keys = keys
        let present = Set(keys)
        var insertions: [Int: [UInt8]] = [:]
        for deletion in archived["deletions"]?.items ?? [] {
            guard let text = deletion["text"]?.string, case .number(let gapText)? = deletion["gap"]?.content,
                let gap = Int(gapText), let values = deletion["values"]?.members
            else { continue }
            let restoredKeys = values.map(\.key)
            if let again = restoredKeys.first(where: present.contains) {
                result.skipped.append(
                    "\(Messages.quoted(again)) is in \(Path.lastComponent(path)) again; "
                        + "its archived entry is left out")
                continue
            }
            var start = 0
            if let after = deletion["after"]?.string {
                guard let index = keys.lastIndex(of: after) else {
                    result.skipped.append(
                        "\(Messages.quoted(after)), which \(restoredKeys.map(Messages.quoted).joined(separator: ", ")) "
                            + "followed, is no longer in \(Path.lastComponent(path)); restore it by hand")
                    continue
                }
                start = spans[index].upperBound
            }
            let offset = min(start + gap, self.text.count)
            insertions[offset, default: []] += Array(text.utf8)
            for value in values { result.restored[value.key] = value.value.string.map { .some($0) } ?? .some(nil) }
        }
        result.edits = insertions.sorted { $0.key < $1.key }.map { TextEdit.insert($0.value, at: $0.key) }
        return result
    }
}
