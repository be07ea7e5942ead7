import TelegramPresentationData
import UIKit

final class SettingsController: UIViewController {
    var presentationData: PresentationData?

    override func viewDidLoad() {
        super.viewDidLoad()
        guard let strings = presentationData?.strings else { return }
        title = strings.Settings_Title
        navigationItem.leftBarButtonItem = UIBarButtonItem(title: strings.Common_Cancel, style: .plain,
                                                           target: nil, action: nil)
        navigationItem.prompt = strings.Settings_Prompt
    }
}
