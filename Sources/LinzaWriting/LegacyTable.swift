import LinzaBase
import LinzaTables

/// One table kept the old way, `.strings` plus `.stringsdict` files per language, as
/// `linza migrate` reads it: every language's entries in file order, with what a String
/// Catalog can take from them (the value, the note for translators, each plural variable).
package struct LegacyTable: Sendable, Equatable {
    /// A `"key" = "value";` entry and the comment directly above it.
    package struct Text: Sendable, Equatable {
        package var key: String
        package var value: String
        /// The last comment before the entry, without its marks; nil when there is none.
        package var comment: String?

        package init(key: String, value: String, comment: String? = nil) {
            self.key = key
            self.value = value
            self.comment = comment
        }
    }

    /// A `.stringsdict` entry: its format and its variables in file order.
    package struct Plural: Sendable, Equatable {
        package var key: String
        /// `NSStringLocalizedFormatKey`.
        package var format: String
        package var variables: [Variable]

        package init(key: String, format: String, variables: [Variable]) {
            self.key = key
            self.format = format
            self.variables = variables
        }
    }

    /// One `NSStringPluralRuleType` variable: its number's conversion and its forms.
    package struct Variable: Sendable, Equatable {
        package var name: String
        /// `NSStringFormatValueTypeKey` (`d`, `lld`, `f`…); nil when the entry gives none.
        package var valueType: String?
        /// Category → text, in file order.
        package var forms: [(category: String, text: String)]

        package init(name: String, valueType: String?, forms: [(category: String, text: String)]) {
            self.name = name
            self.valueType = valueType
            self.forms = forms
        }

        package static func == (lhs: Variable, rhs: Variable) -> Bool {
            lhs.name == rhs.name && lhs.valueType == rhs.valueType
                && lhs.forms.map(\.category) == rhs.forms.map(\.category)
                && lhs.forms.map(\.text) == rhs.forms.map(\.text)
        }
    }

    /// Language → its `.strings` entries, in file order.
    package var texts: [String: [Text]] = [:]
    /// Language → its `.stringsdict` entries, in file order.
    package var plurals: [String: [Plural]] = [:]

    package init(texts: [String: [Text]] = [:], plurals: [String: [Plural]] = [:]) {
        self.texts = texts
        self.plurals = plurals
    }

    /// The comment genstrings writes when a call gives none: Xcode's migration drops it.
    package static let genstringsComment = "No comment provided by engineer."
}

/// Why a table cannot be migrated: a shape the other format cannot hold, at a place.
package struct MigrationRefusal: PathNamingError, Sendable {
    package var path: String
    package var line: Int
    package var reason: String

    package init(path: String, line: Int = 1, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }

    package func description(paths: DisplayPaths) -> String { "\(paths.path(path)):\(line): \(reason)" }
}

extension LegacyTable {
    /// The keys some language has and `development` has not, in no format: in a catalog
    /// they would read as development texts equal to their keys, and Xcode's migration
    /// drops them (IceCubesApp's six, with their translations).
    package func orphans(development: String) -> [String] {
        let own = Set((texts[development] ?? []).map(\.key) + (plurals[development] ?? []).map(\.key))
        let all = Set(texts.values.joined().map(\.key)).union(plurals.values.joined().map(\.key))
        return all.subtracting(own).sorted()
    }

    /// The table without the entries of `keys`, in every language.
    package func dropping(_ keys: Set<String>) -> LegacyTable {
        LegacyTable(
            texts: texts.mapValues { $0.filter { !keys.contains($0.key) } }.filter { !$0.value.isEmpty },
            plurals: plurals.mapValues { $0.filter { !keys.contains($0.key) } }.filter { !$0.value.isEmpty })
    }

    /// The entries of a `.stringsdict` file's text (`StringsdictDocument.text`), every
    /// variable a plural rule; any other rule (device-specific, width variants) is refused:
    /// a catalog cannot hold it as the file means it.
    package static func plurals(of text: [UInt8], path: String) throws -> [Plural] {
        let root: PlistNode
        do {
            root = try text.withUnsafeBufferPointer { try PropertyListXMLParser.parse($0) }
        } catch let error as PlistSyntaxError {
            throw MigrationRefusal(
                path: path, line: line(text, error.offset), reason: "invalid property list: \(error.message)")
        }
        var result: [Plural] = []
        for (key, keyOffset, value) in root.pairs ?? [] {
            let refuse = { (reason: String) in
                MigrationRefusal(path: path, line: line(text, keyOffset), reason: "\(Messages.quoted(key)): \(reason)")
            }
            guard let pairs = value.pairs, let format = value["NSStringLocalizedFormatKey"]?.string else {
                throw refuse("the entry has no NSStringLocalizedFormatKey string")
            }
            var variables: [Variable] = []
            for (name, _, rule) in pairs where name != "NSStringLocalizedFormatKey" {
                guard rule.pairs != nil, rule["NSStringFormatSpecTypeKey"]?.string == "NSStringPluralRuleType" else {
                    throw refuse(
                        "variable \(Messages.quoted(name)) is not an NSStringPluralRuleType rule; "
                            + "a String Catalog holds only plural variables here")
                }
                var forms: [(category: String, text: String)] = []
                for (category, _, form) in rule.pairs ?? []
                where category != "NSStringFormatSpecTypeKey" && category != "NSStringFormatValueTypeKey" {
                    guard let text = form.string, PluralCategories.all.contains(category) else {
                        throw refuse(
                            "variable \(Messages.quoted(name)) has \(Messages.quoted(category)), no plural category")
                    }
                    forms.append((category, text))
                }
                variables.append(
                    Variable(name: name, valueType: rule["NSStringFormatValueTypeKey"]?.string, forms: forms))
            }
            result.append(Plural(key: key, format: format, variables: variables))
        }
        return result
    }

    private static func line(_ text: [UInt8], _ offset: Int) -> Int {
        text.withUnsafeBufferPointer { LineIndex($0).position(of: min(offset, text.count)).line }
    }
}
