import Foundation
import Testing

/// A source two modules compile (`shared:`): Fixtures/SharedSources has an app and its widget,
/// each with its own tables, and a formatter both compile. The widget's tables lack the
/// formatter's key, which the widget would show raw.
@Suite struct SharedSourcesTests {
    static let fixture = LinzaBinary.repositoryRoot + "/Fixtures/SharedSources"

    func copy() throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-shared-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: folder)
        return folder
    }

    @Test func aSharedSourceIsCheckedWithEachModuleThatCompilesIt() throws {
        let lint = try LinzaBinary.run(["--reporter", "json"], in: Self.fixture)
        #expect(lint.status == 1)
        let text = try LinzaBinary.run([], in: Self.fixture)
        #expect(
            text.standardOutput.contains(
                "Shared/DeliveryFormatter.swift:6:42: error: 'delivery.eta' is missing in de, en (2 of 2 languages) "
                    + "(module Widget) [missing_key]"))
        // The app has the key: one finding, the widget's.
        #expect(text.standardOutput.components(separatedBy: "error:").count == 2)
        #expect(text.standardError.contains("3 source files"))
    }

    @Test func syncAddsTheKeyToTheTablesOfEveryModuleThatCompilesTheSource() throws {
        let folder = try copy()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try LinzaBinary.run(["sync", "--apply"], in: folder).status == 0)
        let widget = try String(contentsOfFile: folder + "/Widget/en.lproj/Localizable.strings", encoding: .utf8)
        #expect(widget.hasSuffix("/* Delivery estimate */\n\"delivery.eta\" = \"Arrives at %@\";\n"))
        let app = try String(contentsOfFile: folder + "/App/en.lproj/Localizable.strings", encoding: .utf8)
        #expect(app.components(separatedBy: "delivery.eta").count == 2)
    }

    @Test func renameEditsTheSharedCallOnceAndEveryModulesTables() throws {
        let folder = try copy()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try LinzaBinary.run(["sync", "--apply"], in: folder).status == 0)
        let rename = try LinzaBinary.run(["rename", "delivery.eta", "delivery.arrival", "--apply"], in: folder)
        #expect(rename.status == 0, "\(rename.standardError)")
        let source = try String(contentsOfFile: folder + "/Shared/DeliveryFormatter.swift", encoding: .utf8)
        #expect(source.contains(#"NSLocalizedString("delivery.arrival", value: "Arrives at %@""#))
        for table in ["App/en.lproj", "App/de.lproj", "Widget/en.lproj"] {
            let text = try String(contentsOfFile: folder + "/\(table)/Localizable.strings", encoding: .utf8)
            #expect(text.contains("\"delivery.arrival\" = ") && !text.contains("delivery.eta"), "\(table)")
        }
    }

    @Test func renameInOneModuleRefusesASourceAnotherModuleChecksToo() throws {
        let folder = try copy()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try ProjectFiles.contents(folder)
        let rename = try LinzaBinary.run(
            ["rename", "delivery.eta", "delivery.arrival", "--module", "App", "--apply"], in: folder)
        #expect(rename.status == 2)
        #expect(
            rename.standardOutput.contains(
                "Shared/DeliveryFormatter.swift:6:42: error: this source is checked with module 'Widget' too, which "
                    + "--module leaves out: its tables would keep the old key; add --module Widget"))
        #expect(try ProjectFiles.contents(folder) == before)
    }

    /// `--on-collision suffix` would pick another free key in each module: one call cannot read both.
    @Test func renameRefusesWhenTheModulesWouldNameTheSharedCallDifferently() throws {
        let folder = try copy()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try LinzaBinary.run(["sync", "--apply"], in: folder).status == 0)
        let app = folder + "/App/en.lproj/Localizable.strings"
        let handle = try #require(FileHandle(forWritingAtPath: app))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\"delivery.arrival\" = \"Arrived\";\n".utf8))
        try handle.close()
        let before = try ProjectFiles.contents(folder)
        let rename = try LinzaBinary.run(
            ["rename", "delivery.eta", "delivery.arrival", "--on-collision", "suffix", "--apply"], in: folder)
        #expect(rename.status == 2)
        #expect(
            rename.standardOutput.contains(
                "'delivery.eta' here would become 'delivery.arrival1' for one module that checks this source and "
                    + "'delivery.arrival' for another"))
        #expect(try ProjectFiles.contents(folder) == before)
    }

    @Test func sharedIsAModulesSettingOnly() throws {
        let folder = try copy()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("shared: [Shared]\n".utf8).write(to: URL(fileURLWithPath: folder + "/.linza.yml"))
        let lint = try LinzaBinary.run([], in: folder)
        #expect(lint.status == 2)
        #expect(lint.standardError.contains(".linza.yml:1:1: error: unknown key 'shared'"), "\(lint.standardError)")
    }
}
