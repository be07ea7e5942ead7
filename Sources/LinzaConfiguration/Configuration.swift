import LinzaBase
import LinzaSources

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

/// A rule's settings under `rules:`.
public struct RuleSettings: Hashable, Sendable {
    /// The configured level; nil keeps the rule's default.
    public var level: RuleLevel?
    /// Findings about keys matching these wildcards (`*`, `?`) are dropped.
    public var ignoreKeys: [String] = []
    /// Findings about these tables are dropped.
    public var ignoreTables: [String] = []
    /// The rule's own options (`key_style`'s `pattern`), by name, as its declaration
    /// checked them.
    public var options: [String: String] = [:]

    public init(level: RuleLevel? = nil) {
        self.level = level
    }

    /// Whether a finding is about a key or table these settings exclude.
    public func ignores(_ diagnostic: Diagnostic) -> Bool {
        if let table = diagnostic.table, ignoreTables.contains(table) { return true }
        if let key = diagnostic.key, ignoreKeys.contains(where: { GlobPattern.matchesName($0, key) }) { return true }
        return false
    }
}

/// A part of the project with its own sources and tables (an app target, a Swift package).
public struct Module: Sendable {
    public var name: String
    /// The module's settings: the top level's, with the module's own on top.
    public var configuration: Configuration
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
    /// Languages every key must exist in; nil means every language that has tables (except
    /// the warned ones).
    public var requiredLanguages: [String]?
    /// Languages checked like required ones, but whose missing keys, missing tables and
    /// untranslated catalog entries are warnings: languages a translation service fills later.
    public var warnedLanguages: [String]
    public var defaultTable: String
    /// The development language's text lives in the calls' `value:`/`defaultValue:` and is
    /// exported to translators from code: a development table may lack such a call's key.
    public var developmentValuesInCode: Bool
    /// The languages whose sources are scanned.
    public var languages: Set<SourceLanguage>
    /// Call forms from `functions:`.
    public var customFunctions: [LocalizationFunction]
    /// Generated accessors from `accessors:` (`L10n.Settings.title`), read as uses of their keys.
    public var accessors: [AccessorSet]
    /// Built-in groups switched off with `disabled_functions:`.
    public var disabledFunctions: Set<String>
    /// Whether SwiftUI's implicit keys are read (`swiftui:`).
    public var swiftUI: Bool
    /// Settings given under `rules:`; rules not listed keep their defaults.
    public var ruleSettings: [String: RuleSettings]
    /// Opt-in rules switched on with `opt_in_rules:`.
    public var optInRules: Set<String>
    /// `Base` when `base_language: Base` says Base.lproj holds the development language.
    public var baseLanguage: String?
    /// Whether storyboard, xib and InfoPlist tables are checked against code too.
    public var checkInterfaceTables: Bool
    /// The project's modules; empty means the whole configuration is one module.
    public var modules: [Module]
    /// The reporter `reporter:` names; nil leaves the choice to the command line.
    public var reporter: String?
    /// The baseline file `baseline:` names (absolute).
    public var baseline: String?
    /// `prune_limit:`: the largest share of a table's keys `prune` deletes without being told
    /// to (`--force`, or `--key` naming them). More than that going at once means Linza does
    /// not see how the app reads the table, far more often than that the keys are dead.
    public var pruneLimit: Double
    /// `findings_per_language: true`: one `missing_key` finding per language, as before
    /// findings were grouped by call site.
    public var findingsPerLanguage: Bool
    /// A module with no source file is an error (`require_sources: false` allows it: a
    /// module of tables only).
    public var requireSources: Bool
    /// A module with tables but none in its development language is an error
    /// (`require_development_tables: false` allows it).
    public var requireDevelopmentTables: Bool
    /// When set, Linza reads only these files and folders (Xcode's declared inputs of a
    /// sandboxed build phase) instead of walking the included and resource folders.
    public var inputFiles: [String]?

    /// The settings Linza uses for a folder that has no `.linza.yml`.
    public init(baseDirectory: String) {
        file = nil
        self.baseDirectory = baseDirectory
        included = [PathSelector(root: baseDirectory)]
        excluded = []
        resources = [baseDirectory]
        developmentLanguage = "en"
        requiredLanguages = nil
        warnedLanguages = []
        defaultTable = "Localizable"
        developmentValuesInCode = false
        languages = Set(SourceLanguage.allCases)
        customFunctions = []
        accessors = []
        disabledFunctions = []
        swiftUI = false
        ruleSettings = [:]
        optInRules = []
        baseLanguage = nil
        checkInterfaceTables = false
        findingsPerLanguage = false
        pruneLimit = 0.5
        requireSources = true
        requireDevelopmentTables = true
        modules = []
    }

    /// A copy that reads only `files`, in every module.
    public func restricted(to files: [String]) -> Configuration {
        var copy = self
        copy.inputFiles = files
        copy.modules = modules.map { Module(name: $0.name, configuration: $0.configuration.restricted(to: files)) }
        return copy
    }

    /// Every call form recognised: the configured ones first (they may refine a built-in
    /// name), then the built-ins left on.
    public var functions: [LocalizationFunction] {
        customFunctions + BuiltInFunctions.functions(disabled: disabledFunctions, swiftUI: swiftUI)
    }

    /// The settings of `rule`, defaults when not configured.
    public func settings(for rule: String) -> RuleSettings {
        ruleSettings[rule] ?? RuleSettings()
    }

    /// Folder names skipped wherever they appear, besides every hidden folder.
    public static let alwaysExcludedFolders: Set<String> = [".build", "Pods", "Carthage", "DerivedData", "node_modules"]
}
