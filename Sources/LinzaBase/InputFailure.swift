/// Why an input file could not be used at all. Such files make Linza exit 2: its answer
/// would be incomplete.
package struct InputFailure: Hashable, Sendable {
    package var location: Location
    /// The complete message, from `Messages`.
    package var message: String

    package init(location: Location, message: String) {
        self.location = location
        self.message = message
    }
}
