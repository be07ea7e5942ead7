import Foundation

/// A fresh folder under the system's temporary directory, removed when the test is done.
public final class TemporaryDirectory {
    public let path: String

    public init() {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/linza-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Creates `relativePath` (and its folders) with `contents`; returns the absolute path.
    @discardableResult
    public func write(_ relativePath: String, _ contents: String) -> String {
        write(relativePath, bytes: Array(contents.utf8))
    }

    @discardableResult
    public func write(_ relativePath: String, bytes: [UInt8]) -> String {
        let full = path + "/" + relativePath
        try! FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(bytes))
        return full
    }

    /// Creates an empty folder.
    public func folder(_ relativePath: String) {
        try! FileManager.default.createDirectory(atPath: path + "/" + relativePath, withIntermediateDirectories: true)
    }
}
