import LinzaBase
import LinzaSources

/// A module's recorded findings carried over edits that only moved what files' scans found.
///
/// A line added above a call changes the call's place and so the file's scan: the module's
/// record (`ModuleCheckRecord`) no longer answers, and every rule ran again, every table was
/// loaded again, on each such edit. But when the file's new scan is its old one with other
/// lines and columns (the same `ScannedSource.shape`), the rules see the same code at other
/// places: their findings are the recorded ones, each place in that file moved to where
/// the thing found there now is.
///
/// That holds only while rules compare places in one file by their order alone, and a
/// move keeps that order (`map` checks it). Rules read one thing by line arithmetic: a
/// `linza:disable` comment's reach (`UnseenKeyReaders`); so a file whose old or new scan
/// has such a comment is checked again.
package enum ShiftedFindings {
    /// Where each place `old` recorded is in `new`, when `new` is `old` moved (same shape,
    /// every place in the same order, no `linza:disable` comment); nil otherwise.
    package static func map(from old: ScannedSource, to new: ScannedSource) -> [Location: Location]? {
        guard old.path == new.path, old.suppressions.isEmpty, new.suppressions.isEmpty else { return nil }
        let (oldHash, oldPlaces) = old.shape
        let (newHash, newPlaces) = new.shape
        guard oldHash == newHash, oldPlaces.count == newPlaces.count else { return nil }
        var moved: [Location: Location] = [:]
        moved.reserveCapacity(oldPlaces.count)
        for (from, to) in zip(oldPlaces, newPlaces) {
            // Only the file's own places move: findings elsewhere are taken as recorded.
            guard from.file == old.path || from == to else { return nil }
            // A place found twice moves to one place.
            if let earlier = moved.updateValue(to, forKey: from), earlier != to { return nil }
        }
        // In order both ways: two places keep their order, and no two become one.
        let pairs = moved.sorted { $0.key < $1.key }
        for (before, after) in zip(pairs, pairs.dropFirst()) where !(before.value < after.value) {
            return nil
        }
        return moved
    }

    /// The places `map` moved, back where they were.
    package static func inverse(of map: [Location: Location]) -> [Location: Location] {
        // `map` is one to one (`map(from:to:)` checks it).
        Dictionary(map.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
    }

    /// `diagnostics` with each place in a file of `moves` (by path) moved; nil when a
    /// finding or note there is at a place the file's old scan did not record, which a
    /// rule worked out from the code rather than took from it.
    package static func moving(_ diagnostics: [Diagnostic], by moves: [String: [Location: Location]]) -> [Diagnostic]? {
        var moved = diagnostics
        for index in moved.indices {
            if let map = moves[moved[index].location.file] {
                guard let place = map[moved[index].location] else { return nil }
                moved[index].location = place
            }
            for noteIndex in moved[index].notes.indices {
                guard let location = moved[index].notes[noteIndex].location, let map = moves[location.file] else {
                    continue
                }
                guard let place = map[location] else { return nil }
                moved[index].notes[noteIndex].location = place
            }
        }
        return moved
    }
}
