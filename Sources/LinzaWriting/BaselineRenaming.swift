import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

extension Baseline {
    /// The baseline with its findings about keys `plan` renames following them, so that a
    /// finding the team accepted stays accepted: its key, the key as its message quotes it,
    /// and its line's text as the plan rewrites that line (`root` is the folder the entries'
    /// paths are relative to).
    package func renaming(in plan: WritePlan, root: String) -> Baseline {
        // Per file: old key → new key, and the text each rewritten span had → its new text.
        var keys: [String: [String: String]] = [:]
        var texts: [String: [(old: String, new: String)]] = [:]
        for file in plan.files where !file.renamed.isEmpty {
            let path = Path.relative(file.path, to: root) ?? file.path
            keys[path, default: [:]].merge(file.renamed) { first, _ in first }
            for edit in file.edits where edit.range.upperBound <= file.document.text.count {
                texts[path, default: []].append(
                    (
                        String(decoding: file.document.text[edit.range], as: UTF8.self),
                        String(decoding: edit.replacement, as: UTF8.self)
                    ))
            }
        }
        for source in plan.sources {
            let path = Path.relative(source.path, to: root) ?? source.path
            for (replacement, edit) in zip(source.replacements, source.edits) {
                keys[path, default: [:]][replacement.literal.text] = replacement.key
                texts[path, default: []].append(
                    (
                        String(decoding: source.bytes[edit.range], as: UTF8.self),
                        String(decoding: edit.replacement, as: UTF8.self)
                    ))
            }
        }
        var renamed = self
        for index in renamed.entries.indices {
            let entry = renamed.entries[index]
            guard let old = entry.key, let new = keys[entry.file]?[old] else { continue }
            renamed.entries[index].key = new
            renamed.entries[index].message = entry.message.replacing(Messages.quoted(old), with: Messages.quoted(new))
            if let line = entry.lineText,
                let text = texts[entry.file]?.first(where: { !$0.old.isEmpty && line.contains($0.old) })
            {
                renamed.entries[index].lineText = line.replacing(text.old, with: text.new, maxReplacements: 1)
            }
        }
        return renamed
    }
}
