import Foundation

public final class AnimationInstance {
    public var loadingText: String { NSLocalizedString("animation.loading", comment: "While an animation loads") }
}
