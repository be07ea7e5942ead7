/// Why an input file could not be used at all. Such files make Linza exit 2: its answer
/// would be incomplete.
public struct InputFailure: Hashable, Sendable {
    public var location: Location
    /// The complete message, from `Messages`.
    public var message: String

    public init(location: Location, message: String) {
        self.location = location
        self.message = message
    }
}
