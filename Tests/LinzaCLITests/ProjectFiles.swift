import Foundation

/// Reading a project copy's files, as the writing commands' tests compare them.
enum ProjectFiles {
    /// Every file of `folder` (outside `.git`), relative path → bytes.
    static func contents(_ folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder) where !path.hasPrefix(".git/") {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder),
                !isFolder.boolValue
            else { continue }
            result[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
        }
        return result
    }

    /// Writes `files` (paths relative to `folder`, with their UTF-8 text), making the folders
    /// they are in.
    static func write(_ files: [String: String], in folder: String) throws {
        for (path, text) in files {
            let full = folder + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.createTestFile(atPath: full, contents: Data(text.utf8))
        }
    }

    /// The text of `path` in `folder`: UTF-16 LE when it starts with that BOM, else UTF-8.
    static func text(_ folder: String, _ path: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
        guard data.starts(with: [0xFF, 0xFE]) else { return String(decoding: data, as: UTF8.self) }
        let units = stride(from: 2, to: data.count - 1, by: 2).map { UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8 }
        return String(decoding: units, as: UTF16.self)
    }
}

extension FileManager {
    /// Writes a test's input file, or fails: a file that was not written would let the test
    /// pass for the wrong reason.
    func createTestFile(atPath path: String, contents: Data) throws {
        guard createFile(atPath: path, contents: contents) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }
}
