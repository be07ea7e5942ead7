/// A unified diff (`diff -u`, three lines of context) of two texts, for the writing
/// commands' `--dry-run`. Lines are compared with their line breaks, so a changed line
/// ending shows; Myers' algorithm keeps it fast when few lines change in a large file.
public enum UnifiedDiff {
    /// The diff of `old` and `new`, labelled `a/label` and `b/label`; empty when equal.
    public static func make(label: String, old: [UInt8], new: [UInt8], context: Int = 3) -> String {
        guard old != new else { return "" }
        let a = lines(old), b = lines(new)
        let script = editScript(a, b)
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
            let oldStart = hunk.first { $0.kind != .inserted }?.oldIndex ?? script[start...].first { $0.kind != .inserted }?.oldIndex ?? a.count
            let newStart = hunk.first { $0.kind != .deleted }?.newIndex ?? script[start...].first { $0.kind != .deleted }?.newIndex ?? b.count
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

    /// The shortest edit script from `a` to `b` (Myers, 1986), as steps in order.
    private static func editScript(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Step] {
        let n = a.count, m = b.count, maximum = n + m
        var frontier = [Int](repeating: 0, count: 2 * maximum + 2)
        var trace: [[Int]] = []
        var found = false
        for depth in 0...maximum {
            trace.append(frontier)
            for diagonal in stride(from: -depth, through: depth, by: 2) {
                let k = diagonal + maximum
                var x = diagonal == -depth || (diagonal != depth && frontier[k - 1] < frontier[k + 1])
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
            let diagonal = x - y, k = diagonal + maximum
            let previousDiagonal = diagonal == -depth || (diagonal != depth && saved[k - 1] < saved[k + 1])
                ? diagonal + 1 : diagonal - 1
            let previousX = depth == 0 ? 0 : saved[previousDiagonal + maximum]
            let previousY = previousX - previousDiagonal
            while x > previousX, y > previousY { x -= 1; y -= 1; steps.append(Step(kind: .same, oldIndex: x, newIndex: y)) }
            if depth > 0 {
                if x == previousX { y -= 1; steps.append(Step(kind: .inserted, oldIndex: x, newIndex: y)) }
                else { x -= 1; steps.append(Step(kind: .deleted, oldIndex: x, newIndex: y)) }
            }
        }
        return steps.reversed()
    }

    /// Lines with their line breaks (`\n`, `\r\n` or `\r`).
    private static func lines(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0, index = 0
        while index < text.count {
            if text[index] == 0x0A || text[index] == 0x0D {
                if text[index] == 0x0D, index + 1 < text.count, text[index + 1] == 0x0A { index += 1 }
                result.append(text[start...index])
                start = index + 1
            }
            index += 1
        }
        if start < text.count { result.append(text[start...]) }
        return result
    }

    /// A line as diff shows it: without its line break, and followed by
    /// `\ No newline at end of file` when it has none.
    private static func show(_ line: ArraySlice<UInt8>) -> String {
        var bytes = line
        let hasBreak = bytes.last == 0x0A || bytes.last == 0x0D
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self) + "\n" + (hasBreak ? "" : "\\ No newline at end of file\n")
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : "\(start + 1),\(count)"
    }
}
