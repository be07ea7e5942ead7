import LinzaBase
import LinzaSources

/// A folder (or file) to scan for code, optionally narrowed by a glob.
package struct PathSelector: Hashable, Sendable {
    /// An absolute folder or file: where the walk starts.
    package var root: String
    /// When set, only paths matching it (or lying inside a matching folder) are selected.
    package var pattern: GlobPattern?

    package init(root: String, pattern: GlobPattern? = nil) {
        self.root = root
        self.pattern = pattern
    }
}

/// What a rule's configured level is.
package enum RuleLevel: String, Sendable, Hashable, CaseIterable {
    case error
    case warning
    case off

    /// The severity to report with, or nil when the rule is off.
    package var severity: Severity? {
        switch self {
        case .error: return .error
        case .warning: return .warning
        case .off: return nil
        }
    }
}

/// A rule's settings under `rules:`.
package struct RuleSettings: Hashable, Sendable {
    /// The configured level; nil keeps the rule's default.
    package var level: RuleLevel?
    /// Findings about keys matching these wildcards (`*`, `?`) are dropped.
    package var ignoreKeys: [String] = []
    /// Findings about these tables are dropped.
    package var ignoreTables: [String] = []
    /// The rule's own options (`key_style`'s `pattern`), by name, as its declaration
    /// checked them.
    package var options: [String: String] = [:]

    package init(level: RuleLevel? = nil) {
        self.level = level
    }

    /// Whether a finding is about a key or table these settings exclude.
    package func ignores(_ diagnostic: Diagnostic) -> Bool {
        if let table = diagnostic.table, ignoreTables.contains(table) { return true }
        if let key = diagnostic.key, ignoreKeys.contains(where: { GlobPattern.matchesName($0, key) }) { return true }
        return false
    }
}

/// A part of the project with its own sources and tables (an app target, a Swift package).
package struct Module: Sendable {
    package var name: String
    /// The module's settings: the top level's, with the module's own on top.
    package var configuration: Configuration
}

/// Linza's settings for one project, read from `.linza.yml` (schema v1).
/// All paths are absolute.
package struct Configuration: Sendable {
    /// The `.linza.yml` these settings came from; nil when Linza runs on defaults.
    package var file: String?
    /// The folder relative paths are resolved against: the config file's folder.
    package var baseDirectory: String
    package var included: [PathSelector]
    /// A module's `shared:`: sources it compiles that an earlier module includes too (a file
    /// two targets compile, a package two apps link). Each is checked with this module as
    /// well, where `included` gives a file to the first module that includes it only.
    package var shared: [PathSelector] = []
    /// Where sources are looked for: `included`, then `shared`.
    package var selected: [PathSelector] { included + shared }
    package var excluded: [GlobPattern]
    /// Folders searched for `<lang>.lproj` tables.
    package var resources: [String]
    package var developmentLanguage: String
    /// Languages every key must exist in; nil means every language that has tables (except
    /// the warned ones).
    package var requiredLanguages: [String]?
    /// Languages checked like required ones, but whose missing keys, missing tables and
    /// untranslated catalog entries are warnings: languages a translation service fills later.
    package var warnedLanguages: [String]
    package var defaultTable: String
    /// The development language's text lives in the calls' `value:`/`defaultValue:` and is
    /// exported to translators from code: a development table may lack such a call's key.
    package var developmentValuesInCode: Bool
    /// The languages whose sources are scanned.
    package var languages: Set<SourceLanguage>
    /// Call forms from `functions:`.
    package var customFunctions: [LocalizationFunction]
    /// Generated accessors from `accessors:` (`L10n.Settings.title`), read as uses of their keys.
    package var accessors: [AccessorSet]
    /// Built-in groups switched off with `disabled_functions:`.
    package var disabledFunctions: Set<String>
    /// Whether SwiftUI's implicit keys are read (`swiftui:`).
    package var swiftUI: Bool
    /// Settings given under `rules:`; rules not listed keep their defaults.
    package var ruleSettings: [String: RuleSettings]
    /// Opt-in rules switched on with `opt_in_rules:`.
    package var optInRules: Set<String>
    /// `Base` when `base_language: Base` says Base.lproj holds the development language.
    package var baseLanguage: String?
    /// Whether storyboard, xib and InfoPlist tables are checked against code too.
    package var checkInterfaceTables: Bool
    /// The project's modules; empty means the whole configuration is one module.
    package var modules: [Module]
    /// The reporter `reporter:` names; nil leaves the choice to the command line.
    package var reporter: String?
    /// The baseline file `baseline:` names (absolute).
    package var baseline: String?
    /// `prune_limit:`: the largest share of a table's keys `prune` deletes without being told
    /// to (`--force`, or `--key` naming them). More than that going at once means Linza does
    /// not see how the app reads the table, far more often than that the keys are dead.
    package var pruneLimit: Double
    /// `findings_per_language: true`: one `missing_key` finding per language, as before
    /// findings were grouped by call site.
    package var findingsPerLanguage: Bool
    /// A module with no source file is an error (`require_sources: false` allows it: a
    /// module of tables only).
    package var requireSources: Bool
    /// A module with tables but none in its development language is an error
    /// (`require_development_tables: false` allows it).
    package var requireDevelopmentTables: Bool
    /// When set, Linza reads only these files and folders (Xcode's declared inputs of a
    /// sandboxed build phase) instead of walking the included and resource folders.
    package var inputFiles: [String]?

    /// The settings Linza uses for a folder that has no `.linza.yml`.
    package init(baseDirectory: String) {
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
    package func restricted(to files: [String]) -> Configuration {
        var copy = self
        copy.inputFiles = files
        copy.modules = modules.map { Module(name: $0.name, configuration: $0.configuration.restricted(to: files)) }
        return copy
    }

    /// Every call form recognised: the configured ones first (they may refine a built-in
    /// name), then the built-ins left on.
    package var functions: [LocalizationFunction] {
        customFunctions + BuiltInFunctions.functions(disabled: disabledFunctions, swiftUI: swiftUI)
    }

    /// The settings of `rule`, defaults when not configured.
    package func settings(for rule: String) -> RuleSettings {
        ruleSettings[rule] ?? RuleSettings()
    }

    /// Folder names skipped wherever they appear, besides every hidden folder.
    package static let alwaysExcludedFolders: Set<String> = [
        ".build", "Pods", "Carthage", "DerivedData", "node_modules",
    ]
}
