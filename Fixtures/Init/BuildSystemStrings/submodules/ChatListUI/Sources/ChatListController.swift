import TelegramPresentationData
import UIKit

final class ChatListController: UIViewController {
    private let presentationData: PresentationData

    init(presentationData: PresentationData) {
        self.presentationData = presentationData
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    func copyLink() -> String {
        self.presentationData.strings.Conversation_LinkCopied
    }

    func membersTitle(count: Int) -> String {
        let strings = self.presentationData.strings
        return strings.Conversation_StatusMembers(Int32(count))
    }

    func emptyLog(strings: PresentationStrings) -> String {
        strings.Channel_AdminLog_EmptyTitle
    }

    func languageCode() -> String {
        presentationData.strings.baseLanguageCode
    }
}
