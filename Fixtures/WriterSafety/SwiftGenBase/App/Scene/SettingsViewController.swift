import UIKit

final class SettingsViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        // Added by hand, not through SwiftGen: one key that is its own English text, one that is not.
        title = NSLocalizedString("Settings.Privacy.Title", comment: "Privacy settings screen title")
        navigationItem.prompt = NSLocalizedString("Turn on search suggestions?", comment: "Prompt above the settings")
        navigationItem.leftBarButtonItem = UIBarButtonItem(title: L10n.Common.Controls.cancel, style: .plain,
                                                           target: nil, action: nil)
    }
}
