import LinzaBase

/// `EditableTable`'s planning operations for String Catalogs: the tree edited as Xcode
/// would edit it (entries moved to their sorted place, unused ones marked `stale`), then
/// written back whole in Xcode's layout.
extension CatalogDocument {
    package var format: TableFormat { .xcstrings }

    package var lineEnding: [UInt8] { [0x0A] }

    package var sharedSourceLanguage: String? { sourceLanguage }

    /// `values` of a catalog hold `key` NUL `language` entries: those move with their key too.
    package func valuesRenaming(_ values: [String: String?], _ renames: [String: String]) -> [String: String?] {
        renamingValues(values, renames, catalog: true)
    }

    /// Whether entry `key` has a `language` localization (a string unit or variations).
    package func holds(_ key: String, language: String) -> Bool {
        hasLocalization(language, key: key)
    }

    /// Removes entries, renames others (keeping or dropping the source-language text:
    /// `rename(_:to:)`), adds new entries and localizations as Xcode's extraction and a
    /// reviewer would (`adding`), takes arriving entries whole; `edits` becomes the
    /// whole-file edit of the tree as edited.
    package mutating func plan(_ change: TableChange, edits: inout [TextEdit]) -> TableChangeOutcome {
        var outcome = TableChangeOutcome()
        remove(change.removing)
        for (old, new) in change.renaming.sorted(by: { $0.key < $1.key }) {
            // The key was the source language's text: it stays that text; renamed back to
            // that text, the entry is its own text again.
            switch rename(old, to: new) {
            case .kept(let text): outcome.keptTexts[new + "\u{0}" + sourceLanguage] = .some(text)
            case .dropped: outcome.droppedTexts.insert(new + "\u{0}" + sourceLanguage)
            case nil: break
            }
        }
        // The languages each filled entry has, read once per entry: filling every language
        // of every entry asks of each entry once per language.
        var localized: [String: Set<String>] = [:]
        for entry in change.adding {
            if let language = entry.language {
                guard contains(entry.key) else { continue }
                let wanted = LanguageCode.normalize(language) ?? language
                var languages =
                    localized[entry.key]
                    ?? Set(
                        (self.entry(entry.key)?["localizations"]?.members ?? []).map {
                            LanguageCode.normalize($0.key) ?? $0.key
                        })
                defer { localized[entry.key] = languages }
                guard !languages.contains(wanted) else { continue }
                addLocalization(language, key: entry.key, value: entry.value)
                languages.insert(wanted)
            } else {
                guard !contains(entry.key) else { continue }
                add(entry)
            }
            outcome.added.append(entry)
        }
        for payload in change.arriving.joined() {
            if case .catalog(let member) = payload, !contains(member.key) { restore(member.key, member.value) }
        }
        edits = self.edits
        return outcome
    }

    /// Marks the entries of `keys` `stale` (those not stale already), or with `deleting`
    /// deletes them; each key once, however often it is asked for (a catalog holds every
    /// language, and each language's part names its keys).
    package mutating func retire(_ keys: Set<String>, deleting: Bool, removed: inout [String], marked: inout [String])
        -> [TextEdit]
    {
        var deleted: [String] = []
        for key in self.keys where keys.contains(key) && contains(key) {
            if deleting {
                deleted.append(key)
            } else if extractionState(of: key) != "stale" {
                markStale(key)
                marked.append(key)
            }
        }
        // Removed at once: one at a time, each removal would pass over every entry.
        remove(Set(deleted))
        removed += deleted
        return edits
    }

    package func payload(of key: String) -> TableEntryPayload? {
        readEntry(key).map { .catalog(CatalogMember(key: key, value: $0)) }
    }

    /// Takes an entry whole, at its place in Xcode's order, unless the catalog has the key:
    /// identical when every value of the two reads the same (compared with the entry as
    /// the catalog was read).
    package mutating func receive(_ payload: TableEntryPayload) -> TableReceipt {
        guard case .catalog(let member) = payload else { return .unfit }
        if contains(member.key) {
            return .present(identical: Self.values(of: member) == values(ofKeys: [member.key]))
        }
        restore(member.key, member.value)
        return .received(Self.values(of: member))
    }

    /// Each entry's comment.
    package var comments: [String: String] {
        var comments: [String: String] = [:]
        for key in keys {
            if let comment = readEntry(key)?["comment"]?.string, !comment.isEmpty { comments[key] = comment }
        }
        return comments
    }
}
