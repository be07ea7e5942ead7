import UIKit

final class AppIconSelectionViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("settings.title", value: "Settings", comment: "Settings screen title")
        navigationItem.prompt = NSLocalizedString("appIcon.title", tableName: "AppIconSelection", value: "App Icon",
                                                  comment: "Title of the app icon picker")
    }

    let icons = [
        NSLocalizedString("appIcon.classic", tableName: "AppIconSelection", value: "Classic", comment: "The original icon"),
        NSLocalizedString("appIcon.dark", tableName: "AppIconSelection", value: "Dark", comment: "A dark icon"),
        NSLocalizedString("appIcon.pride", tableName: "AppIconSelection", value: "Pride", comment: "A rainbow icon"),
        NSLocalizedString("Default", tableName: "AppIconSelection", comment: "The icon the app ships with"),
    ]

    let footer = NSLocalizedString("appIcon.footer", tableName: "AppIconSelection", comment: "Below the list of icons")
}
