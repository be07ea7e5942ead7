import LinzaBase

/// What `prune --archive` keeps of a String Catalog, and how `prune --restore` puts it
/// back: each deleted entry as Xcode writes it, each entry marked `stale` with its former
/// extraction state.
extension CatalogDocument {
    /// The `entries` deleted, each in Xcode's layout, and the keys `marked` stale with their state before.
    package func archived(removed: [String], marked: [String], edits: [TextEdit]) -> [(String, JSONValue)] {
        [
            (
                "entries",
                .array(
                    removed.compactMap { key in
                        entryText(key).map { .object([("key", .string(key)), ("entry", .string($0))]) }
                    })
            ),
            (
                "marked",
                .array(
                    marked.map { key in
                        .object([("key", .string(key)), ("state", .optional(readExtractionState(of: key)))])
                    })
            ),
        ]
    }

    /// Each archived entry back at its place in Xcode's order (unless the key is in the
    /// catalog again, saying so), each marked one's extraction state back where it is
    /// still `stale`.
    package mutating func restoring(_ archived: JSONNode) -> TableRestoring {
        var result = TableRestoring()
        for removed in archived["entries"]?.items ?? [] {
            guard let key = removed["key"]?.string, let text = removed["entry"]?.string,
                let node = try? Array(text.utf8).withUnsafeBufferPointer({ try JSONParser.parse($0) }),
                let value = CatalogValue(node)
            else { continue }
            guard !contains(key) else {
                result.skipped.append(
                    "\(Messages.quoted(key)) is in \(Path.lastComponent(path)) again; "
                        + "its archived entry is left out")
                continue
            }
            restore(key, value)
            result.restored.merge(Self.values(of: CatalogMember(key: key, value: value))) { _, restored in restored }
        }
        for marked in archived["marked"]?.items ?? [] {
            guard let key = marked["key"]?.string, contains(key), extractionState(of: key) == "stale" else { continue }
            let state = marked["state"]?.string
            setExtractionState(state, of: key)
            result.restored[key] = .some(state)
        }
        result.edits = edits
        return result
    }
}
