import Foundation

public final class Account {
    public var stateText: String { NSLocalizedString("Core.Connecting", comment: "Connection state") }
}
