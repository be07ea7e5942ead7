import UIKit

final class BrowserViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("browser.title", comment: "Title of the browser screen")
        navigationItem.prompt = NSLocalizedString("browser.prompt", comment: "Prompt above the address bar")
    }
}
