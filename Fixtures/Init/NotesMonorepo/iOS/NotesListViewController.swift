import UIKit

final class NotesListViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("notes.title", comment: "List title")
        navigationItem.rightBarButtonItem?.accessibilityLabel = NSLocalizedString("notes.new", comment: "")
        toolbarItems?.first?.title = NSLocalizedString("notes.share.ios", comment: "Share sheet")
    }
}
