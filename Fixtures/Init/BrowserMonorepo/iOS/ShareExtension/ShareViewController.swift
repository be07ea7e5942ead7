import UIKit

// An app extension without tables of its own: the app embeds it, so its keys are the app's.
final class ShareViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("share.title", comment: "Title of the share sheet")
    }
}
