import Foundation
@testable import LinzaBase
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaSetup
@testable import LinzaSources
@testable import LinzaWriting
import Testing

/// Helper views that exist only for previews: their calls are preview code, and a helper
/// that shipped code can use stays checked.
@Suite struct PreviewHelperTests {
    func scanned(_ code: String, path: String = "/p/View.swift") -> ScannedSource {
        SourceScanner(
            recognizer: CallRecognizer(
                functions: BuiltInFunctions.functions(swiftUI: true), defaultTable: "Localizable")
        )
        .scan(Array(code.utf8), path: path)
    }

    @Test func privateHelperUsedOnlyByPreviewsIsPreviewCode() {
        let code = #"""
            struct AvatarView: View {
                var body: some View { Text("avatar.title") }
            }
            #Preview { Wrapper() }
            @MainActor private struct Wrapper: View {
                var body: some View { Toggle("Avatar Shape", isOn: .constant(true)); Inner() }
            }
            private struct Inner: View {
                var body: some View { Text("Inner only for the wrapper") }
            }
            extension Wrapper { func label() -> some View { Text("In an extension") } }
            fileprivate enum Sample { static let title = NSLocalizedString("sample.title", comment: "") }
            struct Provider_Previews: PreviewProvider {
                static var previews: some View { Text(Sample.title) }
            }
            """#
        #expect(scanned(code).usages.compactMap(\.key.literal) == ["avatar.title"])
    }

    /// Named by shipped code (even through a signature), unused, public, or an internal
    /// class: checked. A private one with an attribute before `private` is still private.
    @Test func helpersShippedCodeCanUseStayChecked() {
        let code = #"""
            struct Screen: View {
                var body: some View { make() }
                private func make() -> Shared { Shared() }
            }
            #Preview { Shared(); Unused2() }
            private struct Shared: View { var body: some View { Text("shared") } }
            private struct Unused: View { var body: some View { Text("unused") } }
            public struct Unused2: View { var body: some View { Text("public") } }
            final class Controller { func title() -> String { NSLocalizedString("controller", comment: "") } }
            #Preview { Controller() }
            @available(iOS 17, *) private struct Attributed: View { var body: some View { Text("attributed") } }
            #Preview { Attributed() }
            """#
        #expect(scanned(code).usages.compactMap(\.key.literal) == ["shared", "unused", "public", "controller"])
    }

    /// An internal struct named only by the file's previews is settled once every file is
    /// scanned: its calls are kept, marked with its name.
    @Test func internalHelperIsMarkedForBinding() {
        let code = #"""
            struct Row: View { var body: some View { Text("row") } }
            struct Row_Previews: PreviewProvider { static var previews: some View { PreviewWrapper() } }
            struct PreviewWrapper: View {
                var body: some View { Toggle("Compact Mode", isOn: .constant(true)) }
            }
            """#
        let usages = scanned(code).usages
        #expect(usages.map(\.key.literal) == ["row", "Compact Mode"])
        #expect(usages.map(\.previewHelper) == [nil, "PreviewWrapper"])
    }

    @Test func bindingDropsInternalHelpersNoOtherFileNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linza-preview-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let helper = #"""
            struct Row: View { var body: some View { Text("row") } }
            #Preview { PreviewWrapper(); Shown() }
            struct PreviewWrapper: View { var body: some View { Text("wrapper") } }
            struct Shown: View { var body: some View { Text("shown") } }
            """#
        let other = "struct Screen: View { var body: some View { Shown() } } // not MyPreviewWrapper\n"
        let paths = [folder + "/Row.swift", folder + "/Screen.swift"]
        try helper.write(toFile: paths[0], atomically: true, encoding: .utf8)
        try other.write(toFile: paths[1], atomically: true, encoding: .utf8)
        let modules = [[scanned(helper, path: paths[0])], [scanned(other, path: paths[1])]]
        #expect(modules[0][0].usages.map(\.previewHelper) == [nil, "PreviewWrapper", "Shown"])
        let bound = PreviewHelperBinding.resolve(modules)
        #expect(bound[0][0].usages.compactMap(\.key.literal) == ["row", "shown"])
    }

    /// With a cache, a second run takes each unchanged file's mentions from its record and
    /// reads only the edited file, and binds exactly as a run without the cache.
    @Test func bindingTakesUnchangedFilesMentionsFromTheCache() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linza-preview-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let helper = #"""
            #Preview { PreviewWrapper() }
            struct PreviewWrapper: View { var body: some View { Text("wrapper") } }
            """#
        let paths = [folder + "/Row.swift", folder + "/Screen.swift", folder + "/Other.swift"]
        let texts = [helper, "struct Screen: View { var body: some View { Text(\"screen\") } }\n", "let x = 1\n"]
        for (path, text) in zip(paths, texts) { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        let later = FileSignature.now() + 60 * 1_000_000_000
        let cachePath = folder + "/scan.cache"
        func bound(_ cache: ScanCache?) -> [String] {
            let modules = [
                zip(paths, texts).map { scanned(try! String(contentsOfFile: $0.0, encoding: .utf8), path: $0.0) }
            ]
            return PreviewHelperBinding.resolve(modules, cache: cache).joined().flatMap {
                $0.usages.compactMap(\.key.literal)
            }
        }
        let first = ScanCache(path: cachePath, key: 1, now: later)
        #expect(bound(first) == ["screen"])
        #expect(first.mentionHits == 0)
        #expect(first.save())
        let second = ScanCache(path: cachePath, key: 1, now: later)
        #expect(bound(second) == ["screen"])
        #expect(second.mentionHits == 3)
        #expect(second.save())

        // Screen now shows the wrapper: its record is stale, so it is read, and the calls stay.
        try "struct Screen: View { var body: some View { PreviewWrapper() } }\n".write(
            toFile: paths[1], atomically: true, encoding: .utf8)
        let third = ScanCache(path: cachePath, key: 1, now: later)
        #expect(bound(third) == ["wrapper"])
        #expect(bound(nil) == ["wrapper"])
        #expect(third.mentionHits == 2)
    }
}
