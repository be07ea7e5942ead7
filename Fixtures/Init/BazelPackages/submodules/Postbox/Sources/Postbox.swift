import Foundation

public final class Postbox {
    public init() {}
}
