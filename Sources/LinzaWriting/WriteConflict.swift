import LinzaBase

/// Why a writer stops instead of writing: reported at its place, never guessed past.
package struct WriteConflict: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// A file Linza will not edit (it cannot be read whole, its format is unsafe to
        /// edit, or code reads a key there in a way Linza cannot follow): the command stops
        /// with exit 2, as for any input it cannot take.
        case refusal
        /// The change itself disagrees (two default values for one key, a name already
        /// taken): the command writes nothing and exits 1, as for findings.
        case disagreement
    }

    package var kind: Kind
    package var message: String
    package var location: Location
    /// The key it is about, when there is one.
    package var key: String?
    /// The table it is about, when there is one.
    package var table: String?

    package init(kind: Kind, message: String, location: Location, key: String? = nil, table: String? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
        self.key = key
        self.table = table
    }
}
