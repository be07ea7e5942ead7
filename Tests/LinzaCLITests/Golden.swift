import Foundation
import Testing

/// The stored outputs the CLI tests compare with, byte for byte: `Fixtures/Expected/`.
///
/// A stored output names the project's folder `$ROOT` where the output names it (absolute
/// paths, or a run from another folder); a check gives the folder `$ROOT` stands for, `""`
/// for a run whose paths are relative to the project itself.
///
/// With `LINZA_UPDATE_GOLDENS=1` a check writes what the command printed instead of
/// comparing (the project's folder turned back into `$ROOT`), so that a deliberate change
/// of output is one test run and a `git diff` to review (docs/CONTRIBUTING.md). A check with
/// root `""` cannot tell where `$ROOT` stood, so it leaves a stored output that holds
/// `$ROOT` to the checks of it that give a folder: every such output has one.
enum Golden {
    static let folder = LinzaBinary.repositoryRoot + "/Fixtures/Expected/"
    static let updateVariable = "LINZA_UPDATE_GOLDENS"

    static var updating: Bool { ProcessInfo.processInfo.environment[updateVariable] == "1" }

    /// The stored output `name` (in `folder`), `$ROOT` replaced by `root` (`""`: paths
    /// relative to the project).
    static func text(_ name: String, root: String = "", in folder: String = folder) throws -> String {
        try String(contentsOfFile: folder + name, encoding: .utf8)
            .replacingOccurrences(of: "$ROOT/", with: root.isEmpty ? "" : root + "/")
            .replacingOccurrences(of: "$ROOT", with: root)
    }

    /// Expects `actual` to be the stored output `name` (in `folder`) with `$ROOT` as `root`;
    /// with `LINZA_UPDATE_GOLDENS=1`, stores `actual` as `name` instead.
    static func check(
        _ actual: String, _ name: String, root: String = "", in folder: String = folder,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let path = folder + name
        if updating {
            try update(actual, path, root: root)
            return
        }
        let expected = try text(name, root: root, in: folder)
        #expect(actual == expected, "differs from \(path)", sourceLocation: sourceLocation)
    }

    private static func update(_ actual: String, _ path: String, root: String) throws {
        if root.isEmpty {
            let stored = try? String(contentsOfFile: path, encoding: .utf8)
            if stored?.contains("$ROOT") == true { return }
            try write(actual, to: path)
            return
        }
        try write(
            actual.replacingOccurrences(of: root + "/", with: "$ROOT/").replacingOccurrences(of: root, with: "$ROOT"),
            to: path)
    }

    private static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // Only a change is written: parallel checks of one output then agree, and an unchanged
        // file keeps its time for build tools.
        if (try? String(contentsOfFile: path, encoding: .utf8)) != text {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
