import LinzaBase
import LinzaTables

/// What `missing_key` asks of a language's table: whether it has a key, whether it is
/// broken, and where a finding points. A loaded `LocalizationTable` answers, and so does a
/// language pass's record (`TablePresence`) when that language's files did not change
/// since the run that recorded it, without loading them.
protocol KeyedTable {
    var isBroken: Bool { get }
    /// `ru.lproj/Localizable.strings`.
    var displayName: String { get }
    /// The positions in `keys` (keys code uses, their development ordinals noted) of
    /// those the table lacks.
    func lackingKeys(_ keys: [UsageIndex.Key]) -> [Int]
    /// The files a missing key's notes point at (their display names and ends).
    var keyFileEnds: [(name: String, end: Location)] { get }
}

extension LocalizationTable: KeyedTable {
    func lackingKeys(_ keys: [UsageIndex.Key]) -> [Int] {
        keys.indices.filter { !entries.contains(keys[$0].key) }
    }

    var keyFileEnds: [(name: String, end: Location)] {
        // Point at the files a plain key goes in, not at the table's .stringsdict half.
        let plainFiles = files.filter { $0.file.format != .stringsdict }
        return (plainFiles.isEmpty ? files : plainFiles).map { ($0.file.displayName, $0.endLocation) }
    }
}

/// One table of a language as a language pass's record keeps it for `missing_key`: which
/// of the development table's keys it lacks (by their ordinals, `TableEntries.ordinal(of:)`,
/// valid because the record is used only while the development files are unchanged) and
/// the keys it has that the development table does not, with where they are defined.
struct TablePresence: Equatable, Sendable {
    var isBroken: Bool
    var displayName: String
    var keyFileEnds: [FileEnd]
    /// Ordinals of the development table's keys this table lacks, ascending.
    var lackingOrdinals: [Int]
    /// Keys the development table lacks, with their definitions here.
    var extraKeys: [ExtraKey]

    struct FileEnd: Equatable, Sendable {
        var name: String
        var end: Location
    }

    struct ExtraKey: Equatable, Sendable {
        var key: String
        var location: Location
    }

    /// What `table` (a language's) has and lacks compared with `development` (the
    /// development language's table of the same name, if it has one).
    init(_ table: LocalizationTable, development: LocalizationTable?) {
        isBroken = table.isBroken
        displayName = table.displayName
        keyFileEnds = table.keyFileEnds.map { FileEnd(name: $0.name, end: $0.end) }
        var lacking: [Int] = []
        var present = 0
        if let development {
            var ordinal = 0
            development.entries.forEachPosition { file, entry in
                let has = development.files[file].entries[entry].withKeyBytes {
                    table.entries.ordinal(ofKeyBytes: $0) != nil
                }
                if has { present += 1 } else { lacking.append(ordinal) }
                ordinal += 1
            }
        }
        lackingOrdinals = lacking
        var extras: [ExtraKey] = []
        // Every key of this table is one of the development table's unless it has more.
        if table.entries.count > present {
            table.entries.forEachPosition { file, entry in
                let definition = table.files[file].entries[entry]
                let isDevelopmentKey = definition.withKeyBytes { development?.entries.ordinal(ofKeyBytes: $0) != nil }
                if !isDevelopmentKey { extras.append(ExtraKey(key: definition.key, location: definition.location)) }
            }
        }
        extraKeys = extras
    }

    init(
        isBroken: Bool, displayName: String, keyFileEnds: [FileEnd], lackingOrdinals: [Int],
        extraKeys: [ExtraKey]
    ) {
        self.isBroken = isBroken
        self.displayName = displayName
        self.keyFileEnds = keyFileEnds
        self.lackingOrdinals = lackingOrdinals
        self.extraKeys = extraKeys
    }

    /// This record as `missing_key` reads it: against the development table it was made
    /// with, whose ordinals `UsageIndex.Key.developmentOrdinal` holds.
    var view: View {
        View(
            presence: self, lacking: Set(lackingOrdinals),
            extras: Dictionary(
                extraKeys.map { (ExactString($0.key), $0.location) }, uniquingKeysWith: { first, _ in first }))
    }

    /// A `TablePresence` as `missing_key` reads it.
    struct View: KeyedTable {
        let presence: TablePresence
        let lacking: Set<Int>
        /// Where each extra key is defined (for the notes of keys the development table lacks).
        let extras: [ExactString: Location]

        var isBroken: Bool { presence.isBroken }
        var displayName: String { presence.displayName }
        var keyFileEnds: [(name: String, end: Location)] { presence.keyFileEnds.map { ($0.name, $0.end) } }

        func lackingKeys(_ keys: [UsageIndex.Key]) -> [Int] {
            keys.indices.filter { index in
                // The ordinal was found in the development table this record was made against.
                if let ordinal = keys[index].developmentOrdinal { return !lacking.isEmpty && lacking.contains(ordinal) }
                return extras[keys[index].key] == nil
            }
        }
    }
}
