@testable import LinzaKit
import Testing

/// Which keys `sync --create-tables` may write as their own development text.
@Suite struct KeyTextTests {
    @Test(arguments: ["Cancel", "OK", "Don't save", "Hello, %@", "Done.", "iPhone", "iCloud", "URL", "Отмена", "Sign in", "2FA code"])
    func textIsText(_ key: String) {
        #expect(KeyText.readsAsText(key))
    }

    @Test(arguments: ["settings.title", "appIcon.footer", "SETTINGS_TITLE", "appIconSelection", "myKey", "cancel", "login-button",
                      "Settings.Title", "_private"])
    func namesAreNotText(_ key: String) {
        #expect(!KeyText.readsAsText(key))
    }
}
