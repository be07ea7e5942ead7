import UIKit

public final class CheckoutViewController: UIViewController {
    private let promoLabel = UILabel()

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("checkout.title", tableName: "Checkout", bundle: .module, comment: "")
    }

    func showPromo(code: String) {
        promoLabel.text = String(
            format: NSLocalizedString(
                "checkout.promo.applied",
                tableName: "Checkout",
                bundle: .module,
                value: "Promo code %@ applied",
                comment: "Shown after a promo code is accepted"
            ),
            code
        )
    }
}
