import LinzaBase

/// Opening and creating editable tables by format: the one place that names each format's
/// document type, so that planners work with `EditableTable` alone.
extension TableFormat {
    /// The file at `path` (its `bytes`) opened for editing as a table of this format.
    package func editableTable(path: String, bytes: [UInt8]) throws -> any EditableTable {
        switch self {
        case .stringsdict: try StringsdictDocument(path: path, bytes: bytes)
        case .xcstrings: try CatalogDocument(path: path, bytes: bytes)
        case .strings: try StringsDocument(path: path, bytes: bytes)
        }
    }

    /// A file of this format to create at `path`, holding no entry yet, made like `template`
    /// where the format takes after one: a `.strings` file is encoded and styled like a
    /// `.strings` template (without one, UTF-8 with Linza's own style), a String Catalog
    /// takes its template catalog's source language, version and layout (and needs one), a
    /// `.stringsdict` is an empty UTF-8 dictionary as Xcode writes one.
    package func newTable(at path: String, like template: (any EditableTable)? = nil) throws -> any EditableTable {
        switch self {
        case .strings:
            return StringsDocument.newFile(
                at: path, like: try template as? StringsDocument ?? StringsDocument(path: path, bytes: []))
        case .stringsdict:
            return StringsdictDocument.newFile(at: path)
        case .xcstrings:
            guard let template = template as? CatalogDocument else {
                throw TableRefusal(
                    path: path, reason: "a new String Catalog is made like an existing one, and there is none to follow"
                )
            }
            return CatalogDocument.newFile(at: path, like: template)
        }
    }

    /// Whether a file of this format can hold `key` (XML 1.0, and so a `.stringsdict`,
    /// cannot hold most control characters).
    package func canHold(_ key: String) -> Bool {
        self == .stringsdict ? StringsdictDocument.canHold(key) : true
    }
}
