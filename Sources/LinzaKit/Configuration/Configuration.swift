/// A folder (or file) to scan for code, optionally narrowed by a glob.
public struct PathSelector: Hashable, Sendable {
    /// An absolute folder or file: where the walk starts.
    public var root: String
    /// When set, only paths matching it (or lying inside a matching folder) are selected.
    public var pattern: GlobPattern?

    public init(root: String, pattern: GlobPattern? = nil) {
        self.root = root
        self.pattern = pattern
    }
}

/// What a rule's configured level is.
public enum RuleLevel: String, Sendable, Hashable, CaseIterable {
    case error
    case warning
    case off

    /// The severity to report with, or nil when the rule is off.
    public var severity: Severity? {
        switch self {
        case .error: return .error
        case .warning: return .warning
        case .off: return nil
        }
    }
}

/// Linza's settings for one project, read from `.linza.yml` (schema v1).
/// All paths are absolute.
public struct Configuration: Sendable {
    /// The `.linza.yml` these settings came from; nil when Linza runs on defaults.
    public var file: String?
    /// The folder relative paths are resolved against: the config file's folder.
    public var baseDirectory: String
    public var included: [PathSelector]
    public var excluded: [GlobPattern]
    /// Folders searched for `<lang>.lproj` tables.
    public var resources: [String]
    public var developmentLanguage: String
    /// Languages every key must exist in; nil means every language that has tables.
    public var requiredLanguages: [String]?
    public var defaultTable: String
    /// The languages whose sources are scanned.
    public var languages: Set<SourceLanguage>
    /// Every call form recognised: the configured ones, then the built-ins left on.
    public var functions: [LocalizationFunction]
    /// Levels set in `rules:`; rules not listed use their default severity.
    public var ruleLevels: [String: RuleLevel]

    /// The settings Linza uses for a folder that has no `.linza.yml`.
    public init(baseDirectory: String) {
        file = nil
        self.baseDirectory = baseDirectory
        included = [PathSelector(root: baseDirectory)]
        excluded = []
        resources = [baseDirectory]
        developmentLanguage = "en"
        requiredLanguages = nil
        defaultTable = "Localizable"
        languages = Set(SourceLanguage.allCases)
        functions = BuiltInFunctions.functions()
        ruleLevels = [:]
    }

    /// Folder names skipped wherever they appear, besides every hidden folder.
    public static let alwaysExcludedFolders: Set<String> = [".build", "Pods", "Carthage", "DerivedData", "node_modules"]
}
