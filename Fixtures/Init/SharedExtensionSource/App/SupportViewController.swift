import UIKit

final class SupportViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("Support", comment: "Support screen title")
        navigationItem.prompt = Bundle.main.localizedNameAndVersion
    }
}
