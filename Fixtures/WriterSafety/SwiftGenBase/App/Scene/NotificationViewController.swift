import UIKit

final class NotificationViewController: UIViewController {
    private let filteredLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = L10n.Scene.Notification.title
        filteredLabel.text = L10n.Scene.Notification.FilteredNotification.title
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: L10n.Common.Controls.done, style: .done,
                                                            target: self, action: #selector(close))
    }

    func showFiltered(count: Int) {
        filteredLabel.text = L10n.Scene.Notification.FilteredNotification.count(count)
    }

    @objc private func close() {
        dismiss(animated: true)
    }
}
