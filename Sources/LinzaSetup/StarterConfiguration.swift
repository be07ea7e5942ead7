import LinzaBase
import LinzaConfiguration
import LinzaSources
import LinzaTables

/// What `linza init` writes: a `.linza.yml` made from a `ProjectSurvey`, each inferred
/// setting with a comment saying where it comes from, and `report()`: what `init` prints.
package struct StarterConfiguration: Sendable {
    package let survey: ProjectSurvey

    package init(surveying directory: String) {
        survey = ProjectSurvey(surveying: directory)
    }

    /// The wrappers written under `functions:`.
    package var wrappers: [WrapperCandidate] { survey.wrappers.filter(\.isUseful) }

    /// Generators whose accessors the build makes: their keys look unused to Linza.
    private var buildTimeGenerators: [GeneratedAccessors] { survey.generators.filter { $0.file == nil } }

    /// Most development keys look unused with the settings found (at least 10 keys).
    private var mostKeysLookUnused: Bool {
        survey.surveyedKeys >= 10 && survey.unusedKeys * 2 > survey.surveyedKeys
    }

    /// `folders` to exclude, each folder that holds a table replaced by the sources in it
    /// that no target compiles: `excluded:` leaves out tables too, and session-ios keeps all
    /// 43 languages beside a script of its own (every call then read "no language has it").
    static func sparingTables(
        _ folders: [String], tables: [String], uncompiled all: [String], _ compiled: [String]
    ) -> [String] {
        let compiled = Set(compiled)
        return folders.flatMap { folder -> [String] in
            guard tables.contains(where: { Path.relative($0, to: folder) != nil }) else { return [folder] }
            return all.filter { !compiled.contains($0) && Path.relative($0, to: folder) != nil }.sorted()
        }
    }

    /// The `.linza.yml` text.
    package func text() -> String {
        var lines = [
            "# Linza configuration, written by `linza init` from what it found in this folder; `linza init`",
            "# printed why. Linza's docs/CONFIGURATION.md explains every setting; `linza rules` lists the rules.",
            "",
        ]
        let modules = survey.modules
        // Files a single module's folders hold but its target does not compile.
        var exceptions: [String] = []
        if modules.count <= 1 {
            let sources = modules.first?.sources.sorted() ?? survey.sources
            var included = topFolders(sources)
            if !modules.isEmpty {
                let all = survey.discoveredSources.filter(isCountedSource)
                let covered = FolderCover.coverWithExceptions(selected: Set(sources), all: all, root: survey.directory)
                included = relative(covered.included)
                // `./Name`: a path without a slash would be a name at any depth.
                exceptions = relative(
                    Self.sparingTables(covered.excluded, tables: survey.tables.map(\.path), uncompiled: all, sources)
                ).map { $0.contains("/") ? $0 : "./" + $0 }
            }
            lines += block(
                "included:", included.isEmpty ? ["."] : included,
                comment: modules.first.map { "the sources of " + $0.origin }
                    ?? "folders with Swift and Objective-C sources")
        }
        let excluded = survey.excludedFolders + relative(survey.unbuiltExclusions) + exceptions
        if !excluded.isEmpty {
            lines.append(
                "excluded: \(list(excluded))   # tests, screenshots and vendored code"
                    + (survey.unbuiltExclusions.isEmpty ? "" : "; sources no BUILD file names")
                    + (exceptions.isEmpty ? "" : "; sources no target compiles"))
        }
        if modules.count <= 1 {
            let resources =
                modules.first.map { tableCover($0.tables) }
                ?? outermost(
                    survey.tables.map { table in
                        let folder = Path.parent(table.path)
                        return folder.hasSuffix(".lproj") ? Path.parent(folder) : folder
                    })
            if !resources.isEmpty {
                lines.append("resources:                         # where the tables are")
                lines += resources.map { "  - \(quoted($0))" }
            }
        }
        lines.append("development_language: \(survey.developmentLanguage)   # \(survey.developmentLanguageSource)")
        if survey.usesBase {
            lines.append("base_language: Base                # Base.lproj holds the development language")
        }
        lines += languageLines()
        if survey.readsSwiftUI {
            lines.append(
                "swiftui: true                      # \(survey.swiftUIMatches) SwiftUI titles (Text(\"…\") and others) "
                    + "name keys of the tables")
        }
        lines += functionLines()
        lines += accessorLines()
        lines += ruleLines()
        if modules.count > 1 { lines += moduleLines() }
        var formats: [String: Set<String>] = [:]
        for table in survey.tables { formats[table.name, default: []].insert("." + table.format.rawValue) }
        if !formats.isEmpty {
            lines.append(
                "# Tables found: "
                    + formats.keys.sorted().map { "\($0) (\(formats[$0]!.sorted().joined(separator: ", ")))" }
                    .joined(separator: ", "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func languageLines() -> [String] {
        let coverage = survey.coverage
        var lines = [
            "required_languages: \(list(coverage.required))   # "
                + (coverage.incomplete.isEmpty
                    ? "every language with tables"
                    : "languages with at least \(percent(LanguageCoverage.requiredShare)) of the development keys")
        ]
        if !coverage.incomplete.isEmpty {
            lines.append(
                "warned_languages: \(list(coverage.incomplete.map(\.language)))   # translated later: their gaps are "
                    + "warnings; move a language to required_languages once it is complete")
            lines.append(
                "# Share of the \(coverage.developmentKeys) development keys: "
                    + coverage.incomplete.map { "\($0.language) \(percent($0.share))" }.joined(separator: ", "))
        }
        return lines
    }

    private func functionLines() -> [String] {
        guard !wrappers.isEmpty else { return [] }
        var lines = ["functions:                         # wrappers found in the code or named by the Xcode project"]
        for candidate in wrappers {
            let function = candidate.wrapper.function
            let place =
                Path.relative(candidate.wrapper.location.file, to: survey.directory) ?? candidate.wrapper.location.file
            lines.append(
                "  - name: \(function.name)   # \(place):\(candidate.wrapper.location.line), wraps "
                    + "\(candidate.wrapper.wraps); \(candidate.literalCalls) call\(candidate.literalCalls == 1 ? "" : "s") "
                    + "with a literal key")
            lines.append("    key: \(reference(function.key))")
            if let table = function.table { lines.append("    table: \(reference(table))") }
            if let value = function.value { lines.append("    value: \(reference(value))") }
            if let comment = function.comment { lines.append("    comment: \(reference(comment))") }
            if let defaultTable = function.defaultTable { lines.append("    default_table: \(quoted(defaultTable))") }
            if !function.formatsText {
                lines.append(
                    "    formats: false                 # it fills its own %-placeholders (replacingOccurrences) "
                        + "and formats nothing: its texts are no printf formats")
            }
        }
        return lines
    }

    private func accessorLines() -> [String] {
        guard !survey.accessors.isEmpty || !survey.spelledAccessors.isEmpty else { return [] }
        var lines = ["accessors:                         # code reads keys through generated accessors"]
        for (reader, choice) in zip(survey.spelledAccessors, survey.spelledNamings) {
            lines.append(
                "  - root: \(reader.name)   # declared in no source (made by the build?); \(reader.uses) reads; "
                    + "\(choice.explained) of \(choice.members) members map to keys")
            lines.append("    naming: \(choice.accessor.namingText)")
            if let table = choice.accessor.table { lines.append("    table: \(quoted(table))") }
            if choice.accessor.onlyKeys {
                lines.append("    only_keys: true                # a member naming no key is a missing key")
            }
        }
        for (generator, accessor) in zip(survey.generators, survey.accessors) {
            let uses = survey.accessorUses[accessor.root] ?? 0
            let origin =
                generator.file != nil
                ? "\(generator.tool.rawValue) output" : "\(generator.tool.rawValue), run by the build"
            lines.append("  - root: \(accessor.root)   # \(origin) (\(generator.evidence)); \(uses) uses in code")
            if accessor.naming != .declarations { lines.append("    naming: \(accessor.namingText)") }
            if let table = accessor.table { lines.append("    table: \(quoted(table))") }
            if let file = accessor.file { lines.append("    file: \(quoted(relative([file])[0]))") }
        }
        return lines
    }

    /// Tables only the development language has whose name says they are never translated
    /// (element-ios's `Untranslated.strings`, read from the English bundle on purpose), in a
    /// project whose other tables are: `missing_language` would report every language.
    var untranslatedTables: [String] {
        let development: Set<String> = [survey.developmentLanguage, LanguageCode.base]
        var languages: [String: Set<String>] = [:]
        for table in survey.tables where table.format != .xcstrings {
            languages[table.name, default: []].insert(table.language ?? "")
        }
        guard languages.values.contains(where: { !$0.isSubset(of: development) }) else { return [] }
        let markers = ["untranslated", "nonlocalized", "notlocalized", "nottranslated"]
        return languages.filter { name, found in
            found.isSubset(of: development) && markers.contains { name.lowercased().contains($0) }
        }.keys.sorted()
    }

    private func ruleLines() -> [String] {
        var lines: [String] = []
        var rules: [String] = []
        if let generator = buildTimeGenerators.first, mostKeysLookUnused {
            rules += [
                "  unused_key: off                  # code reads keys through \(generator.tool.rawValue) accessors made during",
                "                                   # the build (\(generator.evidence)); Linza cannot see those uses",
            ]
        } else if let reader = survey.unseenAccessors.first(where: { $0.declaration != nil }), mostKeysLookUnused {
            rules += [
                "  unused_key: off                  # code reads \(reader.keys.count) keys through \(reader.name).… (\(reader.uses) reads),",
                "                                   # not calls Linza sees; Linza cannot see those uses",
            ]
        } else if mostKeysLookUnused {
            lines.append(
                "# \(survey.unusedKeys) of \(survey.surveyedKeys) development keys look unused: if code "
                    + "reads them in a way Linza does not see, set unused_key: off under rules:")
        }
        if !untranslatedTables.isEmpty {
            rules += [
                "  missing_language:",
                "    ignore_tables: [\(untranslatedTables.joined(separator: ", "))]   # only \(survey.developmentLanguage) has "
                    + "\(untranslatedTables.count == 1 ? "it" : "them"), and the name says never translated",
            ]
        }
        if !rules.isEmpty { lines += ["rules:"] + rules }
        if survey.keepsTextInCode {
            lines.append(
                "development_values_in_code: true   # \(survey.keysOnlyInCode) of \(survey.literalCalls) calls carry "
                    + "their text in value: and their key is not in the development tables")
        }
        return lines
    }

    private func moduleLines() -> [String] {
        // Each source belongs to the first module that includes it, so a module only has to
        // keep out the files of the modules after it and the files no module checks (no
        // target compiles them, or a target no app embeds): those must not be swept in. A
        // shared source whose calls another module runs is that module's (and a later one:
        // the modules before it keep it out).
        let moved = survey.placement.moduleOfSource
        var claimed = Set<String>()
        let owned = survey.modules.indices.map { index -> Set<String> in
            let module = survey.modules[index]
            defer { claimed.formUnion(module.sources.filter { moved[$0] == nil || moved[$0] == index }) }
            return module.sources.subtracting(claimed).filter { isCountedSource($0) && (moved[$0] ?? index) == index }
        }
        let counted = survey.discoveredSources.filter(isCountedSource)
        var lines = ["modules:"]
        var earlier = Set<String>()
        for (index, module) in survey.modules.enumerated() {
            lines.append("  - name: \(quoted(module.name))   # \(module.origin)")
            let unclaimed = counted.filter { !earlier.contains($0) }
            earlier.formUnion(owned[index])
            let included = relative(FolderCover.cover(selected: owned[index], all: unclaimed, root: survey.directory))
            lines += block("    included:", included)
            lines += block("    resources:", tableCover(module.tables))
            if let language = module.developmentLanguage, language != survey.developmentLanguage {
                lines.append("    development_language: \(language)")
            }
            if module.keepsTextInCode && !survey.keepsTextInCode {
                lines.append("    development_values_in_code: true   # no development table; \(textInCode(module))")
            } else if module.lacksDevelopmentTable && !survey.keepsTextInCode {
                lines.append(
                    "    require_development_tables: false   # no development table, and its keys are not its "
                        + "text: check them in \(module.developmentLanguage ?? survey.developmentLanguage)")
            }
        }
        return lines
    }

    /// What `init` prints: what it inferred and why.
    /// `translated`: each language's share of translated texts as `linza status` counts it
    /// with this configuration (most complete first): the coverage `init` shows.
    package func report(translated: [(language: String, percent: Int)]) -> [String] {
        var lines: [String] = []
        let survey = survey
        for failure in survey.unreadableProjects {
            lines.append(
                "\(DisplayPaths(relativeTo: survey.directory).location(failure.location)): \(failure.message); "
                    + "its targets are not modules")
        }
        if survey.modules.count > 1 {
            lines.append("modules: \(survey.modules.count), from the Xcode projects' targets and the Swift packages:")
            lines += survey.modules.map { module in
                "  \(module.name): \(count(module.sources.count, "source")), \(count(module.tables.count, "table file")) ("
                    + module.origins.joined(separator: ", ") + ")"
            }
        } else if let module = survey.modules.first {
            lines.append("one module: \(module.origin), \(count(module.sources.count, "source"))")
        } else if !survey.targetsWithoutTables.isEmpty {
            let built = survey.otherBuildFiles.isEmpty ? "" : " (\(survey.otherBuildFiles.joined(separator: ", ")))"
            lines.append(
                "no target of the Xcode projects and Swift packages ships a table, so they do not build the app"
                    + "\(built): reading every folder with sources against every table; the targets: "
                    + names(survey.targetsWithoutTables))
        } else {
            lines.append("no Xcode project or Swift package describes the sources; reading every folder with sources")
        }
        // Grouped by the module whose tables they read: a package both apps link has many targets.
        var sharedBy: [String: (targets: [String], others: Set<String>)] = [:]
        for target in survey.sharedTargets {
            sharedBy[target.modules[0], default: ([], [])].targets.append(target.name)
            sharedBy[target.modules[0]]!.others.formUnion(target.modules.dropFirst())
        }
        for module in sharedBy.keys.sorted() {
            let (targets, others) = sharedBy[module]!
            lines.append(
                "\(targets.count) targets without tables are embedded by \(module) and by \(others.sorted().joined(separator: ", ")), "
                    + "whose tables differ; a source is checked with one module, so they read \(module)'s "
                    + "(list their folders under shared: of another module to check them with its tables too): "
                    + names(targets))
        }
        for move in survey.placement.moves {
            let modules = move.compiledBy.map { survey.modules[$0].name }
            lines.append(
                "\(relative([move.source])[0]): compiled by \(modules.count) modules, checked with "
                    + "\(survey.modules[move.module].name), whose code names "
                    + move.names.joined(separator: ", ")
                    + " (where its calls are); \(modules[0]), the first, does not")
        }
        if !survey.unembeddedTargets.isEmpty {
            let sources = survey.unembeddedTargets.flatMap(\.sources)
            lines.append(
                "no tables of their own and no app with tables embeds them, so which tables their code reads is "
                    + "unknown: " + names(survey.unembeddedTargets.map(\.origin))
                    + "; their \(count(sources.count, "source")) "
                    + (sources.count == 1 ? "is" : "are") + " in no module: " + summary(sources))
        }
        if !survey.uncompiledSources.isEmpty {
            let count = survey.uncompiledSources.count
            lines.append(
                "\(self.count(count, "source")) no target compiles \(count == 1 ? "is" : "are") in no module: "
                    + summary(survey.uncompiledSources))
        }
        if !survey.unbuiltSources.isEmpty {
            let count = survey.unbuiltSources.count
            lines.append(
                "\(self.count(count, "source")) no BUILD file names \(count == 1 ? "is" : "are") not built by Bazel, "
                    + "so not read; excluded where they hold localization calls: "
                    + (survey.unbuiltExclusions.isEmpty ? "none" : names(relative(survey.unbuiltExclusions))))
        }
        if !survey.excludedFolders.isEmpty {
            lines.append(
                "excluded as tests, screenshots or vendored code: " + survey.excludedFolders.joined(separator: ", "))
        }
        for vendor in survey.vendorReasons {
            lines.append("\(vendor.folder): \(vendor.excluded ? "excluded" : "checked"), \(vendor.reason)")
        }
        lines.append("development language \(survey.developmentLanguage) (\(survey.developmentLanguageSource))")
        // One measure of coverage with `linza status`: its translated share, from its own
        // count. Which languages are required is decided on keys present (a missing key is
        // what lint reports), so that line names its measure. A share of no keys is no
        // figure at all: say there are none instead of "en 100 %".
        lines.append(
            survey.coverage.developmentKeys == 0
                ? "no development keys: no \(survey.developmentLanguage) table has an entry yet"
                : "languages by share of translated texts, as `linza status` counts them: "
                    + translated.map { "\($0.language) \($0.percent) %" }.joined(separator: ", "))
        for (language, _) in survey.coverage.shares {
            guard let base = survey.coverage.regionalBeside(language) else { continue }
            lines.append("\(language): warned, a regional folder beside \(base), which has more of the keys")
        }
        let present = { (languages: [(language: String, share: Double)]) in
            languages.map { "\($0.language) \(percent($0.share))" }.joined(separator: ", ")
        }
        let measure =
            survey.coverage.developmentKeys == 0
            ? "at least \(percent(LanguageCoverage.requiredShare))"
            : "their tables have at least \(percent(LanguageCoverage.requiredShare)) of the "
                + "\(count(survey.coverage.developmentKeys, "development key")): "
                + present(survey.coverage.shares.filter { survey.coverage.required.contains($0.language) })
        lines.append(
            "required: " + survey.coverage.required.joined(separator: ", ") + " (\(measure))"
                + (survey.coverage.incomplete.isEmpty ? "" : "; warned: " + present(survey.coverage.incomplete)))
        for table in untranslatedTables {
            lines.append(
                "\(table): only \(survey.developmentLanguage) has it and its name says it is never translated; "
                    + "missing_language leaves it alone (rules: missing_language: ignore_tables:)")
        }
        for candidate in survey.wrappers {
            let place =
                Path.relative(candidate.wrapper.location.file, to: survey.directory) ?? candidate.wrapper.location.file
            let calls = "\(candidate.literalCalls) literal and \(candidate.dynamicCalls) other keys"
            lines.append(
                candidate.isUseful
                    ? "wrapper \(candidate.wrapper.function.displayName) (\(place):\(candidate.wrapper.location.line)) wraps \(candidate.wrapper.wraps): \(calls)"
                        + (candidate.calledBy.map { ", and the wrapper \($0) calls it" } ?? "")
                    : "not configured: \(candidate.wrapper.function.displayName) (\(place)) wraps \(candidate.wrapper.wraps) but is called with \(calls)"
            )
        }
        for (generator, accessor) in zip(survey.generators, survey.accessors) {
            let uses = survey.accessorUses[accessor.root] ?? 0
            let how =
                accessor.naming == .declarations
                ? "the generated file's declarations"
                : "\(accessor.naming.rawValue) naming of the table keys"
                    + (accessor.table.map { " (table \($0))" } ?? "")
            lines.append(
                (generator.file != nil
                    ? "\(generator.tool.rawValue) output in \(generator.evidence)"
                    : "\(generator.tool.rawValue) is run by the build (\(generator.evidence))")
                    + ": \(uses) uses of \(accessor.root).… accessors, traced to their keys by \(how)")
        }
        if survey.swiftUICalls > 0 {
            lines.append(
                "SwiftUI: \(survey.swiftUIMatches) of \(survey.swiftUICalls) titles name table keys"
                    + (survey.readsSwiftUI ? "; swiftui: true" : "; not switched on"))
        }
        lines.append(
            "call sites seen: \(survey.callSites)"
                // Counted among the same keys: the languages' shares count each key once
                // however many tables hold it (ownCloud's init said "907 of 894").
                + (survey.surveyedKeys == 0
                    ? "" : "; development keys no call uses: \(survey.unusedKeys) of \(survey.surveyedKeys)"))
        for (reader, choice) in zip(survey.spelledAccessors, survey.spelledNamings) {
            let place =
                "\(Path.relative(reader.first.file, to: survey.directory) ?? reader.first.file):\(reader.first.line)"
            lines.append(
                "code reads \(choice.keys.count) development keys"
                    + (choice.accessor.table.map { " of table \($0)" } ?? "")
                    + " through \(reader.name) (\(reader.name).\(reader.firstMember) "
                    + "at \(place), \(reader.uses) reads), which no source declares: accessors the build generates; "
                    + "\(choice.explained) of its \(choice.members) members map to keys with naming: \(choice.accessor.namingText), "
                    + "so it is configured with it (included in the counts above)")
        }
        if let reader = survey.unseenAccessors.first(where: { $0.declaration != nil }), mostKeysLookUnused {
            let place =
                "\(Path.relative(reader.first.file, to: survey.directory) ?? reader.first.file):\(reader.first.line)"
            lines.append(
                "most development keys look unused, but code reads \(reader.keys.count) of them through \(reader.name) "
                    + "(\(reader.name).\(reader.firstMember) at \(place), \(reader.uses) reads), "
                    + "Linza cannot count those uses: unused_key is off, and prune leaves such tables alone")
        } else if mostKeysLookUnused {
            lines.append(
                "most development keys look unused: accessors generated from the tables, keys built at run time "
                    + "or a wrapper Linza did not recognise can be why; "
                    + "see accessors: and functions: in Linza's docs/CONFIGURATION.md")
        }
        if survey.keepsTextInCode {
            lines.append(
                "\(survey.keysOnlyInCode) of \(survey.literalCalls) calls keep their text in value: and their keys "
                    + "are not in the development tables: the text-in-code workflow")
        } else {
            for module in survey.modules where module.lacksDevelopmentTable {
                let language = module.developmentLanguage ?? survey.developmentLanguage
                if module.keepsTextInCode {
                    // Bundle.main in an extension is the extension's bundle: with no development
                    // table, a key the calls write as text is what it shows, not the app's text.
                    let shown =
                        module.callsWithTextKey > 0
                        ? "; a key that is its own text is what the module's bundle shows in \(language) without a table"
                        : ""
                    lines.append(
                        "module \(module.name): no table in the development language \(language), and "
                            + "\(textInCode(module))\(shown); development_values_in_code: true for it")
                } else {
                    let calls = module.literalCalls == 0 ? "no call with a literal key" : "only \(textInCode(module))"
                    lines.append(
                        "module \(module.name): no table in the development language \(language), and "
                            + "\(calls): its keys are reported missing in \(language) (require_development_tables: false); "
                            + "if they are written in another language, set its development_language:")
                }
            }
        }
        return lines
    }

    // MARK: - Helpers

    /// `3 of 4 calls keep their text in code (1 in value:, 2 as their own key)`.
    private func textInCode(_ module: InferredModule) -> String {
        var parts: [String] = []
        if module.callsWithValue > 0 { parts.append("\(module.callsWithValue) in value:") }
        if module.callsWithTextKey > 0 { parts.append("\(module.callsWithTextKey) as their own key") }
        let inCode = module.callsWithValue + module.callsWithTextKey
        let verb = inCode == 1 || module.literalCalls == 1 ? "keeps its" : "keep their"
        return "\(inCode) of \(count(module.literalCalls, "call")) \(verb) text in code"
            + (parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))")
    }

    /// `1 source`, `2 sources`.
    private func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// Origins (`target X (tool) in P.xcodeproj`), the first ten.
    private func names(_ origins: [String]) -> String {
        origins.prefix(10).joined(separator: ", ") + (origins.count > 10 ? " and \(origins.count - 10) more" : "")
    }

    /// `sources` as the folders and files that select exactly them, the first ten.
    private func summary(_ sources: [String]) -> String {
        let cover = relative(
            FolderCover.cover(
                selected: Set(sources), all: survey.discoveredSources.filter(isCountedSource),
                root: survey.directory))
        return cover.prefix(10).joined(separator: ", ") + (cover.count > 10 ? " and \(cover.count - 10) more" : "")
    }

    /// Headers are not compiled by a target, so a folder is covered whatever headers it holds.
    private func isCountedSource(_ path: String) -> Bool { !path.hasSuffix(".h") }

    /// The folders holding `tables`: a table is selected with its `.lproj` folder (the
    /// other tables there ship with it), a String Catalog alone.
    private func tableCover(_ tables: Set<String>) -> [String] {
        func container(_ path: String) -> String {
            let folder = Path.parent(path)
            return folder.hasSuffix(".lproj") ? folder : path
        }
        // The storyboard or intent definition behind a table (`Base.lproj/Intents.intentdefinition`
        // beside `en.lproj/Intents.strings`) goes with it: read from there, its table is the
        // system's, not code's (openHAB: 80 `unused_key` warnings without it).
        // Every table file in the folders selected, as `<folder of the .lproj folders>/<table>`.
        let folders = Set(tables.map(container))
        let shipped = Set(
            survey.tables.map(\.path).filter { folders.contains(container($0)) }.map {
                Path.parent(container($0)) + "/" + Self.tableName($0)
            })
        let interfaces = survey.interfaceFiles.filter { file in
            let folder = Path.parent(file)
            return folder.hasSuffix(".lproj") && shipped.contains(Path.parent(folder) + "/" + Self.tableName(file))
        }
        return LanguageFolderGlobs.shorten(
            FolderCover.cover(
                selected: Set((tables + interfaces).map(container)),
                // Other interface files do not keep a folder from being covered whole: before a
                // folder of them was swept in, and is still.
                all: Set((survey.tables.map(\.path) + interfaces).map(container)).sorted(),
                root: survey.directory),
            root: survey.directory, files: survey.tables.map(\.path) + survey.interfaceFiles)
    }

    /// A file's name without its extension: the table a `.strings` file or a storyboard names.
    private static func tableName(_ path: String) -> String {
        let name = Path.lastComponent(path)
        return String(name.prefix { $0 != "." })
    }

    private func relative(_ paths: [String]) -> [String] {
        paths.map { path in
            let relative = Path.relative(path, to: survey.directory) ?? path
            return relative.isEmpty ? "." : relative
        }
    }

    /// The top-level folders holding sources (`.` for sources at the top).
    private func topFolders(_ sources: [String]) -> [String] {
        Set(
            sources.map { path -> String in
                let parts = (Path.relative(path, to: survey.directory) ?? path).split(separator: "/")
                return parts.count > 1 ? String(parts[0]) : "."
            }
        ).sorted()
    }

    /// Folders not inside another one of the list, relative and sorted.
    private func outermost(_ folders: [String]) -> [String] {
        let sorted = Set(relative(folders)).sorted()
        return sorted.filter { folder in
            !sorted.contains { other in other != folder && (other == "." || folder.hasPrefix(other + "/")) }
        }
    }

    private func reference(_ reference: ArgumentReference) -> String {
        switch reference {
        case .position(let index): return String(index)
        case .label(let label): return label
        case .receiver: return "receiver"
        }
    }

    private func percent(_ share: Double) -> String {
        "\(Int((share * 100).rounded(.down))) %"
    }

    /// `key: [a, b]` for a few short items, else one `- item` per line.
    private func block(_ key: String, _ items: [String], comment: String? = nil) -> [String] {
        let suffix = comment.map { "   # " + $0 } ?? ""
        if items.count <= 3 { return [key + " " + list(items) + suffix] }
        let indent = String(repeating: " ", count: key.prefix { $0 == " " }.count + 2)
        return [key + suffix] + items.map { indent + "- " + quoted($0) }
    }

    private func list(_ items: [String]) -> String { "[" + items.map(quoted).joined(separator: ", ") + "]" }

    /// `text` as a YAML scalar that reads back as exactly that string: plain when it is a
    /// simple path that YAML does not take for something else (`null`, `true`, `1.0`), else
    /// double-quoted with `\\`, `"` and control characters escaped.
    private func quoted(_ text: String) -> String {
        let reserved: Set<String> = [
            "null", "Null", "NULL", "~", "true", "True", "TRUE", "false", "False", "FALSE",
            "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
        ]
        let plain =
            !text.isEmpty && !reserved.contains(text) && text.first?.isNumber == false
            && text.first != "-"
            // A glob's `*` (`App/*.lproj`), though not first: `*name` is a YAML alias.
            && text.first != "*"
            && text.allSatisfy { ($0.isLetter || $0.isNumber || "_-./*".contains($0)) && $0.isASCII }
        if plain { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                quoted += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
