import Foundation
@testable import LinzaBase
@testable import LinzaConfiguration
import LinzaTestSupport
import Testing

/// `linza watch`'s reply: kept encoded as paths come and go, read back as what was set, paths
/// sharing a hash left out, anything else refused; and the tree watcher behind it, whose
/// signatures must be what `stat` says after every kind of change.
@Suite struct WatchedSignaturesTests {
    static func entry(_ number: Int, folder: Bool = false) -> WatchedSignatures.Entry {
        WatchedSignatures.Entry(
            signature: FileSignature(
                device: 1, inode: UInt64(number), size: Int64(number * 3), modified: Int64(number) * 7,
                changed: Int64(number) * 11),
            isFolder: folder)
    }

    @Test func aReplyReadsBackAsTheEntriesLastSet() throws {
        var random = SystemRandomNumberGenerator()
        var reply = EncodedReply()
        var expected: [String: WatchedSignatures.Entry] = [:]
        for step in 0..<3_000 {
            let path = "/project/Sources/File\(Int.random(in: 0..<200, using: &random)).swift"
            if Bool.random(using: &random) {
                let entry = Self.entry(step, folder: step % 5 == 0)
                reply.set(path, entry)
                expected[path] = entry
            } else {
                reply.remove(path)
                expected[path] = nil
            }
        }
        let read = try #require(WatchedSignatures(decoding: (reply.header + reply.records)[...]))
        #expect(read.count == expected.count)
        for (path, entry) in expected {
            #expect(read.answers(path))
            let answered = entry.isFolder ? read.folderSignature(of: path) : read.signature(of: path)
            #expect(answered == entry.signature)
        }
        #expect(!read.answers("/project/Sources/Other.swift"))
        #expect(
            try #require(WatchedSignatures(decoding: WatchedSignatures.encoded(expected)[...])).count == expected.count)
    }

    /// A path the reply does not answer for, or answers as the other kind, is `stat`'ed.
    @Test func whatTheReplyDoesNotAnswerIsStated() throws {
        let folder = TemporaryDirectory()
        let file = folder.write("A.swift", "let a = 1\n")
        var reply = EncodedReply()
        reply.set(file, Self.entry(1, folder: true))
        let read = try #require(WatchedSignatures(decoding: (reply.header + reply.records)[...]))
        #expect(read.signature(of: file) == FileSignature.of(file))
        #expect(read.folderSignature(of: file) == Self.entry(1).signature)
        #expect(read.folderSignature(of: folder.path) == FileSignature.ofFolder(folder.path))
    }

    @Test func aForeignOrCutReplyIsRefused() {
        var reply = EncodedReply()
        for number in 0..<10 { reply.set("/p/\(number)", Self.entry(number)) }
        let bytes = reply.header + reply.records
        #expect(WatchedSignatures(decoding: bytes[...]) != nil)
        #expect(WatchedSignatures(decoding: bytes.dropLast()) == nil)
        #expect(WatchedSignatures(decoding: (bytes + [0])[...]) == nil)
        #expect(WatchedSignatures(decoding: Array("HTTP/1.1 400 Bad Request\r\n".utf8)[...]) == nil)
        var huge = bytes
        huge.replaceSubrange(
            WatchedSignatures.magic.count..<(WatchedSignatures.magic.count + 8),
            with: [255, 255, 255, 255, 255, 255, 255, 255])
        #expect(WatchedSignatures(decoding: huge[...]) == nil)
    }

    /// Two paths with one hash: the reply leaves both out (a run `stat`s them), and takes
    /// the one left back when the other goes.
    @Test func pathsSharingAHashAreLeftOut() throws {
        var reply = EncodedReply(hash: { UInt64($0.utf8.count) })
        reply.set("/p/a", Self.entry(1))
        reply.set("/p/bb", Self.entry(2))
        reply.set("/p/c", Self.entry(3))
        #expect(WatchedSignatures(decoding: (reply.header + reply.records)[...])?.count == 1)
        reply.remove("/p/c")
        #expect(WatchedSignatures(decoding: (reply.header + reply.records)[...])?.count == 2)
    }
}

#if os(Linux)
extension WatchedSignaturesTests {
    /// What a watcher must answer for `root`: every folder and every regular file with one
    /// name, hidden entries and links left out, as `lstat` gives them now.
    static func truth(_ root: String) -> [String: WatchedSignatures.Entry] {
        var found: [String: WatchedSignatures.Entry] = [
            root: .init(signature: FileSignature.ofFolder(root)!, isFolder: true)
        ]
        DirectoryWalker.walk(
            root,
            visit: { entry, name in
                guard !name.hasPrefix(".") else { return false }
                switch entry {
                case .directory(let path):
                    found[path] = .init(signature: FileSignature.ofFolder(path)!, isFolder: true)
                    return true
                case .file(let path):
                    var info = stat()
                    if lstat(path, &info) == 0, info.st_nlink == 1 {
                        found[path] = .init(signature: FileSignature.of(path)!, isFolder: false)
                    }
                    return false
                case .link: return false
                }
            }, failed: { _, _ in })
        return found
    }

    static func sync(_ watcher: TreeWatcher, cookies: String) throws {
        let cookie = WatchClient.cookiePrefix + UUID().uuidString
        try AtomicFile.write([], to: cookies + "/" + cookie)
        #expect(watcher.sync(cookie: cookie))
        unlink(cookies + "/" + cookie)
    }

    @Test func theWatchersSignaturesAreStatsAfterEveryKindOfChange() throws {
        let project = TemporaryDirectory()
        let cookies = TemporaryDirectory()
        let root = project.path
        project.write("Sources/A.swift", "let a = 1\n")
        project.write("Sources/Deep/B.swift", "let b = 1\n")
        project.write("en.lproj/Localizable.strings", "\"a\" = \"A\";\n")
        let watcher = TreeWatcher(root: root, cookieFolder: cookies.path)
        #expect(watcher.failure == nil)
        let changes: [(String, () throws -> Void)] = [
            ("an edit", { project.write("Sources/A.swift", "let a = 2 // longer\n") }),
            ("a same-size edit", { project.write("Sources/A.swift", "let a = 3 // longer\n") }),
            ("a chmod", { chmod(root + "/Sources/A.swift", 0o600) }),
            ("a new file", { project.write("Sources/C.swift", "let c = 1\n") }),
            ("a rename", { rename(root + "/Sources/C.swift", root + "/Sources/D.swift") }),
            (
                "a file replaced by a rename",
                {
                    project.write("Sources/E.swift", "x"); rename(root + "/Sources/E.swift", root + "/Sources/A.swift")
                }
            ),
            ("nested folders made at once", { project.write("New/One/Two/Three/F.swift", "let f = 1\n") }),
            (
                "a folder moved",
                { try FileManager.default.moveItem(atPath: root + "/New/One", toPath: root + "/Sources/One") }
            ),
            (
                "a folder moved out",
                { try FileManager.default.moveItem(atPath: root + "/Sources/One", toPath: cookies.path + "/One") }
            ),
            (
                "a folder moved in",
                { try FileManager.default.moveItem(atPath: cookies.path + "/One", toPath: root + "/Back") }
            ),
            ("a folder removed", { try FileManager.default.removeItem(atPath: root + "/Sources/Deep") }),
            ("a second hard link", { link(root + "/Sources/D.swift", root + "/Sources/G.swift") }),
            ("the second link removed", { unlink(root + "/Sources/G.swift") }),
            ("a link", { symlink(root + "/Sources/D.swift", root + "/Sources/L.swift") }),
            ("a hidden folder", { project.write(".build/H.swift", "x") }),
            ("a folder's chmod", { chmod(root + "/Back", 0o700) }),
            ("a table removed", { unlink(root + "/en.lproj/Localizable.strings") }),
        ]
        // A file that had a second name is not answered for until an event names it: when
        // the other name goes, nothing is said about it.
        let once = root + "/Sources/D.swift"
        for (what, change) in changes {
            try change()
            try Self.sync(watcher, cookies: cookies.path)
            #expect(watcher.failure == nil, "after \(what)")
            var truth = Self.truth(root)
            for (path, entry) in watcher.entries { #expect(truth[path] == entry, "\(path) after \(what)") }
            if watcher.entries[once] == nil { truth[once] = nil }
            #expect(Set(watcher.entries.keys) == Set(truth.keys), "after \(what)")
            let read = try #require(WatchedSignatures(decoding: (watcher.reply.header + watcher.reply.records)[...]))
            #expect(read.count == watcher.entries.count, "after \(what)")
        }
    }

    /// More events than the kernel queues (16,384 by default): the watcher lists the tree
    /// again and is exact afterwards.
    @Test func aFullEventQueueIsATreeListedAgain() throws {
        let project = TemporaryDirectory()
        let cookies = TemporaryDirectory()
        // Touched in turn, so that no two events in a row are alike (inotify merges those).
        let files = (0..<50).map { project.write("Many/\($0).swift", "let a = \($0)\n") }
        let watcher = TreeWatcher(root: project.path, cookieFolder: cookies.path)
        let queued =
            (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 16_384
        for number in 0...(queued + 100) {
            var times = [timespec(tv_sec: number, tv_nsec: 0), timespec(tv_sec: number, tv_nsec: 0)]
            utimensat(AT_FDCWD, files[number % files.count], &times, 0)
        }
        try Self.sync(watcher, cookies: cookies.path)
        #expect(watcher.failure == nil)
        #expect(watcher.listings == 2)
        #expect(watcher.entries == Self.truth(project.path))
    }
}
#endif
