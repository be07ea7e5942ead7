import Foundation
import Testing

/// `linza rename` where a call reads another module's table through that module's bundle,
/// in a file that also reads keys through SwiftGen's accessors (Mastodon's layout: a
/// localization module with its generated `L10n`, an app module calling into its bundle).
@Suite struct RenameAcrossModulesTests {
    /// The project: module Loc with its tables and SwiftGen's `L10n`, module App reading
    /// Loc's bundle directly and through an accessor.
    func project() throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-rename-modules-" + UUID().uuidString
        let files = [
            ".linza.yml": """
            development_language: en
            required_languages: [en, de]
            functions: [{name: L10n.tr, key: 1, table: 0, value: fallback}]
            accessors: [{root: L10n, file: Loc/Generated/Strings.swift}]
            modules:
              - {name: Loc, included: [Loc], resources: [Loc]}
              - {name: App, included: [App], resources: [App]}

            """,
            "Loc/Generated/Strings.swift": """
            import Foundation
            public enum L10n {
              public enum Greeting {
                public static func count(_ p1: Int) -> String {
                  return L10n.tr("Localizable", "greeting.count", p1, fallback: "Hello %d")
                }
                public static func names(_ p1: Any) -> String {
                  return L10n.tr("Localizable", "greeting.names", String(describing: p1), fallback: "Hi %@")
                }
              }
            }
            extension L10n {
              private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
                let format = Bundle.module.localizedString(forKey: key, value: value, table: table)
                return String(format: format, locale: Locale.current, arguments: args)
              }
            }

            """,
            "Loc/en.lproj/Localizable.strings": "\"greeting.count\" = \"Hello %d\";\n\"greeting.names\" = \"Hi %@\";\n",
            "Loc/de.lproj/Localizable.strings":
                "\"greeting.count\" = \"Hallo %d\";\n\"greeting.names\" = \"Hallo %@\";\n",
            "App/View.swift": """
            import Loc
            func greeting() -> String {
                _ = L10n.Greeting.names("a")
                return Loc.bundle.localizedString(forKey: "greeting.count", value: nil, table: "Localizable")
            }

            """,
        ]
        try ProjectFiles.write(files, in: folder)
        return folder
    }

    /// The call through Loc's bundle is renamed with both tables; the generated accessor's
    /// own literal is left, said to be generated again, and the renamed call is no "bare
    /// literal". (The check of the edited file indexed an empty list and crashed: SIGILL.)
    @Test func aCallThroughAnotherModulesBundleBesideAnAccessorIsRenamed() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let dryRun = try LinzaBinary.run(["rename", "--dry-run", "greeting.count", "greeting.total"], in: folder)
        #expect(dryRun.status == 0, "\(dryRun.standardOutput)\(dryRun.standardError)")
        #expect(dryRun.standardOutput.contains("+    return Loc.bundle.localizedString(forKey: \"greeting.total\""))
        #expect(
            dryRun.standardError.contains(
                "Loc/Generated/Strings.swift:5:37: 'greeting.count' is read here by the generated accessor "
                    + "`L10n.Greeting.count`; left as it is: generate this file again after the rename"))
        #expect(!dryRun.standardError.contains("App/View.swift"))
        let apply = try LinzaBinary.run(["rename", "--apply", "greeting.count", "greeting.total"], in: folder)
        #expect(apply.status == 0, "\(apply.standardOutput)\(apply.standardError)")
        #expect(try ProjectFiles.text(folder, "App/View.swift").contains("forKey: \"greeting.total\""))
        #expect(
            try ProjectFiles.text(folder, "Loc/de.lproj/Localizable.strings").hasPrefix(
                "\"greeting.total\" = \"Hallo %d\";"))
    }
}
