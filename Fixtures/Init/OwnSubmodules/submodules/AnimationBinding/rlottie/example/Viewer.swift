import Foundation

final class Viewer {
    let title = NSLocalizedString("rlottie.viewer.title", comment: "Example viewer")
}
