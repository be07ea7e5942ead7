/// What becomes of a translated XLIFF unit against the units its development table gives
/// today (`ExchangeCurrentUnit.units`): `import` applies it or says why not, and
/// `lint --xliff` reports the same reasons as findings. One judgement for both, so that
/// the lint predicts exactly what the import will not apply.
package enum ExchangeUnitVerdict: Sendable, Hashable {
    /// Its source is the project's source text today: it can be applied.
    case current(ExchangeCurrentUnit)
    /// Its source is not the project's source text any more (translated from an older text).
    case staleSource(ExchangeCurrentUnit)
    /// The table gives no unit of this id today (a key removed or renamed since the export).
    case unknownKey
    /// The id names a plural category the target language does not have (CLDR).
    case categoryNotInLanguage(category: String, categories: [String])
    /// Marked not to be translated (`translate="no"`, `shouldTranslate: false`), and its
    /// target is not its source.
    case translatedNotTranslatable(ExchangeCurrentUnit)
    /// Marked not to be translated, with its source (or the language's text today) as
    /// target: nothing to apply, nothing wrong.
    case untranslatable

    /// The verdict on `unit`, whose target is `target`, in a table of `format` whose units
    /// for `language` today are `known`.
    package init(
        _ unit: XLIFFUnit, target: String, known: [String: ExchangeCurrentUnit], language: String,
        format: TableFormat
    ) {
        guard let current = known[unit.id] ?? Self.unexportedCategory(unit.id, known: known, language, format) else {
            if let parsed = ExchangeUnitAddress(id: unit.id, format: format),
                let category = ExchangeCurrentUnit.pluralCategory(
                    ExchangeCurrentUnit.path(of: parsed.steps, format: format)),
                let categories = PluralCategories.categories(for: language), !categories.contains(category)
            {
                self = .categoryNotInLanguage(category: category, categories: categories)
            } else {
                self = .unknownKey
            }
            return
        }
        guard current.translatable else {
            self =
                target == current.source || target == current.currentTarget
                ? .untranslatable : .translatedNotTranslatable(current)
            return
        }
        self =
            unit.source == current.source && unit.sourceSet == current.sourceSet
            ? .current(current) : .staleSource(current)
    }

    /// A plural category export leaves out that the language still reads: one CLDR gives it
    /// (French and Portuguese `many`, as Xcode exports them: `ExchangeMapping.pluralCategories`)
    /// or, in a `.stringsdict`, `zero`, which Apple's run time uses for 0 in every language
    /// (an English entry's `zero` form shows for 0). The unit of its `other` form, at this
    /// category's place: a file exported by another tool, or translated with such a form, is
    /// applied, not reported as an unknown key.
    private static func unexportedCategory(
        _ id: String, known: [String: ExchangeCurrentUnit], _ language: String, _ format: TableFormat
    ) -> ExchangeCurrentUnit? {
        guard let address = ExchangeUnitAddress(id: id, format: format),
            case .plural(let category)? = address.steps.last, category != "other",
            PluralCategories.categories(for: language)?.contains(category) == true
                || (category == "zero" && format == .stringsdict),
            let otherID = ExchangeUnitAddress(key: address.key, steps: address.steps.dropLast() + [.plural("other")])
                .id(format: format),
            var unit = known[otherID]
        else { return nil }
        unit.path = ExchangeCurrentUnit.path(of: address.steps, format: format)
        return unit
    }
}
