/// A unified diff (`diff -u`, three lines of context) of two texts, for the writing
/// commands' `--dry-run`. Lines are compared with their line breaks, so a changed line
/// ending shows; Myers' algorithm keeps it fast when few lines change in a large file.
package enum UnifiedDiff {
    /// The diff of `old` and `new`, labelled `a/label` and `b/label`; empty when equal.
    /// `exactSearchDepth`: see `defaultExactSearchDepth` (tests pass a small one to reach
    /// the anchored search with small texts).
    package static func make(
        label: String, old: [UInt8], new: [UInt8], context: Int = 3,
        exactSearchDepth: Int = defaultExactSearchDepth
    ) -> String {
        guard old != new else { return "" }
        return make(
            label: label, old: old, new: new, regions: [changedRegion(old, new)], context: context,
            exactSearchDepth: exactSearchDepth)
    }

    /// The diff of `old` and `new`, which is `edits` applied to `old` (a plan's file): each
    /// edit's lines are diffed on their own, and the lines between edits, the same in both,
    /// are only counted, so a few edits in a file of millions of lines take memory and time
    /// for their lines, not the file's.
    package static func make(
        label: String, old: [UInt8], edits: [TextEdit], new: [UInt8], context: Int = 3,
        exactSearchDepth: Int = defaultExactSearchDepth
    ) -> String {
        guard old != new else { return "" }
        return make(
            label: label, old: old, new: new, regions: regions(of: edits, old: old, new: new), context: context,
            exactSearchDepth: exactSearchDepth)
    }

    /// Whole lines of each text that may differ; everything between two regions, and
    /// before the first and after the last, is the same lines in both.
    struct Region {
        var old: Range<Int>
        var new: Range<Int>
    }

    /// The diff made of `regions` (in order), with `context` lines around each change.
    static func make(
        label: String, old: [UInt8], new: [UInt8], regions: [Region], context: Int, exactSearchDepth: Int
    ) -> String {
        let (script, oldLineCount, newLineCount) = sparseScript(
            old, new, regions: regions, context: context, exactSearchDepth: exactSearchDepth)
        var output = "--- a/\(label)\n+++ b/\(label)\n"
        var index = 0
        while index < script.count {
            guard script[index].kind != .same else { index += 1; continue }
            // A hunk: this change, and the ones after it whose context overlaps.
            let start = max(0, index - context)
            var end = index
            var lastChange = index
            while end < script.count {
                if script[end].kind != .same { lastChange = end } else if end - lastChange > 2 * context { break }
                end += 1
            }
            end = min(script.count, lastChange + context + 1)
            let hunk = script[start..<end]
            let oldCount = hunk.count { $0.kind != .inserted }, newCount = hunk.count { $0.kind != .deleted }
            let oldStart =
                hunk.first { $0.kind != .inserted }?.oldIndex ?? script[start...].first { $0.kind != .inserted }?
                .oldIndex ?? oldLineCount
            let newStart =
                hunk.first { $0.kind != .deleted }?.newIndex ?? script[start...].first { $0.kind != .deleted }?.newIndex
                ?? newLineCount
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for step in hunk {
                switch step.kind {
                case .same: output += " " + show(step.line)
                case .deleted: output += "-" + show(step.line)
                case .inserted: output += "+" + show(step.line)
                }
            }
            index = end
        }
        return output
    }

    /// The edit script of `regions`, each diffed on its own, with only as many of the same
    /// lines around them as the hunks show or need (`context` before a change, `context + 1`
    /// after it: more than `2 * context` same lines end a hunk, and the line after a hunk
    /// places one without context), each step carrying its line; and how many lines each
    /// text has.
    private static func sparseScript(
        _ old: [UInt8], _ new: [UInt8], regions: [Region], context: Int, exactSearchDepth: Int
    ) -> (script: [Step], oldLineCount: Int, newLineCount: Int) {
        var script: [Step] = []
        var oldLine = 0, newLine = 0, oldPosition = 0
        func appendSame(_ range: Range<Int>, first: Int, last: Int) {
            let (count, shown) = sameLines(old, range, first: first, last: last)
            for (line, lineRange) in shown {
                script.append(
                    Step(kind: .same, oldIndex: oldLine + line, newIndex: newLine + line, line: old[lineRange]))
            }
            oldLine += count
            newLine += count
        }
        for (number, region) in regions.enumerated() {
            // The same lines before the region: the tail of the last region's context, then
            // this region's, without those in between.
            appendSame(oldPosition..<region.old.lowerBound, first: number == 0 ? 0 : context + 1, last: context)
            let a = lines(old[region.old]), b = lines(new[region.new])
            for step in editScript(a, b, exactSearchDepth: exactSearchDepth) {
                script.append(
                    Step(
                        kind: step.kind, oldIndex: oldLine + step.oldIndex, newIndex: newLine + step.newIndex,
                        line: step.kind == .inserted ? b[step.newIndex] : a[step.oldIndex]))
            }
            oldLine += a.count
            newLine += b.count
            oldPosition = region.old.upperBound
        }
        // One more than the hunk shows: a hunk of removed lines only (no context) is placed
        // by the line after it.
        appendSame(oldPosition..<old.count, first: context + 1, last: 0)
        return (script, oldLine, newLine)
    }

    /// How many lines `range` of `text` holds (it starts a line and ends one), and the
    /// first `first` and last `last` of them with their numbers in the range, in order;
    /// the lines between are only counted.
    private static func sameLines(_ text: [UInt8], _ range: Range<Int>, first: Int, last: Int)
        -> (count: Int, shown: [(Int, Range<Int>)])
    {
        guard !range.isEmpty else { return (0, []) }
        let count = text.withUnsafeBufferPointer { bytes in
            var breaks = 0
            for index in range where bytes[index] == 0x0A { breaks += 1 }
            return breaks + (bytes[range.upperBound - 1] == 0x0A ? 0 : 1)
        }
        var shown: [(Int, Range<Int>)] = []
        var start = range.lowerBound
        for line in 0..<min(count, first) {
            var end = start
            while end < range.upperBound, text[end] != 0x0A { end += 1 }
            end = min(end + 1, range.upperBound)
            shown.append((line, start..<end))
            start = end
        }
        var tail: [(Int, Range<Int>)] = []
        var end = range.upperBound
        for line in stride(from: count - 1, through: max(min(count, first), count - last), by: -1) {
            var lineStart = end - 1
            while lineStart > range.lowerBound, text[lineStart - 1] != 0x0A { lineStart -= 1 }
            tail.append((line, lineStart..<end))
            end = lineStart
        }
        return (count, shown + tail.reversed())
    }

    /// The one region from the first line that differs to the last.
    private static func changedRegion(_ old: [UInt8], _ new: [UInt8]) -> Region {
        let shorter = min(old.count, new.count)
        var first = 0
        while first < shorter, old[first] == new[first] { first += 1 }
        let start = lineStart(old, before: first)
        var same = 0
        while same < shorter - start, old[old.count - 1 - same] == new[new.count - 1 - same] { same += 1 }
        return extended(
            Region(old: start..<(old.count - same), new: start..<(new.count - same)), old, new, limit: old.count)
    }

    /// The regions of `edits` (sorted, not overlapping) widened to whole lines, those that
    /// then touch or share a line merged.
    private static func regions(of edits: [TextEdit], old: [UInt8], new: [UInt8]) -> [Region] {
        var regions: [Region] = []
        var shift = 0
        for edit in TextEdit.sorted(edits) {
            let newStart = edit.range.lowerBound + shift
            shift += edit.replacement.count - edit.range.count
            // Back to the start of its line: the text before it is the same in both.
            let start = lineStart(old, before: edit.range.lowerBound)
            var region = Region(
                old: start..<edit.range.upperBound,
                new: (newStart - (edit.range.lowerBound - start))..<(newStart + edit.replacement.count))
            if let last = regions.last, start <= last.old.upperBound {
                region = Region(
                    old: last.old.lowerBound..<region.old.upperBound, new: last.new.lowerBound..<region.new.upperBound)
                regions.removeLast()
            }
            regions.append(region)
        }
        // On to the end of each one's last line, merged with the next when that line runs into it.
        var merged: [Region] = []
        var index = 0
        while index < regions.count {
            var region = regions[index]
            while true {
                let limit = index + 1 < regions.count ? regions[index + 1].old.lowerBound : old.count
                region = extended(region, old, new, limit: limit)
                // `extended` stops at the next region: reaching it mid-line, they share that line.
                guard index + 1 < regions.count, region.old.upperBound == regions[index + 1].old.lowerBound,
                    !isLineEnd(old, region.old.upperBound) || !isLineEnd(new, region.new.upperBound)
                else { break }
                index += 1
                region = Region(
                    old: region.old.lowerBound..<regions[index].old.upperBound,
                    new: region.new.lowerBound..<regions[index].new.upperBound)
            }
            merged.append(region)
            index += 1
        }
        return merged
    }

    /// `region` widened over the same text after it, up to `limit` in `old`, until both
    /// its ends close a line (or reach the texts' ends).
    private static func extended(_ region: Region, _ old: [UInt8], _ new: [UInt8], limit: Int) -> Region {
        guard !isLineEnd(old, region.old.upperBound) || !isLineEnd(new, region.new.upperBound) else { return region }
        var end = region.old.upperBound
        while end < limit, old[end] != 0x0A { end += 1 }
        if end < limit { end += 1 }
        return Region(
            old: region.old.lowerBound..<end,
            new: region.new.lowerBound..<(region.new.upperBound + end - region.old.upperBound))
    }

    /// Whether `position` ends a line of `text`: the start, a line break before it, or the end.
    private static func isLineEnd(_ text: [UInt8], _ position: Int) -> Bool {
        position == 0 || position == text.count || text[position - 1] == 0x0A
    }

    /// The start of the line holding `position`.
    private static func lineStart(_ text: [UInt8], before position: Int) -> Int {
        var start = position
        while start > 0, text[start - 1] != 0x0A { start -= 1 }
        return start
    }

    private struct Step {
        enum Kind { case same, deleted, inserted }
        var kind: Kind
        var oldIndex: Int
        var newIndex: Int
        /// The line shown (the old one unless inserted); empty in a script of indices only.
        var line: ArraySlice<UInt8> = []
    }

    /// The shortest edit script from `a` to `b` (Myers, 1986), as steps in order. The lines
    /// both texts start and end with are matched first, so the search covers only the changed
    /// middle, and each depth keeps only the diagonals it reached (memory grows with the
    /// square of the number of changed lines, not with the file's length).
    private static func editScript(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>], exactSearchDepth: Int) -> [Step]
    {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let middle = middleScript(
            Array(a[prefix..<(a.count - suffix)]), Array(b[prefix..<(b.count - suffix)]),
            exactSearchDepth: exactSearchDepth)
        return (0..<prefix).map { Step(kind: .same, oldIndex: $0, newIndex: $0) }
            + middle.map { Step(kind: $0.kind, oldIndex: $0.oldIndex + prefix, newIndex: $0.newIndex + prefix) }
            + (0..<suffix).map { Step(kind: .same, oldIndex: a.count - suffix + $0, newIndex: b.count - suffix + $0) }
    }

    /// Myers' search is exact but takes time and memory that grow with the square of the
    /// changed lines: past this many, the middle is split at lines that occur once in each
    /// text (patience diff's anchors) and only the gaps between them are searched. A prune
    /// of 40,000 keys then diffs in linear time instead of minutes and gigabytes.
    package static let defaultExactSearchDepth = 2_000

    private static func middleScript(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>], exactSearchDepth: Int)
        -> [Step]
    {
        if let exact = shortestScript(a, b, maximumDepth: exactSearchDepth) { return exact }
        return anchoredScript(a, b, exactSearchDepth: exactSearchDepth)
    }

    /// The middle split at the lines found once in `a` and once in `b`, kept in the order
    /// both texts have them (the longest increasing run), each gap searched exactly when it
    /// is small enough and otherwise deleted and inserted whole.
    private static func anchoredScript(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>], exactSearchDepth: Int)
        -> [Step]
    {
        var counts: [ArraySlice<UInt8>: (a: Int, b: Int, bIndex: Int)] = [:]
        for line in a { counts[line, default: (0, 0, 0)].a += 1 }
        for (index, line) in b.enumerated() {
            counts[line, default: (0, 0, 0)].b += 1
            counts[line]!.bIndex = index
        }
        let pairs = a.indices.compactMap { index -> (Int, Int)? in
            guard let count = counts[a[index]], count.a == 1, count.b == 1 else { return nil }
            return (index, count.bIndex)
        }
        var steps: [Step] = []
        var x = 0, y = 0
        for (anchorA, anchorB) in longestIncreasingRun(pairs) + [(a.count, b.count)] {
            let gapA = Array(a[x..<anchorA]), gapB = Array(b[y..<anchorB])
            let gap =
                shortestScript(gapA, gapB, maximumDepth: exactSearchDepth)
                ?? gapA.indices.map { Step(kind: .deleted, oldIndex: $0, newIndex: 0) }
                + gapB.indices.map { Step(kind: .inserted, oldIndex: gapA.count, newIndex: $0) }
            steps += gap.map { Step(kind: $0.kind, oldIndex: $0.oldIndex + x, newIndex: $0.newIndex + y) }
            if anchorA < a.count { steps.append(Step(kind: .same, oldIndex: anchorA, newIndex: anchorB)) }
            x = anchorA + 1
            y = anchorB + 1
        }
        return steps
    }

    /// Of `pairs` (ascending in their first index), the longest run ascending in the second
    /// too (patience sorting, n log n).
    private static func longestIncreasingRun(_ pairs: [(Int, Int)]) -> [(Int, Int)] {
        var tails: [Int] = []  // index into pairs of the smallest tail of each run length
        var previous = [Int](repeating: -1, count: pairs.count)
        for (index, pair) in pairs.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if pairs[tails[middle]].1 < pair.1 { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [(Int, Int)] = []
        var index = tails.last ?? -1
        while index >= 0 {
            run.append(pairs[index])
            index = previous[index]
        }
        return run.reversed()
    }

    /// Myers' shortest edit script, or nil when it needs more than `maximumDepth` changes.
    private static func shortestScript(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>], maximumDepth: Int)
        -> [Step]?
    {
        let n = a.count, m = b.count, maximum = n + m
        guard maximum > 0 else { return [] }
        var frontier = [Int](repeating: 0, count: 2 * maximum + 2)
        // trace[d] holds the frontier after depth d - 1, diagonals -d…d (all depth d reads).
        var trace: [[Int]] = []
        var found = false
        for depth in 0...maximum {
            if depth > maximumDepth { return nil }
            trace.append(Array(frontier[(maximum - depth)...(maximum + depth)]))
            for diagonal in stride(from: -depth, through: depth, by: 2) {
                let k = diagonal + maximum
                var x =
                    diagonal == -depth || (diagonal != depth && frontier[k - 1] < frontier[k + 1])
                    ? frontier[k + 1] : frontier[k - 1] + 1
                var y = x - diagonal
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                frontier[k] = x
                if x >= n, y >= m { found = true; break }
            }
            if found { break }
        }
        // Walk back through the saved frontiers.
        var steps: [Step] = []
        var x = n, y = m
        for depth in stride(from: trace.count - 1, through: 0, by: -1) {
            let saved = trace[depth]
            let diagonal = x - y, k = diagonal + depth  // index into the window -depth…depth
            let previousDiagonal =
                diagonal == -depth || (diagonal != depth && saved[k - 1] < saved[k + 1])
                ? diagonal + 1 : diagonal - 1
            let previousX = depth == 0 ? 0 : saved[previousDiagonal + depth]
            let previousY = previousX - previousDiagonal
            while x > previousX, y > previousY {
                x -= 1; y -= 1; steps.append(Step(kind: .same, oldIndex: x, newIndex: y))
            }
            if depth > 0 {
                if x == previousX {
                    y -= 1; steps.append(Step(kind: .inserted, oldIndex: x, newIndex: y))
                } else {
                    x -= 1; steps.append(Step(kind: .deleted, oldIndex: x, newIndex: y))
                }
            }
        }
        return steps.reversed()
    }

    /// Lines as diff and patch see them: each up to and including its `\n` (a CR stays part
    /// of its line, so a CRLF line shows and applies as such).
    private static func lines(_ text: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = text.startIndex
        for index in text.indices where text[index] == 0x0A {
            result.append(text[start...index])
            start = index + 1
        }
        if start < text.endIndex { result.append(text[start...]) }
        return result
    }

    /// A line as diff shows it: without its `\n`, and followed by `\ No newline at end of
    /// file` when it has none.
    private static func show(_ line: ArraySlice<UInt8>) -> String {
        let hasBreak = line.last == 0x0A
        return String(decoding: hasBreak ? line.dropLast() : line, as: UTF8.self) + "\n"
            + (hasBreak ? "" : "\\ No newline at end of file\n")
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : "\(start + 1),\(count)"
    }
}
