import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

/// What keeps `prune` from deleting a table Linza does not understand. A table whose keys
/// would mostly go (more than `prune_limit:`, half by default) is far more often read in a
/// way Linza does not see (accessors generated at build time, a folder left out, keys built
/// at run time) than dead: on a real app, every one of 336 keys "looked unused" because a
/// build script generated the accessors, and prune deleted every translation.
struct PruneGuard {
    /// The largest share of a table's keys that goes without `--force`.
    var limit: Double
    /// `--force`, or `--key` patterns: the user named what goes.
    var isOverridden: Bool

    /// Why the `unused` keys of a table of `total` keys stay, or nil when they may go;
    /// `unseen` names what Linza may not see.
    func refusal(
        table: String, module: String?, unused: Set<String>, total: Int, paths: DisplayPaths,
        unseen: UnseenAccessors
    ) -> String? {
        guard !isOverridden, !unused.isEmpty, Double(unused.count) > limit * Double(total) else {
            return nil
        }
        let name = table + (module.map { " (module \($0))" } ?? "")
        let share = "\(Int((limit * 100).rounded()))%"
        var text =
            "\(name): left as it is: \(unused.count) of its \(total) keys look unused, more than prune deletes "
            + "unasked (prune_limit: \(share)). "
        let readers = unseen.roots.filter { !$0.keys.isDisjoint(with: unused) }
        if let reader = readers.first {
            let place = "\(paths.path(reader.first.file)):\(reader.first.line)"
            let declared =
                reader.declaration.map {
                    "declared at \(paths.path($0.file)):\($0.line), which Linza does not read as accessors"
                } ?? "declared in no source Linza reads: probably generated at build time"
            text +=
                "Code reads \(reader.keys.intersection(unused).count) of them through `\(reader.name)` "
                + "(`\(reader.name).\(reader.firstMember)` at \(place), \(reader.uses) reads in all), \(declared)"
            if readers.count > 1 {
                text += "; also through " + readers.dropFirst().prefix(3).map { "`\($0.name)`" }.joined(separator: ", ")
            }
            text += ". Describe it under accessors: in .linza.yml so that Linza counts these uses."
        } else if unused.count == total {
            text +=
                "No call Linza sees reads this table: the app may read it through code Linza does not see "
                + "(generated accessors, a folder left out of included:, keys built at run time)."
        } else {
            text += "Linza sees uses of only \(total - unused.count) of them."
        }
        return text + " If the keys really are unused, name them with --key PATTERN, or pass --force."
    }
}
