import TelegramPresentationData
import UIKit

final class PeerInfoController: UIViewController {
    var presentationData: PresentationData?

    func actionTitles() -> [String] {
        guard let strings = presentationData?.strings else { return [] }
        return [
            strings.PeerInfo_ButtonMessage,
            strings.PeerInfo_ButtonMute,
            strings.PeerInfo_ButtonCall,
            strings.PeerInfo_BlockUser,
            strings.PeerInfo_ReportProfile,
        ]
    }
}
