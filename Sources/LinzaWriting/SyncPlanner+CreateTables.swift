import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

/// `sync --create-tables` for the development language: its table made where the other
/// languages' tables show it.
extension SyncPlanner {
    /// The other languages' `.strings` files of `table` (Base's aside: Interface Builder's
    /// folder is no language a development table could be created like), readable ones
    /// only, the required languages first in their configured order, then the rest by name.
    static func siblings(of table: String, in module: Linter.LoadedModule, project: LintProject) -> [TableFile] {
        let development = project.developmentLanguage
        let required = project.requiredLanguages
        return module.tables.map(\.file).filter { file in
            file.name == table && file.format == .strings && file.language != nil && file.language != development
                && file.language != LanguageCode.base
        }.filter { file in !module.tables.contains { $0.file.path == file.path && $0.failure != nil } }
            .sorted { first, second in
                let (a, b) = (
                    required.firstIndex(of: first.language ?? "") ?? .max,
                    required.firstIndex(of: second.language ?? "") ?? .max
                )
                return a != b ? a < b : (first.language ?? "", first.path) < (second.language ?? "", second.path)
            }
    }

    /// With `createTables`, for a table the development language lacks and other languages
    /// have (`siblings`, their `.strings` files): `<development>.lproj/<table>.strings` in
    /// the folder the siblings' `.lproj` folders are in, holding every wanted key with the
    /// text its calls give. The development language's folder keeps its spelling there
    /// (`en-US.lproj`, `en_US.lproj`) when it has one. The file is encoded and styled like
    /// the siblings: the encoding and line ending most of them share, taken from the first
    /// such sibling (required languages first), so that it reads like the table's other
    /// files in review. Keys are in that sibling's order, then in order of first use.
    /// Left out, saying why: a key the siblings keep as a `.stringsdict` plural entry (its
    /// forms are for a person to write) and a key no call gives a text for whose key is no
    /// text to show either (`settings.title`): that would invent the app's text. With
    /// `fillDevelopment`, the other required languages then get the keys they lack (a
    /// language without the table has it created, with `createTables`, beside the others).
    func createDevelopmentTable(
        _ table: String, wanted: [UsageIndex.Key], siblings: [TableFile], module: Linter.LoadedModule,
        project: LintProject, plan: inout WritePlan, documents: inout DocumentCache
    ) {
        let development = project.developmentLanguage
        let inModule = module.name.map { " in module \($0)" } ?? ""
        let folders = Array(Set(siblings.map { Path.parent(Path.parent($0.path)) })).sorted()
        guard folders.count == 1, let folder = folders.first else {
            plan.skipped.append(
                "\(development) has no \(table) table\(inModule), and the other languages keep theirs in "
                    + "\(folders.count) folders (\(folders.joined(separator: ", "))): not created, as Linza cannot tell which "
                    + "folder it belongs in; create it by hand, then sync again")
            return
        }
        // The development language's folder as the project spells it, where it has one.
        let spelled = module.tables.map(\.file.path).first { path in
            Path.parent(Path.parent(path)) == folder && Path.isInLanguageFolder(path)
                && module.tables.contains { $0.file.path == path && $0.file.language == development }
        }.map { Path.lastComponent(Path.parent($0)) }
        let path = Path.join(folder, "\(spelled ?? development + ".lproj")/\(table).strings")
        guard Path.kind(path) == .missing else {
            plan.skipped.append(
                "\(development) has no \(table) table\(inModule) Linza could read, yet \(options.paths.path(path)) is there: "
                    + "not created over it")
            return
        }
        var documentsRead: [(file: TableFile, document: any EditableTable)] = []
        for sibling in siblings {
            guard let bytes = try? documents.read(sibling.path),
                let document = try? TableFormat.strings.editableTable(path: sibling.path, bytes: bytes)
            else { continue }
            documentsRead.append((sibling, document))
        }
        var shares: [String: Int] = [:]
        func style(_ document: any EditableTable) -> String {
            document.encoding.rawValue + " " + document.lineEnding.map(String.init).joined()
        }
        for (_, document) in documentsRead { shares[style(document), default: 0] += 1 }
        let most = shares.values.max() ?? 0
        guard let template = documentsRead.first(where: { shares[style($0.document)] == most }) else {
            plan.skipped.append(
                "\(development) has no \(table) table\(inModule), and no other language's \(table).strings "
                    + "could be read to create it like")
            return
        }
        let plurals = Set(
            module.tables.filter { $0.file.name == table && $0.file.format == .stringsdict }.flatMap(\.entries).map(
                \.key))
        let siblingOrder = template.document.keys
        let position = Dictionary(siblingOrder.enumerated().map { ($1, $0) }) { first, _ in first }
        let ordered = wanted.enumerated().sorted { first, second in
            (position[first.element.key.value] ?? .max, first.offset) < (
                position[second.element.key.value] ?? .max, second.offset
            )
        }.map(\.element)
        var entries: [NewStringsEntry] = []
        var pluralKeys: [String] = []
        var needingText: [UsageIndex.Key] = []
        let base =
            project.configuration.baseLanguage == nil ? project.table(language: LanguageCode.base, name: table) : nil
        for key in ordered {
            if plurals.contains(key.key.value) {
                pluralKeys.append(key.key.value)
            } else if let entry = newEntry(
                key, base: base, bare: false, conflicts: &plan.conflicts, needingText: &needingText)
            {
                entries.append(entry)
            }
        }
        let textless = needingText.map(\.key.value)
        let newFile = Path.lastComponent(Path.parent(path)) + "/" + Path.lastComponent(path)
        // A development table made from code alone may leave thousands out (a SwiftGen app's
        // accessors give no text): the first ten name the kind, the count the extent.
        func listed(_ keys: [String]) -> String {
            keys.prefix(10).map(Messages.quoted).joined(separator: ", ")
                + (keys.count > 10 ? " and \(keys.count - 10) more" : "")
        }
        if !pluralKeys.isEmpty {
            plan.skipped.append(
                "not added to the new \(newFile)\(inModule), as the other languages keep them as plural "
                    + ".stringsdict entries, whose forms are for a person to write: " + listed(pluralKeys))
        }
        if !textless.isEmpty {
            plan.skipped.append(
                "not added to the new \(newFile)\(inModule), as no call gives their text (value:) and the key "
                    + "is no text to show: " + listed(textless) + "; give them a text, then sync again")
        }
        guard !entries.isEmpty else { return }
        createFile(
            path, like: template.file.path, language: development, table: table, entries: entries, plan: &plan,
            documents: &documents)
        guard options.fillDevelopment else { return }
        let order = { entries.map(\.key) }
        for language in Self.filledLanguages(project) {
            if let target = project.table(language: language, name: table) {
                add(
                    entries.filter { target.entry(for: $0.key) == nil }, language: language, table: target, plan: &plan,
                    documents: &documents, order: order)
            } else {
                // Only `--create-tables` leads here: a language without the table gets it too.
                createFile(
                    Path.join(folder, "\(language).lproj/\(table).strings"), like: template.file.path,
                    language: language,
                    table: table, entries: entries, plan: &plan, documents: &documents)
            }
        }
    }
}
