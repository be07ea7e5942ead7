import UIKit

final class ProfileViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = L10n.Profile.title
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: L10n.Profile.logout, style: .plain, target: nil, action: nil)
    }
}
