/// A unified diff as `git diff` writes it (`--src-prefix=a/ --dst-prefix=b/`, any number of
/// context lines), read file by file: where each file is now, and for each hunk the lines of
/// the new version it covers and the lines it adds and removes. Shared by `lint --hook`
/// (what a commit touches) and the reports that put findings on changed lines first.
package enum GitDiff {
    /// One file's part of the diff.
    package struct File: Equatable, Sendable {
        /// The path in the new version, relative to the repository (after `b/`); nil when the
        /// diff deletes the file.
        package var path: String?
        /// Whether git shows no lines of the file ("Binary files … differ"): a UTF-16
        /// `.strings` file or a binary property list has NUL bytes, which git takes as binary.
        package var isBinary = false
        package var hunks: [Hunk] = []
    }

    /// One `@@ -a,b +c,d @@` hunk.
    package struct Hunk: Equatable, Sendable {
        /// The lines of the new version the hunk covers (`c` to `c + d - 1`); empty when it
        /// only removes lines.
        package var newLines: Range<Int>
        /// The added lines' text, without the `+`.
        package var added: [Substring] = []
        /// The removed lines' text, without the `-`.
        package var removed: [Substring] = []
    }

    /// The files of `diff`, in its order. Lines that are not part of a file's header or
    /// counted by a hunk's header are skipped, so a hunk's line that looks like a header
    /// (an added `+++ x`) is read as the content it is.
    package static func files(_ diff: [UInt8]) -> [File] {
        var files: [File] = []
        var removedLeft = 0, addedLeft = 0
        for raw in diff.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let line = Substring(decoding: raw, as: UTF8.self)
            if removedLeft > 0 || addedLeft > 0, let last = files.indices.last,
                let hunk = files[last].hunks.indices.last
            {
                let content = line.dropFirst()
                switch line.first {
                case "+":
                    files[last].hunks[hunk].added.append(content)
                    addedLeft -= 1
                    continue
                case "-":
                    files[last].hunks[hunk].removed.append(content)
                    removedLeft -= 1
                    continue
                case " ":
                    addedLeft -= 1
                    removedLeft -= 1
                    continue
                case "\\": continue  // "\ No newline at end of file"
                default:
                    // A hunk shorter than its header said (git writes none): read on as headers.
                    (removedLeft, addedLeft) = (0, 0)
                }
            }
            if line.hasPrefix("diff --git ") {
                files.append(File(path: pathInHeader(line.dropFirst("diff --git ".count))))
            } else if files.isEmpty {
                continue
            } else if line.hasPrefix("+++ ") {
                let name = unquoted(String(line.dropFirst(4)))
                files[files.count - 1].path = name.hasPrefix("b/") ? String(name.dropFirst(2)) : nil
            } else if line.hasPrefix("rename to ") || line.hasPrefix("copy to ") {
                files[files.count - 1].path = unquoted(String(line.drop { $0 != " " }.dropFirst(4)))
            } else if line.hasPrefix("deleted file mode ") {
                files[files.count - 1].path = nil
            } else if line.hasPrefix("Binary files ") || line == "GIT binary patch" {
                files[files.count - 1].isBinary = true
            } else if line.hasPrefix("@@ "), let ranges = hunkRanges(line) {
                files[files.count - 1].hunks.append(Hunk(newLines: ranges.new))
                removedLeft = ranges.removedCount
                addedLeft = ranges.new.count
            }
        }
        return files
    }

    /// `@@ -a,b +c,d @@`: how many old lines the hunk removes, and the new lines it covers
    /// (a count left out is 1).
    static func hunkRanges(_ header: Substring) -> (removedCount: Int, new: Range<Int>)? {
        let fields = header.split(separator: " ")
        guard fields.count >= 3, fields[1].hasPrefix("-"), fields[2].hasPrefix("+") else { return nil }
        func range(_ field: Substring) -> (start: Int, count: Int)? {
            let parts = field.dropFirst().split(separator: ",", omittingEmptySubsequences: false)
            guard let start = Int(parts[0]), start >= 0 else { return nil }
            guard parts.count == 2 else { return parts.count == 1 ? (start, 1) : nil }
            guard let count = Int(parts[1]), count >= 0, start <= Int.max - count else { return nil }
            return (start, count)
        }
        guard let old = range(fields[1]), let new = range(fields[2]) else { return nil }
        return (old.count, new.start..<(new.start + new.count))
    }

    /// The new path of `a/P b/P` (the header of a file whose name did not change, which is all
    /// a binary file's part may say of it): nil when the two names differ or cannot be told
    /// apart, in which case a later `+++` or `rename to` line names the file.
    static func pathInHeader(_ names: Substring) -> String? {
        if names.hasPrefix("\"") {
            // Two quoted names: "a/…" "b/…", each a C string with its quotes escaped.
            var index = names.index(after: names.startIndex)
            var escaped = false
            while index < names.endIndex {
                let character = names[index]
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    break
                }
                index = names.index(after: index)
            }
            guard index < names.endIndex else { return nil }
            let first = unquoted(String(names[...index]))
            let second = unquoted(String(names[names.index(after: index)...].dropFirst()))
            guard first.hasPrefix("a/"), second.hasPrefix("b/"), first.dropFirst(2) == second.dropFirst(2) else {
                return nil
            }
            return String(second.dropFirst(2))
        }
        // `a/P b/P`: 2n + 5 bytes.
        let bytes = Array(names.utf8)
        guard bytes.count >= 7, bytes.count % 2 == 1, bytes.starts(with: Array("a/".utf8)) else { return nil }
        let length = (bytes.count - 5) / 2
        let first = bytes[2..<(2 + length)]
        guard bytes[(2 + length)...].elementsEqual(Array(" b/".utf8) + first) else { return nil }
        return String(decoding: first, as: UTF8.self)
    }

    /// Git quotes a name with unusual bytes as a C string (`"b/caf\303\251.swift"`).
    package static func unquoted(_ name: String) -> String {
        guard name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 else { return name }
        var bytes: [UInt8] = []
        var iterator = Array(name.utf8.dropFirst().dropLast()).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "\\"), let escaped = iterator.next() else {
                bytes.append(byte)
                continue
            }
            switch escaped {
            case UInt8(ascii: "n"): bytes.append(10)
            case UInt8(ascii: "t"): bytes.append(9)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(escaped - UInt8(ascii: "0"))
                for _ in 0..<2 {
                    guard let digit = iterator.next() else { break }
                    value = value * 8 + Int(digit &- UInt8(ascii: "0"))
                }
                bytes.append(UInt8(truncatingIfNeeded: value))
            default: bytes.append(escaped)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
