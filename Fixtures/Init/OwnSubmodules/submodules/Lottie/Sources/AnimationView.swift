import Foundation

public final class AnimationView {
    public var accessibilityHint = NSLocalizedString("lottie.animation.hint", bundle: .main, comment: "Animation")
}
