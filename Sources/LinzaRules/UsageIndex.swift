import LinzaSources
import LinzaTables

/// The literal keys code uses, by table name, each with the calls that use it: built once
/// per module, so each language pass looks every distinct key up once instead of every
/// call once.
///
/// A key's calls are not copied: every call's place in the scanned sources is kept in one
/// flat array, each key's calls side by side, and a call is read from its source when
/// asked for. An app with a call per key (a writer's worst case) otherwise held a second
/// whole `LocalizationUsage` and an array of its own for every key: more memory than the
/// tables the writers edit.
package struct UsageIndex: Sendable {
    package struct Key: Sendable {
        package var key: ExactString
        /// The calls that use the key, in the order of the sources and of each source's calls.
        package var usages: Calls
        /// `developmentOrdinal`, -1 for nil: 4 bytes, not 9, so a key takes 40 bytes (the
        /// writers copy arrays of them).
        private var ordinal: Int32 = -1

        init(key: ExactString, usages: Calls) {
            self.key = key
            self.usages = usages
        }

        /// The key's ordinal in the development language's table of its name
        /// (`TableEntries.ordinal(of:)`), nil when that table lacks it: found once per
        /// module, so a language pass replayed from its record (`TablePresence`) answers
        /// whether it has the key without looking it up again.
        package var developmentOrdinal: Int? {
            get { ordinal < 0 ? nil : Int(ordinal) }
            // A table of more than 2³¹ entries cannot be loaded (it would be tens of GB).
            set { ordinal = newValue.map { Int32($0) } ?? -1 }
        }
    }

    /// Where a call is: its source's index in the scanned sources, and its index in that
    /// source's `usages`.
    package struct Position: Hashable, Sendable {
        package var source: Int32
        package var usage: Int32
    }

    /// The scanned sources and every indexed call's position in them, each key's together.
    /// Shared by every key's `Calls` (the sources' arrays are shared with the project, not copied).
    final class Storage: Sendable {
        let sources: [ScannedSource]
        let positions: [Position]

        init(sources: [ScannedSource], positions: [Position]) {
            self.sources = sources
            self.positions = positions
        }
    }

    /// One key's calls, read from the scanned sources on demand.
    package struct Calls: RandomAccessCollection, Sendable {
        let storage: Storage
        /// The key's first call in `storage.positions`, and how many there are from it (32
        /// bits each: a key is held in 16 bytes besides its text and ordinal).
        let start: Int32
        let calls: Int32

        package var startIndex: Int { 0 }
        package var endIndex: Int { Int(calls) }
        package var count: Int { Int(calls) }

        package subscript(index: Int) -> LocalizationUsage {
            precondition(index >= 0 && index < count, "call index out of range")
            let position = storage.positions[Int(start) + index]
            return storage.sources[Int(position.source)].usages[Int(position.usage)]
        }

        /// Where each of the calls is in the scanned sources.
        package var positions: ArraySlice<Position> {
            storage.positions[Int(start)..<Int(start) + count]
        }
    }

    /// Table names in order of first use, each with its keys in order of first use.
    package private(set) var tables: [(name: String, keys: [Key])] = []

    init(_ sources: [ScannedSource]) {
        // First every key, numbered in order of first use over all tables, and each call's
        // key number; then the calls' positions sorted by that number, stably (a counting
        // sort), so each key's calls lie together in the order they were met.
        var tablePositions: [String: Int] = [:]
        var numbers: [[ExactString: Int32]] = []
        var tableKeys: [[Int32]] = []
        var keyTexts: [ExactString] = []
        var callKeys: [Int32] = []
        var calls: [Position] = []
        for (sourceIndex, source) in sources.enumerated() {
            for (usageIndex, usage) in source.usages.enumerated() {
                // An empty key (OpenEmu's `NSLocalizedString(""/*TODO*/, …)`) shows nothing
                // whether a table has it or not: no key to check, and none for sync to write.
                guard let key = usage.key.literal, !key.isEmpty, let table = usage.table.name else { continue }
                let tableIndex: Int
                if let known = tablePositions[table] {
                    tableIndex = known
                } else {
                    tableIndex = tableKeys.count
                    tablePositions[table] = tableIndex
                    tables.append((table, []))
                    tableKeys.append([])
                    numbers.append([:])
                }
                let exact = ExactString(key)
                let number: Int32
                if let known = numbers[tableIndex][exact] {
                    number = known
                } else {
                    number = Int32(keyTexts.count)
                    numbers[tableIndex][exact] = number
                    tableKeys[tableIndex].append(number)
                    keyTexts.append(exact)
                }
                callKeys.append(number)
                calls.append(Position(source: Int32(sourceIndex), usage: Int32(usageIndex)))
            }
        }
        numbers = []
        // starts[n] is where key n's calls begin; starts[n + 1] where they end.
        var starts = [Int32](repeating: 0, count: keyTexts.count + 1)
        for number in callKeys { starts[Int(number) + 1] += 1 }
        for number in keyTexts.indices { starts[number + 1] += starts[number] }
        var next = starts
        var positions = [Position](repeating: Position(source: 0, usage: 0), count: calls.count)
        for (call, number) in zip(calls, callKeys) {
            positions[Int(next[Int(number)])] = call
            next[Int(number)] += 1
        }
        calls = []
        callKeys = []
        next = []
        let storage = Storage(sources: sources, positions: positions)
        for tableIndex in tableKeys.indices {
            tables[tableIndex].keys = tableKeys[tableIndex].map { number in
                let start = starts[Int(number)]
                return Key(
                    key: keyTexts[Int(number)],
                    usages: Calls(storage: storage, start: start, calls: starts[Int(number) + 1] - start))
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
