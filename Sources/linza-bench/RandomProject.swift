import Foundation
import LinzaKit

/// A small Swift and Objective-C project with three languages' tables and a String Catalog, changed one random
/// step at a time in the ways a working tree changes between builds: edits (some of the
/// same size, within the same second of the clock), new, deleted, renamed, touched and
/// replaced files, table edits and configuration changes; and changes of folders: a source
/// in a new subfolder, a folder of sources renamed or moved into another, an `.lproj`
/// folder removed, renamed or added for a new language, a source or a table replaced by a
/// symbolic link to another file.
///
/// With its own clock (`keepsClock`), every file it writes is stamped with that clock's
/// time, which moves on by a random step before each change: less than a second (edits
/// within one tick of a coarse clock), a few seconds (just out of the cache's racy window)
/// or longer. A run "at" that time then sees files as a run some time later would, so
/// records made from files that stopped changing are used, as between real builds.
struct RandomProject {
    let root: String
    var configurationFile: String { root + "/.linza.yml" }
    /// The project's clock in nanoseconds since 1970, when it keeps one.
    private(set) var clock: Int64?
    private var random: SeededRandom
    /// The sources that are regular files (a source replaced by a link is left out: it is
    /// not edited through the link).
    private var sources: [String] = []
    private var nextFile = 0
    private var nextFolder = 0
    static let languages = ["en", "de", "fr"]
    /// The languages an `.lproj` folder may be added for.
    static let possibleLanguages = languages + ["es", "ja"]
    /// The languages whose `.lproj` folder is there.
    private var present = RandomProject.languages

    init(root: String, seed: UInt64, keepsClock: Bool = false) throws {
        self.root = root
        random = SeededRandom(seed: seed)
        // A day ago: the stamped times stay in the past while the runs go on.
        clock = keepsClock ? Int64(Date().timeIntervalSince1970 - 86_400) * 1_000_000_000 : nil
        for folder in ["Sources"] + Self.languages.map({ "Resources/\($0).lproj" }) {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try write(configurationFile, configuration())
        for _ in 0..<12 { try addSource() }
        for language in Self.languages { try write(table(language), tableText()) }
        try write(catalog, catalogText())
        if clock != nil { for folder in folderListings().keys { try stamp(folder) } }
    }

    /// Makes one random change and says what it was. With its own clock, each folder whose
    /// entries changed is stamped with the clock too, as a file system stamps it with its
    /// own: a folder changed twice within one tick of a coarse clock keeps its times.
    mutating func change() throws -> String {
        guard clock != nil else { return try makeChange() }
        let before = folderListings()
        let made = try makeChange()
        for (folder, names) in folderListings() where before[folder] != names { try stamp(folder) }
        return made
    }

    /// Each folder of the project with its entries' names.
    private func folderListings() -> [String: [String]] {
        var listings: [String: [String]] = [:]
        var pending = [root]
        while let folder = pending.popLast() {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            listings[folder] = names
            for name in names {
                var info = stat()
                let path = folder + "/" + name
                if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { pending.append(path) }
            }
        }
        return listings
    }

    private mutating func makeChange() throws -> String {
        if let time = clock {
            switch random.int(0..<10) {
            case 0..<4: clock = time + Int64(random.int(0..<900)) * 1_000_000
            case 4..<7: clock = time + Int64(random.int(1_000...3_000)) * 1_000_000
            default: clock = time + Int64(random.int(3...60)) * 1_000_000_000
            }
        }
        switch random.int(0..<120) {
        case 0..<25:
            let path = random.pick(sources)
            try write(path, sourceText(for: path))
            return "an edit of \(path)"
        case 25..<45:
            return try sameSizeEdit()
        case 45..<52:
            try touch(random.pick(sources))
            return "a touch"
        case 52..<60:
            try addSource()
            return "a new source"
        case 60..<66 where sources.count > 3:
            let path = sources.remove(at: random.int(0..<sources.count))
            try FileManager.default.removeItem(atPath: path)
            return "the deletion of \(path)"
        case 66..<72:
            let index = random.int(0..<sources.count)
            let renamed = newSourcePath(objectiveC: sources[index].hasSuffix(".m"))
            try FileManager.default.moveItem(atPath: sources[index], toPath: renamed)
            sources[index] = renamed
            return "a rename to \(renamed)"
        case 72..<78:
            // How editors and `git checkout` write: a new file renamed over the old one,
            // with the old one's size and modification time.
            let path = random.pick(sources)
            let old = try attributes(path)
            var text = try String(contentsOfFile: path, encoding: .utf8)
            text = Self.replacingOneDigit(text, using: &random)
            try write(path + ".tmp", text)
            try setModificationTime(path + ".tmp", old)
            _ = rename(path + ".tmp", path)
            return "a replacement of \(path) by a rename, same size and time"
        case 78..<85 where !present.isEmpty:
            let language = random.pick(present)
            try write(table(language), tableText())
            return "an edit of the \(language) table"
        case 85..<88:
            try write(catalog, catalogText())
            return "an edit of the String Catalog"
        case 88..<95:
            try write(configurationFile, configuration())
            return "a configuration change"
        case 95..<100:
            return try movingEdit()
        case 100..<120:
            return try folderChange()
        default:
            return "no change"
        }
    }

    /// A change of folders: what a warm run must see although no file it knows was edited.
    private mutating func folderChange() throws -> String {
        let groups = sourceFolders
        switch random.int(0..<6) {
        case 0:
            // Nested in another subfolder now and then.
            let parent = random.chance(30) && !groups.isEmpty ? random.pick(groups) : root + "/Sources"
            nextFolder += 1
            let folder = parent + "/Group\(nextFolder)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            nextFile += 1
            let path = folder + "/File\(nextFile).swift"
            sources.append(path)
            try write(path, sourceText(for: path))
            return "a new source in the new folder \(folder)"
        case 1 where !groups.isEmpty:
            let folder = random.pick(groups)
            // Renamed in place, or moved into another folder that is not inside it.
            let others = groups.filter { $0 != folder && !$0.hasPrefix(folder + "/") }
            let parent = random.chance(40) && !others.isEmpty ? random.pick(others) : root + "/Sources"
            nextFolder += 1
            let moved = parent + "/Group\(nextFolder)"
            try FileManager.default.moveItem(atPath: folder, toPath: moved)
            sources = sources.map { $0.hasPrefix(folder + "/") ? moved + $0.dropFirst(folder.count) : $0 }
            return "the folder \(folder) moved to \(moved)"
        case 2 where !present.isEmpty:
            let language = present.remove(at: random.int(0..<present.count))
            try FileManager.default.removeItem(atPath: lproj(language))
            return "the removal of \(language).lproj"
        case 3 where present.count < Self.possibleLanguages.count:
            let language = random.pick(Self.possibleLanguages.filter { !present.contains($0) })
            if !present.isEmpty, random.chance(50) {
                // A folder renamed to another language, its table with it.
                let old = present.remove(at: random.int(0..<present.count))
                try FileManager.default.moveItem(atPath: lproj(old), toPath: lproj(language))
                present.append(language)
                return "\(old).lproj renamed to \(language).lproj"
            }
            try FileManager.default.createDirectory(atPath: lproj(language), withIntermediateDirectories: true)
            try write(table(language), tableText())
            present.append(language)
            return "a new language folder \(language).lproj"
        case 4 where sources.count > 3:
            // A source replaced by a link to another source, which it then reads as.
            let path = sources.remove(at: random.int(0..<sources.count))
            let target = random.pick(sources)
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
            return "\(path) replaced by a link to \(target)"
        case 5 where present.count > 1:
            let language = random.pick(present)
            let target = table(random.pick(present.filter { $0 != language }))
            try? FileManager.default.removeItem(atPath: table(language))
            try FileManager.default.createSymbolicLink(atPath: table(language), withDestinationPath: target)
            return "the \(language) table replaced by a link to \(target)"
        default:
            return "no change of folders"
        }
    }

    /// The subfolders of `Sources`, at any depth.
    private var sourceFolders: [String] {
        let base = root + "/Sources"
        guard let found = FileManager.default.enumerator(atPath: base) else { return [] }
        var folders: [String] = []
        while let relative = found.nextObject() as? String {
            var isFolder: ObjCBool = false
            let path = base + "/" + relative
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
                (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil
            {
                folders.append(path)
            }
        }
        return folders.sorted()
    }

    /// One digit of a key changed: the size stays. When the file was written within the
    /// current second, its modification time is set back, as a one-second clock would
    /// leave it.
    private mutating func sameSizeEdit() throws -> String {
        let path = random.pick(sources)
        let before = try attributes(path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try write(path, Self.replacingOneDigit(text, using: &random))
        // With its own clock, the file is stamped with it; a one-second clock may then give
        // it the time it had.
        if clock == nil, Int64(before.tv_sec) == Int64(Date().timeIntervalSince1970) {
            try setModificationTime(path, before)
            return "a same-size edit of \(path) within its second"
        }
        return "a same-size edit of \(path)"
    }

    /// Lines added or indented, so that what the file's scan finds moves without changing
    /// (`ShiftedFindings`), or a `linza:disable:next` comment stops reaching its line.
    private mutating func movingEdit() throws -> String {
        let path = random.pick(sources)
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map(String.init)
        let at = random.int(0..<lines.count)
        if random.chance(50) {
            lines[at] = "  " + lines[at]
        } else {
            lines.insert(
                contentsOf: Array(repeating: random.chance(50) ? "" : "// moved", count: random.int(1...3)), at: at)
        }
        try write(path, lines.joined(separator: "\n"))
        return "lines moved in \(path)"
    }

    private mutating func addSource() throws {
        let path = newSourcePath(objectiveC: random.chance(25))
        sources.append(path)
        try write(path, sourceText(for: path))
    }

    private mutating func newSourcePath(objectiveC: Bool) -> String {
        nextFile += 1
        return root + "/Sources/File\(nextFile)" + (objectiveC ? ".m" : ".swift")
    }

    private mutating func sourceText(for path: String) -> String {
        var lines: [String] = []
        let objectiveC = path.hasSuffix(".m")
        for _ in 0..<random.int(1...8) {
            let key = "key.\(random.int(0..<30))"
            if objectiveC {
                lines.append(
                    random.chance(80)
                        ? "NSString *s = NSLocalizedString(@\"\(key)\", nil);" : "NSString *t = @\"\(key)\";")
                continue
            }
            switch random.int(0..<11) {
            case 0: lines.append("let a = Loc(\"\(key)\")")
            case 1: lines.append("let b = NSLocalizedString(\"dynamic.\\(value)\", comment: \"\")")
            case 2:
                lines.append("// linza:disable:next missing_key\nlet c = NSLocalizedString(\"\(key)\", comment: \"\")")
            case 3: lines.append("let d = \"\(key)\"")
            case 4:
                lines.append(
                    "let e = String(localized: \"\(key)\", table: \"\(random.chance(50) ? "Other" : "Catalog")\")")
            // Through the generated accessors the configuration names, when it does: a key
            // any language's table has (the map is made of every language's keys).
            case 10: lines.append("let g = L10n." + key.replacingOccurrences(of: ".", with: "_"))
            default: lines.append("let f = NSLocalizedString(\"\(key)\", tableName: nil, value: \"v\", comment: \"c\")")
            }
        }
        if !objectiveC, random.chance(5) { lines.append("let broken = \"unterminated") }
        return lines.joined(separator: "\n") + "\n"
    }

    private mutating func tableText() -> String {
        (0..<30).filter { _ in random.chance(70) }.map { "\"key.\($0)\" = \"Text \($0) %@\";\n" }.joined()
    }

    /// Some keys, each in some of the three languages, one state each.
    private mutating func catalogText() -> String {
        let entries = (0..<30).filter { _ in random.chance(50) }.map { number -> String in
            let localizations = Self.languages.filter { _ in random.chance(70) }.map { language in
                let state = random.chance(80) ? "translated" : "needs_review"
                return
                    "\"\(language)\": { \"stringUnit\": { \"state\": \"\(state)\", \"value\": \"\(language) \(number) %@\" } }"
            }
            return "\"key.\(number)\": { \"localizations\": { \(localizations.joined(separator: ", ")) } }"
        }
        return
            "{ \"sourceLanguage\": \"en\", \"version\": \"1.0\", \"strings\": {\n\(entries.joined(separator: ",\n"))\n} }\n"
    }

    private var catalog: String { root + "/Resources/Catalog.xcstrings" }

    private mutating func configuration() -> String {
        var text = "development_language: en\nrequired_languages: [en, de, fr]\nresources: [Resources]\n"
        if random.chance(50) { text += "functions:\n  - name: Loc\n    key: 0\n" }
        if random.chance(30) { text += "default_table: Other\n" }
        if random.chance(70) {
            text += "accessors:\n  - root: L10n\n    naming: {replace: \"[.]\", with: \"_\"}\n    table: Localizable\n"
        }
        return text
    }

    private func table(_ language: String) -> String {
        lproj(language) + "/Localizable.strings"
    }

    private func lproj(_ language: String) -> String {
        root + "/Resources/\(language).lproj"
    }

    private func write(_ path: String, _ text: String) throws {
        // A table that was replaced by a link becomes a file of its own again, rather than
        // being written through the link (which may lead nowhere).
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil {
            try FileManager.default.removeItem(atPath: path)
        }
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        if clock != nil { try stamp(path) }
    }

    /// Sets the file's (or folder's) times to the project's clock.
    private func stamp(_ path: String) throws {
        guard let clock else { return }
        let time = timespec(tv_sec: Int(clock / 1_000_000_000), tv_nsec: Int(clock % 1_000_000_000))
        try setModificationTime(path, time)
    }

    private func attributes(_ path: String) throws -> timespec {
        var info = stat()
        guard stat(path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
        return info.st_mtim
    }

    private func touch(_ path: String) throws {
        if clock != nil { return try stamp(path) }
        guard utimensat(AT_FDCWD, path, nil, 0) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    private func setModificationTime(_ path: String, _ time: timespec) throws {
        let times = [time, time]  // access and modification
        guard utimensat(AT_FDCWD, path, times, 0) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    private static func replacingOneDigit(_ text: String, using random: inout SeededRandom) -> String {
        var bytes = Array(text.utf8)
        let digits = bytes.indices.filter { bytes[$0] >= UInt8(ascii: "0") && bytes[$0] <= UInt8(ascii: "9") }
        guard !digits.isEmpty else { return text }
        let index = random.pick(digits)
        bytes[index] = UInt8(ascii: "0") + UInt8((Int(bytes[index] - UInt8(ascii: "0")) + random.int(1...9)) % 10)
        return String(decoding: bytes, as: UTF8.self)
    }
}
