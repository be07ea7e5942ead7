import Foundation
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaSetup
@testable import LinzaWriting
import Testing

/// Finding reads of a table's keys through accessors Linza was not told about.
@Suite struct UnseenAccessorsTests {
    func sources(_ files: [String: String]) throws -> (folder: String, paths: [String]) {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-unseen-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
            paths.append(folder + "/" + name)
        }
        return (folder, paths)
    }

    @Test func findsGeneratorsBySpellingAndTellsDeclaredFromUndeclared() throws {
        let (folder, paths) = try sources([
            "Cart.swift": """
            let a = LocalString.common_button_share
            let b = LocalString.cart_title.uppercased()
            let c = presentationData.strings.Conversation_LinkCopied
            let d = item.strings.Conversation_Delete
            let e = strings.Conversation_Title
            let f = self.title; let g = self.view; let h = self.navigationItem
            let i = L10n.cartTitle; let j = L10n.cartEmpty; let k = L10n.commonButtonShare
            """,
            "Room.m":
                "NSString *t = [VectorL10n roomTitle]; NSString *m = [VectorL10n roomMessage:name]; x = VectorL10n.roomLeave;",
            "Strings.swift": "final class VectorL10n: NSObject {}",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let keys = [
            "common.button.share", "cart.title", "cart.empty", "Conversation.LinkCopied", "Conversation.Delete",
            "Conversation.Title", "room_title", "room_message", "room_leave", "title",
        ]
        let found = UnseenAccessors(sources: paths, keys: keys, knownRoots: ["L10n"])
        #expect(found.roots.map(\.name) == ["VectorL10n", "strings"])
        // A configured root is read already, in Swift and in Objective-C.
        #expect(UnseenAccessors(sources: paths, keys: keys).roots.map(\.name) == ["L10n", "VectorL10n", "strings"])
        #expect(
            UnseenAccessors(sources: paths, keys: keys, knownRoots: ["L10n", "VectorL10n"]).roots.map(\.name) == [
                "strings"
            ])
        #expect(
            found.roots.first { $0.name == "strings" }?.keys == [
                "Conversation.LinkCopied", "Conversation.Delete", "Conversation.Title",
            ])
        #expect(found.roots.first { $0.name == "VectorL10n" }?.declaration?.line == 1)
        // Two keys through LocalString: too few to call it an accessor; `self.title` is one member of many.
        #expect(found.roots(reading: "cart.title").isEmpty)
        #expect(found.roots(reading: "title").isEmpty)
    }

    /// Reads through optional chaining count (Telegram: `self.strings?.TextFormat_Bold`); one
    /// member naming the plural forms of one text is one key, not three (Telegram's
    /// `updatedContent.instantPage?.views` is no accessor of `InstantPage.Views_0` … `_any`).
    @Test func readsThroughOptionalChainingCount() throws {
        let (folder, paths) = try sources([
            "Menu.swift": """
            let a = self.strings?.TextFormat_Bold ?? "Bold"
            let b = self.strings?.TextFormat_Italic ?? "Italic"
            let c = strings!.TextFormat_Link
            let d = strings ? .a : .b
            let e = content.instantPage?.views == updatedContent.instantPage?.views
            """
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let found = UnseenAccessors(
            sources: paths,
            keys: [
                "TextFormat.Bold", "TextFormat.Italic", "TextFormat.Link", "InstantPage.Views_0", "InstantPage.Views_1",
                "InstantPage.Views_any",
            ])
        #expect(found.roots.map(\.name) == ["strings"])
        #expect(found.roots.first?.uses == 3)
    }

    /// What a variable reads by chance is no accessor (CotEditor: `highlight.end`,
    /// `table.extensions`, `definition.find` for its catalog's one-word keys), nor is a
    /// SwiftUI binding (`$metadata.author`, which `.linza.yml` could not even name).
    @Test func variablesAndBindingsAreNoGenerators() throws {
        let (folder, paths) = try sources([
            "Theme.swift": """
            let a = $metadata.author; let b = $metadata.license; let c = $metadata.distributionURL
            let d = table.extensions; let e = table.filenames; let f = table.interpreters
            let g = definition.findString; let h = definition.replaceString; let i = definition.usesRegularExpression
            let j = definition.ignoresCase; let k = definition.isEnabled
            let l = strings.Chat_Members(3); let m = strings.Chat_Title; let n = strings.Chat_Typing
            """
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let keys = [
            "author", "license", "distribution URL", "extensions", "filenames", "interpreters", "find string",
            "replace string", "uses regular expression", "Chat.Members_one", "Chat.Members_other", "Chat.Title",
            "Chat.Typing",
        ]
        // `$metadata`: not a name. `table`: one-word keys. `definition`: 3 of 5 members, too few
        // for a lower-case name. `strings`: every member a key, the plural one by its stem.
        #expect(UnseenAccessors(sources: paths, keys: keys).roots.map(\.name) == ["strings"])
        #expect(
            UnseenAccessors.hasTwoWords("room_title") && UnseenAccessors.hasTwoWords("LinkCopied")
                && !UnseenAccessors.hasTwoWords("cancel") && !UnseenAccessors.hasTwoWords("URL"))
    }
}
