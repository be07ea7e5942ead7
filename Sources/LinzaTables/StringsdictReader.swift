import LinzaBase

/// Reads `.stringsdict` files: per key, the `NSStringLocalizedFormatKey` and its
/// variables' plural (or width, or device) forms, each with its line.
enum StringsdictReader {
    static let formatKey = "NSStringLocalizedFormatKey"
    static let specTypeKey = "NSStringFormatSpecTypeKey"
    static let valueTypeKey = "NSStringFormatValueTypeKey"
    static let pluralRuleType = "NSStringPluralRuleType"

    static func read(_ file: TableFile, text: UnsafeBufferPointer<UInt8>, locate: (Int) -> Location)
        -> [LoadedTableFile]
    {
        let root: PlistNode
        do {
            root = try PropertyListXMLParser.parse(text)
        } catch let error as PlistSyntaxError {
            return [
                TableLoader.broken(
                    file,
                    TableProblem(
                        message: "invalid property list: \(error.message)",
                        location: locate(error.offset), effect: .rejectsFile))
            ]
        } catch {
            return [
                TableLoader.broken(file, TableProblem(message: "\(error)", location: locate(0), effect: .rejectsFile))
            ]
        }
        return [read(file, root: root, end: locate(text.count), locate: locate)]
    }

    /// The entries of a parsed property list (XML or binary).
    static func read(_ file: TableFile, root: PlistNode, end: Location, locate: (Int) -> Location) -> LoadedTableFile {
        guard let pairs = root.pairs else {
            return TableLoader.broken(
                file,
                TableProblem(
                    message: "the property list is not a dictionary of keys",
                    location: locate(root.offset), effect: .rejectsFile))
        }
        var entries: [TableEntry] = []
        var problems: [TableProblem] = []
        for (key, keyOffset, value) in pairs {
            let location = locate(keyOffset)
            let (entry, entryProblems) = self.entry(key, location: location, value: value, locate: locate)
            entries.append(entry)
            problems += entryProblems
        }
        return LoadedTableFile(
            file: file, entries: entries, problems: problems, failure: nil, endLocation: end,
            duplicates: TableLoader.duplicates(entries))
    }

    private static func entry(
        _ key: String, location: Location, value: PlistNode,
        locate: (Int) -> Location
    ) -> (TableEntry, [TableProblem]) {
        var entry = TableEntry(key: key, location: location, isUsable: false, format: .stringsdict)
        guard let members = value.pairs else {
            return (
                entry,
                [
                    TableProblem(
                        message: "the entry \(Messages.quoted(key)) is not a dictionary",
                        location: location, effect: .losesEntry)
                ]
            )
        }
        guard let format = value[formatKey], let formatText = format.string else {
            return (
                entry,
                [
                    TableProblem(
                        message: "the entry \(Messages.quoted(key)) has no \(formatKey) string",
                        location: location, effect: .losesEntry)
                ]
            )
        }
        entry.isUsable = true
        entry.texts.append(EntryText(text: formatText, role: .value, location: locate(format.offset)))
        var problems: [TableProblem] = []
        for (name, nameOffset, variable) in members where name != formatKey {
            guard let forms = variable.pairs else { continue }
            let specType = variable[specTypeKey]?.string
            var rule = PluralRule(name: name, categories: [:], location: locate(nameOffset))
            for (category, categoryOffset, form) in forms where category != specTypeKey && category != valueTypeKey {
                guard let text = form.string else { continue }
                if specType == pluralRuleType {
                    rule.categories[category] = locate(categoryOffset)
                    entry.texts.append(
                        EntryText(
                            text: text, role: .plural(rule: name, category: category),
                            location: locate(form.offset)))
                } else {
                    entry.texts.append(EntryText(text: text, role: .device(category), location: locate(form.offset)))
                }
            }
            if specType == pluralRuleType { entry.pluralRules.append(rule) }
        }
        for variable in FormatSpecifier.variableReferences(in: formatText)
        where value[variable] == nil {
            problems.append(
                TableProblem(
                    message:
                        "\(formatKey) of \(Messages.quoted(key)) refers to %#@\(variable)@, which the entry does not define",
                    location: locate(format.offset), effect: .losesEntry))
        }
        return (entry, problems)
    }
}
