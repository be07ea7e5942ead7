import LinzaBase
import LinzaSources

/// The calls that read a table with a key Linza cannot see at all: no literal start, as in
/// OpenEmu's `NSLocalizedString(row, tableName: "ControlLabels", comment: "")` with the
/// titles of a property list. Any key of such a table may be theirs: `prune` leaves it, and
/// `unused_key` says so on the table's first finding.
package enum UnseenKeyReaders {
    /// Each table (`""` for a call whose table is not a literal either: it may read any
    /// table) with every such call's place. A call whose `dynamic_key` finding is suppressed
    /// is taken to read no table key, and an interpolated literal reads the one key its
    /// template forms (`"\(n) unread"`), not any.
    package static func tables(_ sources: some Sequence<ScannedSource>) -> [String: [Location]] {
        var tables: [String: [Location]] = [:]
        for source in sources {
            let suppressions = SuppressionIndex(source.suppressions)
            for usage in source.usages where usage.template == nil {
                guard case .dynamic(let prefix) = usage.key, prefix?.isEmpty ?? true,
                    !suppressions.isSuppressed(DynamicKeyRule.description.id, line: usage.location.line)
                else { continue }
                tables[usage.table.name ?? "", default: []].append(usage.location)
            }
        }
        return tables
    }
}
