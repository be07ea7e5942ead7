import LinzaBase

/// Which sources a Bazel workspace builds, read the simple way: a source belongs to the
/// package of the nearest folder above it with a `BUILD` (or `BUILD.bazel`) file, and is
/// built when a path pattern written in that file matches it (`glob(["Sources/**/*.swift"])`,
/// `"Telegram-iOS/Application.swift"`). Rules and macros are not evaluated: every string
/// with a `*` or a source file's extension counts, `exclude =` patterns too, so a source is
/// taken for built rather than left out when in doubt. Telegram builds this way and keeps
/// an old watch app no `BUILD` file names; its 24 missing keys are in code no build compiles.
struct BazelSources {
    let root: String
    /// The patterns of each folder's `BUILD` file, nil for a folder without one.
    private var patterns: [String: [[UInt8]]?] = [:]

    init(root: String) {
        self.root = root
    }

    /// Whether `root` is a Bazel workspace: `MODULE.bazel`, `WORKSPACE` or `WORKSPACE.bazel` at its top.
    static func isWorkspace(_ root: String) -> Bool {
        ["MODULE.bazel", "WORKSPACE", "WORKSPACE.bazel"].contains { Path.kind(Path.join(root, $0)) == .file }
    }

    /// Whether a pattern of the `BUILD` file of `source`'s package matches it (absolute path).
    /// A source in no package is not built.
    mutating func builds(_ source: String) -> Bool {
        var folder = Path.parent(source)
        while Path.relative(folder, to: root) != nil {
            if let patterns = patterns(of: folder) {
                guard let relative = Path.relative(source, to: folder) else { return false }
                let path = Array(relative.utf8)
                return patterns.contains { Self.matches(pattern: $0[...], path: path[...]) }
            }
            if folder == root { break }
            folder = Path.parent(folder)
        }
        return false
    }

    /// The patterns of the `BUILD` file in `folder`, or nil when there is none.
    private mutating func patterns(of folder: String) -> [[UInt8]]? {
        if let known = patterns[folder] { return known }
        let file = ["BUILD", "BUILD.bazel"].map { Path.join(folder, $0) }.first { Path.kind($0) == .file }
        let found = file.map { file in
            ((try? FileReader.read(file)) ?? []).withUnsafeBufferPointer(Self.strings).filter(Self.isPattern)
        }
        patterns[folder] = found
        return found
    }

    /// A string that names source files: a glob, or a path ending in a source extension.
    private static func isPattern(_ text: [UInt8]) -> Bool {
        if text.contains(UInt8(ascii: "*")) { return true }
        let name = String(decoding: text, as: UTF8.self)
        return [".swift", ".m", ".mm", ".h"].contains { name.hasSuffix($0) }
    }

    /// The string literals of a Starlark file (`"…"`, `'…'`, and their triple-quoted forms),
    /// without comments (`#` to the end of the line) and with escapes kept as written.
    static func strings(_ bytes: UnsafeBufferPointer<UInt8>) -> [[UInt8]] {
        var found: [[UInt8]] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            }
            guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") else {
                index += 1
                continue
            }
            let triple = index + 2 < bytes.count && bytes[index + 1] == byte && bytes[index + 2] == byte
            let width = triple ? 3 : 1
            var end = index + width
            var text: [UInt8] = []
            while end < bytes.count {
                if bytes[end] == UInt8(ascii: "\\"), end + 1 < bytes.count {
                    text += [bytes[end], bytes[end + 1]]
                    end += 2
                    continue
                }
                if bytes[end] == byte,
                    !triple || (end + 2 < bytes.count && bytes[end + 1] == byte && bytes[end + 2] == byte)
                {
                    break
                }
                // A one-line string ends at the line's end, closed or not.
                if !triple, bytes[end] == UInt8(ascii: "\n") { break }
                text.append(bytes[end])
                end += 1
            }
            found.append(text)
            index = end + width
        }
        return found
    }

    /// Bazel's glob: `*` matches within a folder name, `**` as a whole segment any number
    /// of folders (none too); every other byte itself.
    static func matches(pattern: ArraySlice<UInt8>, path: ArraySlice<UInt8>) -> Bool {
        let star = UInt8(ascii: "*"), slash = UInt8(ascii: "/")
        guard let first = pattern.first else { return path.isEmpty }
        if pattern.starts(with: [star, star]) {
            var rest = pattern.dropFirst(2)
            if rest.first == slash { rest = rest.dropFirst() }
            // `**` swallows whole folders: try after each `/` of the path, and the path itself.
            if matches(pattern: rest, path: path) { return true }
            var remaining = path
            while let separator = remaining.firstIndex(of: slash) {
                remaining = remaining[(separator + 1)...]
                if matches(pattern: rest, path: remaining) { return true }
            }
            return rest.isEmpty
        }
        if first == star {
            let rest = pattern.dropFirst()
            var remaining = path
            while true {
                if matches(pattern: rest, path: remaining) { return true }
                guard let next = remaining.first, next != slash else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let head = path.first, head == first else { return false }
        return matches(pattern: pattern.dropFirst(), path: path.dropFirst())
    }
}
