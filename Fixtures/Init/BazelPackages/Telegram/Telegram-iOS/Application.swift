import UIKit

@main
final class Application: UIApplication {}
