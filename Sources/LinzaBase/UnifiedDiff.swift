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
        let a = lines(old), b = lines(new)
        let script = editScript(a, b, exactSearchDepth: exactSearchDepth)
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
                .oldIndex ?? a.count
            let newStart =
                hunk.first { $0.kind != .deleted }?.newIndex ?? script[start...].first { $0.kind != .deleted }?.newIndex
                ?? b.count
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for step in hunk {
                switch step.kind {
                case .same: output += " " + show(a[step.oldIndex])
                case .deleted: output += "-" + show(a[step.oldIndex])
                case .inserted: output += "+" + show(b[step.newIndex])
                }
            }
            index = end
        }
        return output
    }

    private struct Step {
        enum Kind { case same, deleted, inserted }
        var kind: Kind
        var oldIndex: Int
        var newIndex: Int
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
    private static func lines(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for index in text.indices where text[index] == 0x0A {
            result.append(text[start...index])
            start = index + 1
        }
        if start < text.count { result.append(text[start...]) }
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
