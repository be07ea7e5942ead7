import LinzaKit

/// What the staged changes touch, for `lint --staged --hook`: the lines of each file's staged
/// version the commit adds or changes, and every quoted text (and plist `<key>`) on a line it
/// adds or removes. A finding blocks the commit when it is at such a line, when it is about
/// a key written on such a line (a call site the commit adds, a table entry it edits or
/// deletes), or when it names no key and is in a file the commit changes (a table whose
/// syntax the edit broke is reported where the parser stopped, not always at the edit).
/// Every other error is debt the commit did not add: reported, not blocking.
///
/// Quoted texts over-approximate keys (a changed `Text("Cancel")` line also names the value
/// "Cancel"): the hook errs towards blocking, never towards letting a new finding through.
struct StagedChanges: Equatable {
    /// Absolute working-tree path → the lines of its staged version that are new or changed.
    var lines: [String: Set<Int>] = [:]
    /// Texts between double quotes, and `<key>` names, on added and removed lines.
    var texts: Set<String> = []

    /// The staged diff against HEAD (against nothing before the first commit).
    static func read(repository: String) throws(Git.Failure) -> StagedChanges {
        let diff = try Git.run([
            "-C", repository, "-c", "core.quotePath=false", "diff", "--cached", "-U0", "--no-color",
            "--no-ext-diff", "--no-textconv", "--no-renames", "--no-relative", "--src-prefix=a/", "--dst-prefix=b/",
        ])
        return parse(diff, repository: repository)
    }

    /// Reads a unified diff with zero context lines, as `git diff -U0` writes it.
    static func parse(_ diff: [UInt8], repository: String) -> StagedChanges {
        var changes = StagedChanges()
        var file: String?
        var inHunk = false
        var next = 0  // the staged line number the next added line has
        for raw in diff.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let line = String(decoding: raw, as: UTF8.self)
            if line.hasPrefix("diff --git ") {
                inHunk = false
                file = nil
            } else if !inHunk, line.hasPrefix("+++ ") {
                let name = unquoted(String(line.dropFirst(4)))
                file = name.hasPrefix("b/") ? repository + "/" + name.dropFirst(2) : nil
            } else if line.hasPrefix("@@ ") {
                inHunk = true
                next = newStart(line) ?? 0
            } else if inHunk, let first = line.first, first == "+" || first == "-" {
                let content = line.dropFirst()
                changes.texts.formUnion(quotedTexts(content))
                if first == "+", let file {
                    changes.lines[file, default: []].insert(next)
                    next += 1
                }
            }
        }
        return changes
    }

    /// Whether `diagnostic` is about what the commit changes.
    func blocks(_ diagnostic: Diagnostic) -> Bool {
        if let key = diagnostic.key, texts.contains(key) { return true }
        guard let changed = lines[diagnostic.location.file] else { return false }
        return diagnostic.key == nil || changed.contains(diagnostic.location.line)
    }

    /// The `c` of a hunk header `@@ -a,b +c,d @@`.
    private static func newStart(_ header: String) -> Int? {
        guard let plus = header.split(separator: " ").first(where: { $0.hasPrefix("+") }) else { return nil }
        return Int(plus.dropFirst().prefix { $0 != "," })
    }

    /// Git quotes a name with unusual bytes as a C string (`"b/caf\303\251.swift"`).
    static func unquoted(_ name: String) -> String {
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

    /// The texts between unescaped double quotes, and between `<key>` and `</key>`.
    static func quotedTexts(_ line: Substring) -> [String] {
        var texts: [String] = []
        var current: String?
        var escaped = false
        for character in line {
            if var text = current {
                if escaped {
                    text.append(character)
                    escaped = false
                    current = text
                } else if character == "\\" {
                    text.append(character)
                    escaped = true
                    current = text
                } else if character == "\"" {
                    texts.append(text)
                    current = nil
                } else {
                    text.append(character)
                    current = text
                }
            } else if character == "\"" {
                current = ""
            }
        }
        var rest = line[...]
        while let open = rest.firstRange(of: "<key>"), let close = rest[open.upperBound...].firstRange(of: "</key>") {
            texts.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return texts
    }
}
