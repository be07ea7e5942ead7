import UIKit

final class OrderViewController: UIViewController {
    private let totalLabel = UILabel()
    private let emptyLabel = UILabel()
    private let etaLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = LocalString.order_title
        emptyLabel.text = LocalString.order_empty
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: LocalString.common_button_done, style: .done, target: nil, action: nil)
    }

    func show(total: String, minutes: Int) {
        totalLabel.text = String(format: LocalString.order_total, total)
        etaLabel.text = String(format: LocalString.order_delivery_time, minutes)
    }

    func showNetworkError() {
        let alert = UIAlertController(
            title: NSLocalizedString("alert.network.title", comment: "Alert title"),
            message: NSLocalizedString("alert.network.message", comment: "Alert message"),
            preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: LocalString.common_button_retry, style: .default))
        alert.addAction(UIAlertAction(title: LocalString.common_button_cancel, style: .cancel))
        present(alert, animated: true)
    }
}
