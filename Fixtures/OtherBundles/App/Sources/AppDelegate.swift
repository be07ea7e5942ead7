import UIKit

final class AppDelegate: UIResponder, UIApplicationDelegate {
    func applicationDidFinishLaunching(_ application: UIApplication) {
        print(NSLocalizedString("app.welcome", comment: ""))
    }
}
