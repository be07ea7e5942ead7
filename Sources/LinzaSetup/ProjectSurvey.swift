import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

/// What `linza init` learns about a project before writing its configuration: modules
/// from Xcode projects and Swift packages, wrappers from the code, generated accessors,
/// whether SwiftUI reads the tables, each language's coverage, and the workflow (English
/// text in the calls' `value:`). Every finding keeps the figures that justify it, so that
/// `init` can say why.
package struct ProjectSurvey: Sendable {
    package var directory: String
    /// Xcode projects that could not be read (their targets are not modules).
    package var unreadableProjects: [InputFailure]
    /// Folder names left out because they hold tests, screenshots or vendored code.
    package var excludedFolders: [String]
    /// Why each vendored folder was left out, and why a folder named like one was not.
    package var vendorReasons: [(folder: String, reason: String, excluded: Bool)]
    /// Modules; one or none means a configuration without `modules:`.
    package var modules: [InferredModule]
    /// Targets without tables that no target with tables embeds, with the sources only
    /// they compile: in no module, because whose tables their code reads is unknown.
    package var unembeddedTargets: [(origin: String, sources: [String])] = []
    /// Targets without tables embedded by modules with different tables (by name), and
    /// those modules: their code is checked with the first one's tables only.
    package var sharedTargets: [(name: String, modules: [String])] = []
    /// Sources several modules compile, checked with another module than the first that
    /// compiles them: the one whose code names the declarations holding their calls.
    var placement = SharedSourcePlacement(modules: [], calls: [:])
    /// Sources no target compiles (with modules only): in no module.
    package var uncompiledSources: [String] = []
    /// The targets read when none ships a table (so none is a module), and the files at the
    /// top of the folder that describe a build Linza does not read (`MODULE.bazel`, `BUCK`).
    package var targetsWithoutTables: [String] = []
    package var otherBuildFiles: [String] = []
    /// Sources no `BUILD` file of a Bazel workspace names (without modules only): not built,
    /// so not read (`BazelSources`); and the folders and files that leave out those of them
    /// with localization calls, for `excluded:`.
    package var unbuiltSources: [String] = []
    package var unbuiltExclusions: [String] = []
    /// Sources read when there are no modules.
    package var sources: [String]
    /// Every source found, in modules or not.
    package var discoveredSources: [String]
    package var tables: [TableFile]
    /// The storyboards, xibs and intent definitions found (`DiscoveredFiles.interfaceFiles`).
    package var interfaceFiles: [String] = []
    package var developmentLanguage: String
    /// Where the development language came from, for the comment next to it.
    package var developmentLanguageSource: String
    package var usesBase: Bool
    package var coverage: LanguageCoverage
    package var wrappers: [WrapperCandidate]
    /// SwiftUI titles with a literal key found in the tables, and all of them.
    package var swiftUIMatches: Int
    package var swiftUICalls: Int
    /// Call sites seen with the inferred settings.
    package var callSites: Int
    /// Development keys no call uses, of all development keys.
    package var unusedKeys: Int
    /// The development tables' keys `unusedKeys` counts among (a key in two tables twice).
    package var surveyedKeys = 0
    /// Generated code found in the repository or generated during the build.
    package var generators: [GeneratedAccessors]
    /// Where most development keys look unused: the names through which code seems to read
    /// them without a call Linza sees (`LocalString.common_button_share`).
    package var unseenAccessors: [UnseenAccessors.Root] = []
    /// Those of them no source declares (a generator the build runs): configured as accessors
    /// with the naming rule that explains their members best, and their keys counted as used.
    package var spelledAccessors: [UnseenAccessors.Root] = []
    /// That rule for each of them, in the same order, with its evidence.
    var spelledNamings: [AccessorNamingInference.Choice] = []
    /// The `accessors:` entry of each generator, in the same order.
    package var accessors: [AccessorSet]
    /// Uses of those accessors seen in code, by root.
    package var accessorUses: [String: Int]
    /// Calls with a literal key the development tables lack, and how many of those carry
    /// their text in `value:`/`defaultValue:`.
    package var keysOnlyInCode: Int
    package var keysOnlyInCodeWithValue: Int
    package var literalCalls: Int

    /// Whether SwiftUI's implicit keys should be read: its titles find keys in the tables.
    package var readsSwiftUI: Bool {
        swiftUIMatches >= 3 || (swiftUIMatches >= 1 && tables.contains { $0.format == .xcstrings })
    }

    /// The workflow where development-language text lives in code and is exported to
    /// translators: most literal keys are missing from the development tables and carry a value.
    package var keepsTextInCode: Bool {
        Self.keepsTextInCode(literalCalls: literalCalls, onlyInCode: keysOnlyInCode, withValue: keysOnlyInCodeWithValue)
    }

    /// `keepsTextInCode` from its counts: at least ten literal calls, half of them with a key
    /// no development table has, and eight in ten of those with a `value:`.
    static func keepsTextInCode(literalCalls: Int, onlyInCode: Int, withValue: Int) -> Bool {
        literalCalls >= 10 && onlyInCode * 2 >= literalCalls && withValue * 10 >= onlyInCode * 8
    }

    /// Surveys `directory` (skipping what Linza always skips).
    package init(surveying directory: String) {
        self.directory = directory
        let layout = ProjectLayout(walking: directory)
        excludedFolders = layout.nonProductFolders
        vendorReasons = layout.vendorReasons
        unreadableProjects = layout.unreadableProjects
        var configuration = Configuration(baseDirectory: directory)
        configuration.resources = [directory]
        configuration.excluded = excludedFolders.map { GlobPattern($0, base: directory) }
        var files = FileDiscovery.discover(configuration)
        let inferred = ModuleInference.modules(in: layout, files: files)
        // A licensed folder is foreign only once the targets show that none reads its code.
        // Its files are in no target, so the modules stay as they are without them.
        var bazel = BazelSources.isWorkspace(directory) ? BazelSources(root: directory) : nil
        let foreign = UnreferencedFolders.foreign(
            licensed: layout.licensedFolders, files: files, compiled: inferred.compiled, shipped: inferred.shipped,
            bazel: &bazel)
        if !foreign.isEmpty {
            let relative = foreign.map { Path.relative($0, to: directory) ?? $0 }
            excludedFolders = (excludedFolders + relative).sorted()
            vendorReasons = (vendorReasons + relative.map { ($0, VendoredFolders.unreferencedReason, true) })
                .sorted { $0.folder < $1.folder }
            configuration.excluded = excludedFolders.map { GlobPattern($0, base: directory) }
            files = FileDiscovery.discover(configuration)
        }
        tables = files.tables
        interfaceFiles = files.interfaceFiles
        discoveredSources = files.sources

        (developmentLanguage, developmentLanguageSource) = Self.developmentLanguage(layout.projects, files)
        let languages = Set(files.tables.compactMap(\.language))
        // Base.lproj holds the development text when there is no development folder, or when it
        // has a table code reads (SwiftGen apps generate from Base.lproj/Localizable.strings
        // and keep only some keys in en.lproj): without `base_language: Base`, sync would
        // see those keys as missing and write them as their own text.
        let baseHoldsText = files.tables.contains { table in
            table.language == LanguageCode.base && table.name != "InfoPlist"
                && !files.interfaceNames.contains(table.name)
        }
        usesBase = languages.contains(LanguageCode.base) && (!languages.contains(developmentLanguage) || baseHoldsText)

        modules = inferred.modules
        targetsWithoutTables = inferred.withoutTables
        otherBuildFiles = layout.otherBuildFiles
        sources =
            modules.isEmpty
            ? files.sources : Array(modules.reduce(into: Set<String>()) { $0.formUnion($1.sources) }).sorted()
        if modules.isEmpty, var bazel {
            // Headers are read where their folder is; a package manifest is no product code.
            unbuiltSources = files.sources.filter {
                !$0.hasSuffix(".h") && Path.lastComponent($0) != "Package.swift" && !bazel.builds($0)
            }
            let unbuilt = Set(unbuiltSources)
            sources = sources.filter { !unbuilt.contains($0) }
        }
        if !modules.isEmpty {
            let checked = Set(sources)
            // A source of an unembedded target that a module also compiles is checked there.
            unembeddedTargets = inferred.unembedded.map { ($0.origin, $0.sources.subtracting(checked).sorted()) }
                .filter { !$0.sources.isEmpty }
            sharedTargets = inferred.shared
            // Headers are not compiled by a target: they are read where a module's folder holds
            // them. A package manifest is no product code.
            uncompiledSources = files.sources.filter {
                !inferred.compiled.contains($0) && !$0.hasSuffix(".h") && Path.lastComponent($0) != "Package.swift"
            }
        }

        // With modules, only the tables a target ships count: others on disk are not in the app.
        let shipped = modules.isEmpty ? nil : modules.reduce(into: Set<String>()) { $0.formUnion($1.tables) }
        let loaded = files.tables.filter { shipped?.contains($0.path) ?? true }.flatMap(TableLoader.load)
        coverage = LanguageCoverage(
            tables: loaded, developmentLanguage: developmentLanguage,
            developmentFolder: usesBase ? LanguageCode.base : developmentLanguage,
            interfaceNames: files.interfaceNames)

        let builtIn = BuiltInFunctions.functions()
        // Headers too: a macro wrapper lives in one, and no target compiles headers.
        var declared: [(name: String, location: Location)] = []
        for project in layout.projects {
            guard let location = project.localizationMacrosLocation else { continue }
            for name in project.localizationMacros where !declared.contains(where: { $0.name == name }) {
                declared.append((name, location))
            }
        }
        wrappers = WrapperInference.candidates(sources: files.sources, builtIn: builtIn, declared: declared)
        generators = GeneratedAccessors.find(
            in: directory, sources: sources, buildDescriptions: layout.buildDescriptions)
        let wrapperForms = wrappers.filter(\.isUseful).map(\.wrapper.function)
        accessors = generators.map { $0.accessor(forms: wrapperForms + builtIn) }

        // One scan with every form init may switch on, to count what each would see.
        var developmentKeys: Set<String> = []
        let developmentFolder = usesBase ? LanguageCode.base : developmentLanguage
        // Base's tables and the development language's own (`LanguageCoverage`).
        for file in loaded where file.file.language == developmentFolder || file.file.language == developmentLanguage {
            for entry in file.entries { developmentKeys.insert(file.file.name + "\u{0}" + entry.key) }
        }
        let swiftUINames = Set(BuiltInFunctions.swiftUI.map(\.displayName))
        let forms = wrapperForms + builtIn + BuiltInFunctions.swiftUI
        var scanning = Configuration(baseDirectory: directory)
        scanning.customFunctions = forms
        scanning.disabledFunctions = Set(BuiltInFunctions.ids)
        scanning.accessors = accessors
        var surveyed = DiscoveredFiles()
        surveyed.sources = sources
        surveyed.tables = files.tables.filter { shipped?.contains($0.path) ?? true }
        let scanned = Linter.scanModules([(scanning, surveyed)], collectsLiterals: false)
        if !unbuiltSources.isEmpty {
            // Only the unbuilt files with calls need leaving out: the others change no finding.
            var unbuilt = DiscoveredFiles()
            unbuilt.sources = unbuiltSources
            let withCalls = Linter.scanModules([(scanning, unbuilt)], collectsLiterals: false).joined()
                .filter { !$0.usages.isEmpty || !$0.accessorReferences.isEmpty }.map(\.path)
            unbuiltExclusions = FolderCover.cover(
                selected: Set(unbuiltSources), all: files.sources.filter { !$0.hasSuffix(".h") }, root: directory
            ).filter { entry in withCalls.contains { $0 == entry || Path.relative($0, to: entry) != nil } }
        }
        var used: Set<String> = []
        // Keys whose calls give their text (`value:`, or a key that reads as text).
        var usedWithTextInCode: Set<String> = []
        var usedBySwiftUI: Set<String> = []
        var accessorUses: [String: Int] = [:]
        var (swiftUIMatches, swiftUICalls, otherCalls, literalCalls, onlyInCode, onlyInCodeWithValue) = (
            0, 0, 0, 0, 0, 0
        )
        var modulesOfSource: [String: [Int]] = [:]
        // SwiftUI's titles count for a module only once it is known that init reads them.
        var swiftUIOfModule = Array(repeating: (calls: 0, textKeys: 0), count: modules.count)
        for (index, module) in modules.enumerated() {
            for source in module.sources { modulesOfSource[source, default: []].append(index) }
        }
        var readTables: Set<String> = []
        for source in scanned.joined() {
            for usage in source.usages {
                if let table = usage.table.name { readTables.insert(table) }
                if usage.accessor != nil { accessorUses[usage.function, default: 0] += 1 }
                let key = usage.key.literal.map { (usage.table.name ?? "Localizable") + "\u{0}" + $0 }
                // Each module's calls with a literal key, and those whose text is in code.
                let textInCode = usage.key.literal.map { usage.defaultValue != nil || KeyText.readsAsText($0) } ?? false
                if swiftUINames.contains(usage.function) {
                    swiftUICalls += 1
                    if let key, developmentKeys.contains(key) { swiftUIMatches += 1; usedBySwiftUI.insert(key) }
                    if key != nil {
                        for index in modulesOfSource[source.path] ?? [] {
                            swiftUIOfModule[index].calls += 1
                            if textInCode { swiftUIOfModule[index].textKeys += 1 }
                        }
                    }
                    continue
                }
                otherCalls += 1
                guard let key else { continue }
                literalCalls += 1
                for index in modulesOfSource[source.path] ?? [] {
                    modules[index].literalCalls += 1
                    if usage.defaultValue != nil {
                        modules[index].callsWithValue += 1
                    } else if textInCode {
                        modules[index].callsWithTextKey += 1
                    }
                }
                used.insert(key)
                if textInCode { usedWithTextInCode.insert(key) }
                if !developmentKeys.contains(key) {
                    onlyInCode += 1
                    if usage.defaultValue != nil { onlyInCodeWithValue += 1 }
                }
            }
        }
        if modules.count > 1 {
            var calls: [String: [Location]] = [:]
            for source in scanned.joined() where (modulesOfSource[source.path]?.count ?? 0) > 1 {
                calls[source.path] = source.usages.map(\.location) + source.accessorReferences.map(\.location)
            }
            placement = SharedSourcePlacement(modules: modules, calls: calls)
        }
        // A storyboard's table that code reads by name (Rectangle's `Main`, in a String
        // Catalog) is text the app shows from code too: its languages count.
        let readInterfaceTables = readTables.intersection(files.interfaceNames)
        // Where code keeps the development text (`value:`), the keys whose calls give it are
        // development keys the languages are measured against, as `status` counts them: the
        // development tables hold few of them.
        let keepsTextInCode = Self.keepsTextInCode(
            literalCalls: literalCalls, onlyInCode: onlyInCode, withValue: onlyInCodeWithValue)
        if !readInterfaceTables.isEmpty || keepsTextInCode {
            coverage = LanguageCoverage(
                tables: loaded, developmentLanguage: developmentLanguage,
                developmentFolder: usesBase ? LanguageCode.base : developmentLanguage,
                interfaceNames: files.interfaceNames.subtracting(readInterfaceTables),
                codeKeys: keepsTextInCode ? usedWithTextInCode.subtracting(developmentKeys) : [])
        }
        self.accessorUses = accessorUses
        self.swiftUIMatches = swiftUIMatches
        self.swiftUICalls = swiftUICalls
        self.literalCalls = literalCalls
        keysOnlyInCode = onlyInCode
        keysOnlyInCodeWithValue = onlyInCodeWithValue
        callSites = otherCalls
        unusedKeys = 0
        if readsSwiftUI {
            callSites += swiftUICalls
            used.formUnion(usedBySwiftUI)
        }
        // Only the tables code reads: a storyboard's, Info.plist's and the firewall's keys are
        // used by name, and counted here they said "most keys look unused" of apps whose code
        // reads all of its own (MonitorControl: 143 of 194, every one of them Main's or the
        // firewall's).
        // Nor tables whose files code opens itself and looks up at run time (IINA's ISO639).
        let interfaceOnly = files.interfaceNames.subtracting(readInterfaceTables)
            .union(ProjectIndex.systemTables)
            .union(scanned.joined().lazy.flatMap(\.tableFileReads).compactMap(\.table))
            .union(
                ProjectIndex.tablesOfInterfaceBuilderKeys(
                    loaded.lazy.filter { $0.file.language == developmentFolder }.map { ($0.file.name, $0.entries) }))
        developmentKeys = developmentKeys.filter { !interfaceOnly.contains(String($0.prefix { $0 != "\u{0}" })) }
        unusedKeys = developmentKeys.subtracting(used).count
        surveyedKeys = developmentKeys.count
        if developmentKeys.count >= 10, unusedKeys * 2 > developmentKeys.count {
            let keys = developmentKeys.map { String($0.drop { $0 != "\u{0}" }.dropFirst()) }
            let keysByTable = Dictionary(grouping: developmentKeys) { String($0.prefix { $0 != "\u{0}" }) }
                .mapValues { $0.map { String($0.drop { $0 != "\u{0}" }.dropFirst()) } }
            unseenAccessors =
                UnseenAccessors(sources: sources, keys: keys, knownRoots: UnseenAccessors.knownRoots(accessors)).roots
            spelledAccessors = unseenAccessors.filter { $0.declaration == nil }
            spelledNamings = spelledAccessors.map { AccessorNamingInference.choose(for: $0, keysByTable: keysByTable) }
            let spelled = spelledNamings.reduce(into: Set<String>()) { spelled, choice in
                let table = choice.accessor.table ?? AccessorNamingInference.defaultTable
                spelled.formUnion(choice.keys.map { table + "\u{0}" + $0 })
            }
            unusedKeys = developmentKeys.subtracting(used).count { !spelled.contains($0) }
            callSites += spelledAccessors.reduce(0) { $0 + $1.uses }
        }
        for index in modules.indices {
            if readsSwiftUI {
                modules[index].literalCalls += swiftUIOfModule[index].calls
                modules[index].callsWithTextKey += swiftUIOfModule[index].textKeys
            }
            let own = files.tables.filter {
                modules[index].tables.contains($0.path) && !files.interfaceNames.contains($0.name)
            }
            modules[index].lacksDevelopmentTable = ProjectShapeCheck.lacksDevelopmentTable(
                own, developmentLanguage: modules[index].developmentLanguage ?? developmentLanguage)
            modules[index].keepsTextInCode = Self.keepsTextInCode(modules[index])
        }
    }

    /// See `InferredModule.keepsTextInCode`: `ProjectShapeCheck` would otherwise stop the
    /// first run for want of a development table. Most of its calls (80 %) must show text
    /// from code; with fewer, the keys it shows in the development language are identifiers.
    private static func keepsTextInCode(_ module: InferredModule) -> Bool {
        module.lacksDevelopmentTable && module.literalCalls > 0
            && (module.callsWithValue + module.callsWithTextKey) * 10 >= module.literalCalls * 8
    }

    /// The shallowest Xcode project's `developmentRegion`, a catalog's `sourceLanguage`, else `en`.
    private static func developmentLanguage(_ projects: [XcodeProject], _ files: DiscoveredFiles) -> (String, String) {
        for project in projects {
            if let language = project.developmentRegion.flatMap(LanguageCode.normalize) {
                return (language, "developmentRegion in \(Path.lastComponent(project.path))")
            }
        }
        if let source = files.tables.lazy.filter({ $0.format == .xcstrings }).compactMap(sourceLanguage).first {
            return (source, "the String Catalog's source language")
        }
        let languages = Set(files.tables.compactMap(\.language)).subtracting([LanguageCode.base])
        if languages.contains("en") || languages.isEmpty { return ("en", "assumed; no Xcode project says otherwise") }
        return (languages.sorted().first!, "assumed; no Xcode project says otherwise")
    }

    /// A String Catalog's `sourceLanguage`.
    private static func sourceLanguage(_ catalog: TableFile) -> String? {
        guard let bytes = try? FileReader.read(catalog.path),
            let root = try? bytes.withUnsafeBufferPointer({ try JSONParser.parse($0) }),
            let code = root["sourceLanguage"]?.string
        else { return nil }
        return LanguageCode.normalize(code)
    }
}
