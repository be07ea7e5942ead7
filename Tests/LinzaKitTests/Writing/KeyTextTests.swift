@testable import LinzaTables
import Testing

/// Which keys `sync --create-tables` may write as their own development text.
@Suite struct KeyTextTests {
    @Test(arguments: [
        "Cancel", "OK", "Don't save", "Hello, %@", "Done.", "iPhone", "iCloud", "URL", "Отмена", "Sign in", "2FA code",
        "%lld posts",
        "Hello, %@",
    ])
    func textIsText(_ key: String) {
        #expect(KeyText.readsAsText(key))
    }

    @Test(arguments: [
        "settings.title", "appIcon.footer", "SETTINGS_TITLE", "appIconSelection", "myKey", "cancel", "login-button",
        "Settings.Title", "_private",
        "climate.control.current_value_%@", "feed.posts %lld", "count_%d",
    ])
    func namesAreNotText(_ key: String) {
        #expect(!KeyText.readsAsText(key))
    }
}
