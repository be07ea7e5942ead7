import LinzaBase

/// `EditableTable`'s planning operations for `.stringsdict` files: whole top-level entries
/// spliced in and out, every other byte kept.
extension StringsdictDocument {
    package var format: TableFormat { .stringsdict }

    package var lineEnding: [UInt8] { text.firstRange(of: [0x0D, 0x0A]) != nil ? [0x0D, 0x0A] : [0x0A] }

    /// Its first entry's indentation, or a tab.
    package var indentation: [UInt8] {
        entries.first.map { Array(text[$0.span.lowerBound..<$0.keyOffset]) } ?? [0x09]
    }

    /// Renames keys in place, removes whole entries, and adds each run of arriving plural
    /// entries before the root dictionary's end; a plain text (`adding`) has no place here.
    package mutating func plan(_ change: TableChange, edits: inout [TextEdit]) -> TableChangeOutcome {
        let keys = keys
        edits +=
            renamings(change.renaming) + deletions(of: Set(keys.indices.filter { change.removing.contains(keys[$0]) }))
        var outcome = TableChangeOutcome()
        for run in change.arriving {
            let blocks = run.compactMap { payload -> (lines: [UInt8], indentation: [UInt8])? in
                guard case .plural(_, let lines, let indentation) = payload else { return nil }
                return (lines, indentation)
            }
            guard let first = blocks.first else { continue }
            if let edit = insertion(of: blocks.map(\.lines), indentation: first.indentation) {
                edits.append(edit)
            } else {
                outcome.placedEveryRun = false
            }
        }
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
        let block = block(of: index)
        return .plural(key: key, lines: block.bytes, indentation: block.indentation)
    }

    /// An entry is `pending` (the plan adds it) unless the file has the key: identical when
    /// its lines are the same, indentation aside.
    package mutating func receive(_ payload: TableEntryPayload) -> TableReceipt {
        guard case .plural(let key, let lines, _) = payload else { return .unfit }
        guard let present = bytesByKey[key] else { return .pending }
        func trimmed(_ bytes: [UInt8]) -> [[UInt8]] {
            bytes.split(separator: 0x0A).map { Array($0.drop { $0 == 0x20 || $0 == 0x09 }) }
        }
        return .present(identical: present.first.map(trimmed) == trimmed(lines))
    }
}
