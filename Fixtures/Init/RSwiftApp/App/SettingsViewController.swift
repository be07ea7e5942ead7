import UIKit

final class SettingsViewController: UITableViewController {
    let rows = [
        R.string.settings.notificationsSound(),
        R.string.settings.notificationsBadge(),
        R.string.settings.privacyTitle(),
        R.string.settings.privacyAnalytics(),
    ]

    @objc func logOut() {
        let alert = UIAlertController(title: R.string.settings.accountLogout(), message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: R.string.localizable.cancel(), style: .cancel))
        present(alert, animated: true)
    }
}
