import UIKit

public final class PaymentView: UIView {
    let payButton = UIButton(type: .system)

    public func configure() {
        payButton.setTitle(NSLocalizedString("payments.pay", tableName: "Payments", bundle: Bundle(for: PaymentView.self), comment: ""), for: .normal)
    }
}
