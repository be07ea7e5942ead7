import UIKit

final class CartViewController: UIViewController {
    private let checkoutButton = UIButton(type: .system)
    private let emptyLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = LocalString.cart_title
        checkoutButton.setTitle(LocalString.cart_button_checkout, for: .normal)
        emptyLabel.text = LocalString.cart_empty_message
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: LocalString.common_button_share, style: .plain,
                                                            target: self, action: #selector(share))
    }

    @objc private func share() {
        let alert = UIAlertController(title: LocalString.common_button_share, message: nil, preferredStyle: .actionSheet)
        alert.addAction(UIAlertAction(title: LocalString.common_button_cancel, style: .cancel))
        present(alert, animated: true)
    }
}
