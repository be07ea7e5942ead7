import LinzaBase
import LinzaTables

/// A `LegacyTable` as one String Catalog, written as Xcode's "Migrate to String Catalog"
/// writes it (docs/MIGRATION.md says which facts come from which real
/// migration): every unit `translated`, every entry `extractionState: migrated`, the
/// development file's note for translators as the comment (genstrings' placeholder
/// dropped), keys and texts unescaped, a source-language unit for every key the
/// development files hold, its text the key itself included (the next build drops those
/// of keys it extracts from code; the committed catalogs show that state), a plural whose format is exactly `%#@var@` and whose forms show
/// only that number collapsed into `variations.plural`, any other `.stringsdict` entry as
/// `substitutions`; members in Xcode's order (`CatalogValue.set`).
package enum CatalogMigration {
    /// The opt-in improvements over Xcode.
    package struct Options: Sendable {
        /// Keep every plural as `substitutions`, under its variable's name, rather than
        /// collapsing `%#@var@` (the name and the number's type would be lost).
        package var keepsVariableNames = false
        /// Mark `needs_review` a translation equal to the source text (Xcode marks it
        /// `translated`, which hides a text nobody translated).
        package var reviewsSourceCopies = false

        package init() {}
    }

    /// The catalog and, in a sentence each, what it does not keep of the files.
    package static func catalog(_ table: LegacyTable, sourceLanguage: String, options: Options = Options())
        -> (catalog: CatalogValue, notes: [String])
    {
        var notes: [String] = []
        var strings = CatalogValue.object([])
        let sourceTexts = Dictionary(
            (table.texts[sourceLanguage] ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        var comments: [String: String] = [:]
        // The development file's note first; a key it lacks takes the first other language's.
        let languages = table.texts.keys.sorted { left, right in
            left == sourceLanguage || (right != sourceLanguage && left < right)
        }
        // The development file's comment, even none: Xcode does not take another language's
        // (IceCubesApp: two keys with a comment only in other languages got none).
        // A key the development language has only as a plural takes no other language's
        // comment (IceCubesApp's "notifications-others-count %lld": ko's "MARK:" line was not taken).
        var commented = Set((table.plurals[sourceLanguage] ?? []).map(\.key))
        for language in languages {
            var own: [String: String] = [:]
            // A key written twice keeps its last definition's comment, as its value.
            // A .strings entry the .stringsdict overrides gives no comment (IceCubesApp's
            // "notifications-others-count %lld" lost its "MARK:" line).
            let plurals = Set((table.plurals[language] ?? []).map(\.key))
            for text in table.texts[language] ?? [] where !commented.contains(text.key) && !plurals.contains(text.key) {
                own[text.key] = text.comment.flatMap { $0 == LegacyTable.genstringsComment ? nil : $0 } ?? own[text.key]
            }
            comments.merge(own) { first, _ in first }
            commented.formUnion((table.texts[language] ?? []).map(\.key))
        }
        for language in Set(table.texts.keys).union(table.plurals.keys).sorted() {
            let pluralKeys = Set((table.plurals[language] ?? []).map(\.key))
            for text in table.texts[language] ?? [] {
                if pluralKeys.contains(text.key) {
                    notes.append(
                        "\(language): \(Messages.quoted(text.key)) is in both the .strings and the .stringsdict file; "
                            + "the .stringsdict entry is kept, as the app reads it first")
                    continue
                }
                let source = sourceTexts[text.key] ?? text.key
                let state =
                    options.reviewsSourceCopies && language != sourceLanguage && text.value == source
                    ? "needs_review" : "translated"
                strings.update(text.key) { entry in
                    entry.update("localizations") { $0.set(language, unit(text.value, state: state)) }
                }
            }
            for var plural in table.plurals[language] ?? [] {
                if let (undefined, defined) = renamedReference(plural) {
                    plural.format = plural.format.replacing("@\(undefined)@", with: "@\(defined)@")
                    notes.append(
                        "\(language): \(Messages.quoted(plural.key)) refers to the undefined variable "
                            + "\(Messages.quoted(undefined)); it now refers to \(Messages.quoted(defined)), "
                            + "the one variable the entry defines and does not use, as Xcode's migration does")
                }
                strings.update(plural.key) { entry in
                    entry.update("localizations") { $0.set(language, localization(plural, options: options)) }
                }
            }
        }
        for member in strings.members ?? [] {
            strings.update(member.key) { entry in
                if let comment = comments[member.key] { entry.set("comment", .string(comment)) }
                entry.set("extractionState", .string("migrated"))
            }
        }
        var root = CatalogValue.object([])
        root.set("sourceLanguage", .string(sourceLanguage))
        root.set("strings", strings)
        root.set("version", .string("1.0"))
        return (root, notes)
    }

    /// A `.stringsdict` entry as one localization: collapsed to `variations.plural` when
    /// Xcode collapses it, else the format as a string unit with its `substitutions`.
    static func localization(_ plural: LegacyTable.Plural, options: Options) -> CatalogValue {
        if !options.keepsVariableNames, let variable = collapsible(plural) {
            return .object([CatalogMember(key: "variations", value: variations(variable.forms))])
        }
        var format = plural.format
        var localization = CatalogValue.object([])
        var substitutions = CatalogValue.object([])
        for variable in plural.variables {
            var substitution = CatalogValue.object([])
            // `%2$#@name@` reads its number from argument 2: the catalog keeps the
            // position as argNum and the reference without it.
            if let position = positionalReference(to: variable.name, in: format) {
                substitution.set("argNum", .literal(String(position.argument)))
                format.replaceSubrange(position.range, with: "%#@\(variable.name)@")
            }
            if let valueType = variable.valueType { substitution.set("formatSpecifier", .string(valueType)) }
            // With argNum, Xcode keeps the number's conversion in the forms (IceCubesApp's eu.lproj).
            let positional = substitution["argNum"] != nil
            let forms = variable.forms.map {
                ($0.category, positional ? $0.text : argumentPlaceholders($0.text, valueType: variable.valueType))
            }
            substitution.set("variations", variations(forms))
            substitutions.set(variable.name, substitution)
        }
        localization.set("stringUnit", unit(format, state: "translated")["stringUnit"]!)
        localization.set("substitutions", substitutions)
        return localization
    }

    /// A format's one reference to a variable the entry does not define, and the entry's
    /// one variable the format does not use: Xcode points the first at the second
    /// (IceCubesApp's de.lproj `%#@count_posts@ von %#@count_voters@`); nil otherwise.
    static func renamedReference(_ plural: LegacyTable.Plural) -> (undefined: String, defined: String)? {
        let referenced = FormatSpecifier.variableReferences(in: plural.format)
        let defined = plural.variables.map(\.name)
        let undefined = referenced.filter { !defined.contains($0) }
        let unused = defined.filter { !referenced.contains($0) }
        guard undefined.count == 1, unused.count == 1 else { return nil }
        return (undefined[0], unused[0])
    }

    /// The variable of an entry Xcode collapses: a format that is exactly `%#@var@`, one
    /// variable, whose forms show its number (some of them at least) and no other
    /// argument. Measured on IceCubesApp's migration: 58 entries of this shape collapsed,
    /// 34 with forms that show no number or another argument became substitutions.
    static func collapsible(_ plural: LegacyTable.Plural) -> LegacyTable.Variable? {
        guard plural.variables.count == 1, let variable = plural.variables.first,
            plural.format == "%#@\(variable.name)@", let valueType = variable.valueType
        else { return nil }
        var showsNumber = false
        for form in variable.forms {
            for specifier in FormatSpecifier.parse(form.text) {
                guard conversion(of: specifier.text) == valueType, specifier.argument == 1 else { return nil }
                showsNumber = true
            }
        }
        return showsNumber ? variable : nil
    }

    /// `lld` for `%lld` or `%1$lld`: the conversion without `%`, position, flags or width.
    static func conversion(of specifier: String) -> String {
        var text = Substring(specifier.dropFirst())
        if let dollar = text.firstIndex(of: "$") { text = text[text.index(after: dollar)...] }
        return String(text.drop { "0123456789.-+ #'".contains($0) })
    }

    /// A substitution's form with its own number written `%arg`, as Xcode writes it.
    static func argumentPlaceholders(_ text: String, valueType: String?) -> String {
        guard let valueType else { return text }
        var result = text
        for specifier in FormatSpecifier.parse(text).reversed()
        where conversion(of: specifier.text) == valueType && !specifier.text.contains("$") {
            if let range = result.ranges(of: specifier.text).last { result.replaceSubrange(range, with: "%arg") }
        }
        return result
    }

    /// Where `format` refers to `name` with a position (`%2$#@name@`), and that position.
    static func positionalReference(to name: String, in format: String) -> (range: Range<String.Index>, argument: Int)?
    {
        for specifier in FormatSpecifier.parse(format) where specifier.type == .variable {
            guard specifier.text.contains("$"), specifier.text.hasSuffix("@\(name)@"),
                let range = format.firstRange(of: specifier.text)
            else { continue }
            return (range, specifier.argument)
        }
        return nil
    }

    static func variations(_ forms: [(category: String, text: String)]) -> CatalogValue {
        var plural = CatalogValue.object([])
        for form in forms { plural.set(form.category, unit(form.text, state: "translated")) }
        return .object([CatalogMember(key: "plural", value: plural)])
    }

    /// A string unit as Xcode writes one (`CatalogDocument.unit`).
    static func unit(_ value: String, state: String) -> CatalogValue {
        CatalogDocument.unit(value, state: state)
    }
}
