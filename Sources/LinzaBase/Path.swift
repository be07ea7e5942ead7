#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// POSIX path helpers on plain strings. Paths here are always absolute and normalised
/// (no `.` or `..` components, no trailing slash), which keeps comparisons textual.
package enum Path {
    /// The process's working directory.
    package static func currentDirectory() -> String {
        guard let pointer = getcwd(nil, 0) else { return "/" }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// `path` made absolute against `base` and normalised lexically.
    package static func absolute(_ path: String, relativeTo base: String) -> String {
        normalize(path.hasPrefix("/") ? path : base + "/" + path)
    }

    /// Removes `.`, `..`, repeated and trailing slashes without touching the file system.
    ///
    /// Works on the UTF-8 bytes, as the file system splits a path: every `/` byte separates
    /// names (a `/` followed by a combining mark is one `Character`, but two names on disk).
    /// Configuration paths and every discovered file pass through here, so a path that is
    /// already normal is returned as it is, without a copy.
    package static func normalize(_ path: String) -> String {
        var path = path
        return path.withUTF8 { bytes in
            isNormal(bytes) ? nil : String(decoding: normalized(bytes), as: UTF8.self)
        } ?? path
    }

    /// Whether `bytes` start with `/` and have no empty, `.` or `..` name and no trailing slash.
    private static func isNormal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.first == slash else { return false }
        if bytes.count == 1 { return true }
        var nameStart = 1
        for index in 1...bytes.count where index == bytes.count || bytes[index] == slash {
            if isSpecialName(bytes, nameStart..<index) { return false }
            nameStart = index + 1
        }
        return true
    }

    /// Whether the name at `range` is empty, `.` or `..`.
    private static func isSpecialName(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        switch range.count {
        case 0: return true
        case 1: return bytes[range.lowerBound] == dot
        case 2: return bytes[range.lowerBound] == dot && bytes[range.lowerBound + 1] == dot
        default: return false
        }
    }

    /// The bytes of the normal form of `bytes`: `/`, then the names that remain, `/` between them.
    private static func normalized(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var names: [Range<Int>] = []
        var nameStart = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == slash {
            let name = nameStart..<index
            nameStart = index + 1
            guard isSpecialName(bytes, name) else {
                names.append(name)
                continue
            }
            if name.count == 2, !names.isEmpty { names.removeLast() }
        }
        var result: [UInt8] = [slash]
        result.reserveCapacity(bytes.count + 1)
        for (position, name) in names.enumerated() {
            if position > 0 { result.append(slash) }
            result.append(contentsOf: bytes[name])
        }
        return result
    }

    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")

    /// Whether `path` is `base` or lies inside it: `relative(path, to: base) != nil`, without
    /// building the relative path. ASCII paths are compared as bytes (the same answer, as
    /// no two ASCII characters combine across the `/`); others as `relative` compares them.
    /// The names of the entries of `folder`, `.` and `..` aside (none when it cannot be read).
    package static func entryNames(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// `path` with every link resolved (`realpath`), or nil when it leads nowhere.
    package static func real(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` with every link resolved, for a path that may not exist yet: its nearest
    /// existing folder resolved, the rest as it is.
    package static func realOrNearest(_ path: String) -> String {
        if let real = real(path) { return real }
        let parent = Path.parent(path)
        guard parent != path, !parent.isEmpty else { return path }
        return join(realOrNearest(parent), String(lastComponent(path)))
    }

    package static func isInside(_ path: String, _ base: String) -> Bool {
        let answer =
            path.utf8.withContiguousStorageIfAvailable { pathBytes in
                base.utf8.withContiguousStorageIfAvailable { baseBytes -> Bool? in
                    guard !pathBytes.contains(where: { $0 >= 0x80 }), !baseBytes.contains(where: { $0 >= 0x80 }) else {
                        return nil
                    }
                    if baseBytes.count == 1, baseBytes[0] == UInt8(ascii: "/") {
                        return pathBytes.first == UInt8(ascii: "/")
                    }
                    guard pathBytes.count >= baseBytes.count else { return false }
                    if let pathStart = pathBytes.baseAddress, let baseStart = baseBytes.baseAddress,
                        memcmp(pathStart, baseStart, baseBytes.count) != 0
                    {
                        return false
                    }
                    return pathBytes.count == baseBytes.count || pathBytes[baseBytes.count] == UInt8(ascii: "/")
                } ?? nil
            } ?? nil
        return answer ?? (relative(path, to: base) != nil)
    }

    /// `path` (absolute, normalised) and every folder above it, up to `/`, nearest first:
    /// the bases `isInside(path, base)` is true for.
    package static func ancestors(of path: String) -> [String] {
        var result = [path]
        var folder = path
        while folder.utf8.count > 1, folder.utf8.first == slash {
            folder = parent(folder)
            result.append(folder)
        }
        return result
    }

    /// Whether `name` is a language folder's (`de.lproj`), compared on bytes: discovery asks
    /// this of every table file, and `hasSuffix` compares characters.
    package static func isLanguageFolderName(_ name: Substring) -> Bool {
        name.utf8.count >= 6 && name.utf8.suffix(6).elementsEqual(".lproj".utf8)
    }

    /// Whether the file at `path` lies directly in a language folder (`…/de.lproj/Localizable.strings`).
    package static func isInLanguageFolder(_ path: String) -> Bool {
        isLanguageFolderName(lastComponent(parent(path)))
    }

    /// `path` relative to `base`, or nil when `path` is not inside `base`.
    package static func relative(_ path: String, to base: String) -> String? {
        if let answer = asciiRelative(path, to: base) { return answer }
        if path == base { return "" }
        let prefix = base == "/" ? "/" : base + "/"
        guard path.hasPrefix(prefix) else { return nil }
        return String(path.dropFirst(prefix.count))
    }

    /// `relative(_:to:)` on the bytes of two ASCII paths, where bytes and characters agree
    /// (a report prints thousands of paths); nil, undecided, when either path is not ASCII,
    /// since Unicode paths compare as strings do, by canonical equivalence.
    private static func asciiRelative(_ path: String, to base: String) -> String?? {
        var path = path
        var base = base
        return path.withUTF8 { pathBytes in
            base.withUTF8 { baseBytes -> String?? in
                guard pathBytes.allSatisfy({ $0 < 0x80 }), baseBytes.allSatisfy({ $0 < 0x80 }) else { return nil }
                if pathBytes.elementsEqual(baseBytes) { return .some("") }
                let slash = UInt8(ascii: "/")
                let isRoot = baseBytes.count == 1 && baseBytes[0] == slash
                let prefixLength = isRoot ? 1 : baseBytes.count + 1
                guard pathBytes.count >= prefixLength, pathBytes[prefixLength - 1] == slash,
                    pathBytes[0..<baseBytes.count].elementsEqual(baseBytes)
                else { return .some(nil) }
                return .some(String(decoding: pathBytes[prefixLength...], as: UTF8.self))
            }
        }
    }

    /// `path` relative to `base` (both absolute and normalised), with a `..` step for each of
    /// `base`'s folders `path` is not inside, as Xcode names a table outside the project
    /// (`original="../../Packages/Kit/en.lproj/Localizable.strings"`).
    package static func relativeWithParents(_ path: String, to base: String) -> String {
        if let inside = relative(path, to: base) { return inside }
        let pathParts = path.split(separator: "/")
        let baseParts = base.split(separator: "/")
        var common = 0
        while common < pathParts.count, common < baseParts.count, pathParts[common] == baseParts[common] {
            common += 1
        }
        let steps = Array(repeating: Substring(".."), count: baseParts.count - common) + pathParts[common...]
        return steps.joined(separator: "/")
    }

    /// The nearest folder at or above `directory` that holds an entry named `name` for
    /// which `accepts` is true, or nil.
    package static func nearestFolder(
        from directory: String, holding name: String,
        where accepts: (Kind) -> Bool = { $0 != .missing }
    ) -> String? {
        var folder = normalize(directory)
        while true {
            if accepts(kind(join(folder, name))) { return folder }
            if folder == "/" { return nil }
            folder = parent(folder)
        }
    }

    /// The root of the git work tree holding `directory`: the nearest folder with a `.git`
    /// entry (a folder, or a file in worktrees and submodules).
    package static func repositoryRoot(of directory: String) -> String? {
        nearestFolder(from: directory, holding: ".git")
    }

    /// `base/component`.
    package static func join(_ base: String, _ component: String) -> String {
        base == "/" ? "/" + component : base + "/" + component
    }

    /// The last path component.
    package static func lastComponent(_ path: String) -> Substring {
        guard let slash = lastSlash(path) else { return Substring(path) }
        return path[path.index(after: slash)...]
    }

    /// The path without its last component.
    package static func parent(_ path: String) -> String {
        guard let slash = lastSlash(path) else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether one of the path's components is `name` (`/a/Settings.bundle/en.lproj/…`).
    package static func hasComponent(_ path: String, named name: String) -> Bool {
        // On the bytes in place: discovery asks this of every table file.
        var path = path, name = name
        return path.withUTF8 { bytes in
            name.withUTF8 { wanted in
                var start = 0
                while start < bytes.count {
                    var end = start
                    while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
                    if end - start == wanted.count, wanted.indices.allSatisfy({ bytes[start + $0] == wanted[$0] }) {
                        return true
                    }
                    start = end + 1
                }
                return false
            }
        }
    }

    /// Found on the UTF-8 bytes: discovery asks for every file, and a `Character` search
    /// of each path was a tenth of it.
    private static func lastSlash(_ path: String) -> String.Index? {
        // Searched in the buffer: stepping `String.Index` back through the UTF-8 view cost
        // about 500 instructions a path, and discovery asks this twice of every table file.
        var path = path
        guard let offset = path.withUTF8({ $0.lastIndex(of: slash) }) else { return nil }
        return path.utf8.index(path.utf8.startIndex, offsetBy: offset)
    }

    /// What kind of thing is at `path`, following symbolic links.
    package enum Kind: Sendable {
        case missing
        case file
        case directory
    }

    /// Whether `path` is a file, a directory, or absent.
    package static func kind(_ path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }

    /// `path` with control characters (and the Unicode line separators) written as `\n`,
    /// `\u{1B}` and the like, for lines a terminal or an IDE reads; unchanged when it has none.
    package static func printable(_ path: String) -> String {
        // Bytes first: an ASCII path without control characters, nearly every path, is
        // printed as it is without decoding its scalars.
        let plain = path.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 < 0x20 || $0 >= 0x7F }
        }
        guard plain != true, path.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }),
            path.unicodeScalars.contains(where: isControl)
        else { return path }
        var result = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isControl(scalar): result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
            || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
