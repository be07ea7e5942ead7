extension Array where Element == Diagnostic {
    /// The findings in print order, equal findings in the order they came, none removed.
    ///
    /// A module's check returns its findings so, and its record keeps them so: a warm run's
    /// final sort (`sortedForOutput`) then meets runs already in order, which the standard
    /// library's sort merges in a pass instead of comparing each finding a dozen times (a
    /// monolith's 10,532 findings: 42 M of a warm run's 547 M instructions).
    package func inPrintOrder() -> [Diagnostic] {
        printOrderPositions(pieces: count >= 4096 ? ProcessInfoCores.active : 1).map { self[$0] }
    }

    /// The positions of the findings in print order (`Diagnostic.printOrder`, equal findings
    /// in the order they came): the order a stable sort leaves them in.
    ///
    /// Positions are sorted rather than the findings themselves, so no finding (eight
    /// reference-counted fields) is copied or moved while sorting: sorting Telegram-iOS's
    /// 17,719 findings by value was a tenth of a cached run. With `pieces` above one, that
    /// many runs of the positions are sorted on all cores and then merged, the earlier run
    /// first among equal findings, which is again the stable order.
    package func printOrderPositions(pieces: Int) -> [Int] {
        withUnsafeBufferPointer { items in
            let before = { (lhs: Int, rhs: Int) -> Bool in
                let comparison = Diagnostic.printOrderComparison(items[lhs], items[rhs])
                return comparison < 0 || (comparison == 0 && lhs < rhs)
            }
            let pieceCount = Swift.max(1, Swift.min(pieces, items.count))
            if pieceCount == 1 { return [Int](items.indices).sorted(by: before) }
            let bounds = (0...pieceCount).map { $0 * items.count / pieceCount }
            let shared = UncheckedSendable(before)
            let runs = (0..<pieceCount).map { bounds[$0]..<bounds[$0 + 1] }.concurrentMap { range in
                [Int](range).sorted(by: shared.value)
            }
            return runs.dropFirst().reduce(runs[0]) { Self.merged($0, $1, before: before) }
        }
    }

    /// Two sorted runs as one, `first`'s element first where neither is before the other.
    private static func merged(_ first: [Int], _ second: [Int], before: (Int, Int) -> Bool) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(first.count + second.count)
        var left = 0
        var right = 0
        while left < first.count, right < second.count {
            if before(second[right], first[left]) {
                result.append(second[right])
                right += 1
            } else {
                result.append(first[left])
                left += 1
            }
        }
        result += first[left...]
        result += second[right...]
        return result
    }
}
