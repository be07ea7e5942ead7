import AppLocalization
import UIKit

final class FollowersView: UIView {
    func configure(names: String, remaining: Int) {
        // Read from AppLocalization's tables, which have them.
        let title = AppLocalization.bundle.localizedString(forKey: "followers.title", value: nil, table: "Localizable")
        let profile = NSLocalizedString("profile.title", bundle: Bundle(for: LocalizationToken.self), comment: "")
        // AppLocalization's German table lacks this one.
        let format = AppLocalization.bundle.localizedString(forKey: "followers.mutual", value: nil, table: "Localizable")
        // The app's own bundle: checked against the App module's tables, which lack it.
        let hint = NSLocalizedString("followers.hint", bundle: .main, comment: "")
        print(title, profile, String(format: format, names, remaining), hint)
    }
}
