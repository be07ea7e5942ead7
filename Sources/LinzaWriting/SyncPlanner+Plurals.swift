import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

/// `sync` for a new key whose text counts something: a `.stringsdict` plural skeleton.
extension SyncPlanner {
    /// Adds a plural skeleton (`PluralSkeleton`) for each of `entries` to the `.stringsdict`
    /// file of `table`, or to a new one next to its `.strings` file; false when the table
    /// has neither file in `language` (the entries are then plain ones).
    func addPlurals(
        _ entries: [(entry: NewStringsEntry, specifier: FormatSpecifier)], language: String,
        table: LocalizationTable, plan: inout WritePlan, documents: inout DocumentCache
    ) -> Bool {
        guard !entries.isEmpty else { return true }
        let categories = (PluralCategories.categories(for: language) ?? ["other"]).filter { $0 != "zero" }
        let existing = table.files.first { $0.file.format == .stringsdict && $0.file.language == language }?.file.path
        let strings = table.files.first { $0.file.format == .strings && $0.file.language == language }?.file.path
        guard let path = existing ?? strings.map({ Path.join(Path.parent($0), "\(table.name).stringsdict") }) else {
            return false
        }
        func body(_ change: inout WritePlan.FileChange) {
            // One level of the file's own indentation: its first entry's, or a tab.
            let unit = String(decoding: change.document.indentation, as: UTF8.self)
            let present = Set(change.document.keys).union(change.added.map(\.key))
            let new = entries.filter { !present.contains($0.entry.key) }
            // The skeletons arrive together, as one run.
            let skeletons = new.map {
                TableEntryPayload.plural(
                    key: $0.entry.key,
                    lines: PluralSkeleton.block(
                        key: $0.entry.key, text: $0.entry.value, specifier: $0.specifier, categories: categories,
                        unit: unit),
                    indentation: Array(unit.utf8))
            }
            guard !skeletons.isEmpty,
                change.document.plan(TableChange(arriving: [skeletons]), edits: &change.edits).placedEveryRun
            else { return }
            change.added += new.map {
                NewStringsEntry(key: $0.entry.key, value: PluralSkeleton.formatKey(for: $0.specifier))
            }
        }
        do {
            if let existing {
                try documents.change(existing, format: .stringsdict, language: language, table: table.name, body)
            } else {
                documents.create(
                    try TableFormat.stringsdict.newTable(at: path), language: language, table: table.name, body)
            }
        } catch {
            plan.conflicts.append(DocumentCache.refusal(error, file: path))
        }
        return true
    }
}
