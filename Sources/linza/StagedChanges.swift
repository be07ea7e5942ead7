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
        for file in GitDiff.files(diff) {
            for hunk in file.hunks {
                for line in hunk.added + hunk.removed { changes.texts.formUnion(quotedTexts(line)) }
                if let path = file.path, !hunk.newLines.isEmpty {
                    changes.lines[Path.join(repository, path), default: []].formUnion(hunk.newLines)
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
