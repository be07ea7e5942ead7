// A vendored library: its strings ship in its own bundle.
import UIKit

public enum Toast {
    public static let dismiss = NSLocalizedString("toast.dismiss", bundle: .toast, comment: "")
}
