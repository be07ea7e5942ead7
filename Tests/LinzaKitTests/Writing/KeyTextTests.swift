import Testing
@testable import LinzaKit

/// Which keys `sync` may write as their own text.
@Suite struct KeyTextTests {
    @Test(arguments: ["Turn on search suggestions?", "Cancel", "OK", "Reader View", "Привет", "%@", "Done!", "Hello, %@"])
    func textKeysMayBeTheirOwnText(_ key: String) {
        #expect(KeyText.isText(key))
    }

    @Test(arguments: ["settings.title", "Scene.Notification.Title", "yourEmail", "ERROR_TITLE", "cancel", "common_button_share",
                      "e-mail", "title2", ""])
    func identifierKeysAreNot(_ key: String) {
        #expect(!KeyText.isText(key))
    }
}
