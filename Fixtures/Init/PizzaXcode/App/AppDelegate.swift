import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.rootViewController?.title = PizzaLocalizedString("app.title", comment: "Navigation title")
        return true
    }
}
