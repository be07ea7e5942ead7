import LinzaSources
import LinzaTables

/// The literal keys code uses, by table name, each with the calls that use it: built once
/// per module, so each language pass looks every distinct key up once instead of every
/// call once.
package struct UsageIndex: Sendable {
    package struct Key: Sendable {
        package var key: ExactString
        package var usages: [LocalizationUsage]
        /// The key's ordinal in the development language's table of its name
        /// (`TableEntries.ordinal(of:)`), nil when that table lacks it: found once per
        /// module, so a language pass replayed from its record (`TablePresence`) answers
        /// whether it has the key without looking it up again.
        package var developmentOrdinal: Int?
    }

    /// Table names in order of first use, each with its keys in order of first use.
    package private(set) var tables: [(name: String, keys: [Key])] = []

    init(_ sources: [ScannedSource]) {
        var tablePositions: [String: Int] = [:]
        var keyPositions: [[ExactString: Int]] = []
        for source in sources {
            for usage in source.usages {
                guard let key = usage.key.literal, let table = usage.table.name else { continue }
                let tableIndex: Int
                if let known = tablePositions[table] {
                    tableIndex = known
                } else {
                    tableIndex = tables.count
                    tablePositions[table] = tableIndex
                    tables.append((table, []))
                    keyPositions.append([:])
                }
                let exact = ExactString(key)
                if let keyIndex = keyPositions[tableIndex][exact] {
                    tables[tableIndex].keys[keyIndex].usages.append(usage)
                } else {
                    keyPositions[tableIndex][exact] = tables[tableIndex].keys.count
                    tables[tableIndex].keys.append(Key(key: exact, usages: [usage], developmentOrdinal: nil))
                }
            }
        }
    }

    /// Notes each key's ordinal in `developmentTables` (by name).
    mutating func noteDevelopmentOrdinals(_ developmentTables: [String: LocalizationTable]) {
        for index in tables.indices {
            guard let table = developmentTables[tables[index].name] else { continue }
            for keyIndex in tables[index].keys.indices {
                tables[index].keys[keyIndex].developmentOrdinal = table.entries.ordinal(
                    of: tables[index].keys[keyIndex].key)
            }
        }
    }
}
