import LinzaBase

/// A `.linza.yml` that Linza cannot use, with the position of the problem.
/// Linza never replaces a faulty setting with a default: it stops with exit code 2.
package struct ConfigurationError: PathNamingError, Hashable, Sendable {
    package var location: Location
    package var reason: Reason

    /// Every way a configuration can be wrong; `message` words each for the user.
    package enum Reason: Hashable, Sendable {
        case unreadable(String)
        case syntax(String)
        case notAMapping(found: String)
        case unknownKey(String, section: String?, suggestion: String?)
        case duplicateKey(String)
        case wrongType(key: String, expected: String, found: String)
        case invalidValue(key: String, value: String, expected: String)
        case pathNotFound(key: String, path: String)
        case unknownRule(String, suggestion: String?)
        case invalidLanguage(key: String, value: String)
        case missingSetting(key: String, section: String)
        case emptyList(key: String)
        case configNotFound(path: String)
        case noMatch(key: String, pattern: String)
    }

    package init(_ reason: Reason, at location: Location) {
        self.reason = reason
        self.location = location
    }

    package var message: String {
        switch reason {
        case .unreadable(let why):
            return "cannot read the configuration: \(why)"
        case .syntax(let problem):
            return "invalid YAML: \(problem)"
        case .notAMapping(let found):
            return "the configuration must be a mapping of settings, found \(found)"
        case .unknownKey(let key, let section, let suggestion):
            let place = section.map { " in '\($0)'" } ?? ""
            return "unknown key \(Messages.quoted(key))\(place)" + Self.didYouMean(suggestion)
        case .duplicateKey(let key):
            return "\(Messages.quoted(key)) is set twice"
        case .wrongType(let key, let expected, let found):
            return "\(Messages.quoted(key)) must be \(expected), found \(found)"
        case .invalidValue(let key, let value, let expected):
            return "\(Messages.quoted(value)) is not a valid value for \(Messages.quoted(key)); expected \(expected)"
        case .pathNotFound(let key, let path):
            return "\(Messages.quoted(key)) names \(Messages.quoted(path)), which does not exist"
        case .noMatch(let key, let pattern):
            return "\(Messages.quoted(key)) names \(Messages.quoted(pattern)), which matches no folder or table file"
        case .unknownRule(let id, let suggestion):
            return "unknown rule \(Messages.quoted(id))" + Self.didYouMean(suggestion) + "; 'linza rules' lists them"
        case .invalidLanguage(let key, let value):
            return
                "\(Messages.quoted(value)) in \(Messages.quoted(key)) is not a language code such as en, pt-BR or zh-Hans"
        case .missingSetting(let key, let section):
            return "\(Messages.quoted(section)) needs \(Messages.quoted(key))"
        case .emptyList(let key):
            return
                "\(Messages.quoted(key)) is empty, so Linza would check nothing; list at least one entry or remove the setting"
        case .configNotFound(let path):
            return "configuration file \(Messages.quoted(path)) does not exist"
        }
    }

    package func description(paths: DisplayPaths) -> String {
        "\(paths.location(location)): error: \(message)"
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}
