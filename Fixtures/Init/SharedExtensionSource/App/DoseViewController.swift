import UIKit

final class DoseViewController: UIViewController {
    let unit = DoseUnit.units

    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("Dose", comment: "Dose screen title") + " (" + unit.shortUnit + ")"
    }
}
