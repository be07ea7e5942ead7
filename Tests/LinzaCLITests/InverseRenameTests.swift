import Foundation
import Testing

/// Issue 37, item 14: a rename and its inverse give back every byte, also for a raw literal
/// whose `#` count the new key had to raise; and the empty key is refused both ways.
@Suite struct InverseRenameTests {
    /// The attack tests' project with `farewell` read through a raw literal.
    func project() throws -> String {
        let folder = try WriterAttackTests().project()
        try """
        let a = NSLocalizedString("greeting", comment: "Hello")
        let b = NSLocalizedString(#"farewell"#, value: "Bye", comment: "Bye")

        """.write(toFile: folder + "/app/A.swift", atomically: true, encoding: .utf8)
        return folder
    }

    @Test func aRawLiteralRenamedThereAndBackGivesBackEveryByte() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = folder + "/app"
        let original = try ProjectFiles.contents(app)
        let there = try LinzaBinary.run(["rename", "farewell", ##"fare"#well"##, "--apply"], in: app)
        #expect(there.status == 0, "\(there.standardError)")
        // The new key holds `"#`, so the literal needs two `#`s to hold it.
        #expect(try ProjectFiles.text(app, "A.swift").contains(###"NSLocalizedString(##"fare"#well"##, value:"###))
        let back = try LinzaBinary.run(["rename", ##"fare"#well"##, "farewell", "--apply"], in: app)
        #expect(back.status == 0, "\(back.standardError)")
        #expect(try ProjectFiles.contents(app) == original)
    }

    /// Renaming to the empty key was refused, but renaming from it was not, so such a rename
    /// could not be undone; both are refused now, with nothing written.
    @Test(arguments: [
        ["greeting", ""], ["", "greeting2"],
    ])
    func theEmptyKeyIsRefusedBothWays(_ keys: [String]) throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = folder + "/app"
        try """
        let a = NSLocalizedString("greeting", comment: "Hello")
        let e = NSLocalizedString("", comment: "empty")

        """.write(toFile: app + "/A.swift", atomically: true, encoding: .utf8)
        let original = try ProjectFiles.contents(app)
        let result = try LinzaBinary.run(["rename"] + keys + ["--apply"], in: app)
        #expect(result.status == 2)
        #expect(result.standardError.contains("Linza renames no key to or from it"), "\(result.standardError)")
        #expect(result.standardError.contains("nothing was written"))
        #expect(try ProjectFiles.contents(app) == original)
    }
}
