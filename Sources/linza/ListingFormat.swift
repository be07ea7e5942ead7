import ArgumentParser

/// The output formats of the listing commands (`usages`, `keys`): lines for people, JSON
/// for scripts.
enum ListingFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}
