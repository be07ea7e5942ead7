import UIKit

final class ChatController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("Chat.Title", comment: "Chat screen title")
        let send = NSLocalizedString("Chat.Send", comment: "Send button")
        print(send)
    }
}
