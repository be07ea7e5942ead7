/// The CLDR cardinal plural categories of each language, as Xcode's String Catalog editor
/// offers them. `other` is always among them; `zero` is always allowed on Apple platforms
/// (it is used for 0 in any language) but never required.
package enum PluralCategories {
    /// Categories per language (primary subtag), from CLDR's cardinal rules.
    static let byLanguage: [String: [String]] = {
        var table: [String: [String]] = [:]
        func set(_ categories: [String], _ languages: String) {
            for language in languages.split(separator: " ") { table[String(language)] = categories }
        }
        set(["other"], "ja zh ko vi th id ms my lo km yo bo dz ig jv kea ses sg to wo yue ii sah tt")
        set(
            ["one", "other"],
            """
            en de nl sv it es ca da nb nn no fi et el hu tr bg eu gl ka kk ky ml mn ne or ps sq sw ta te ur uz \
            af az fo fy lb is mk si hi bn fa gu kn mr am zu fil tl hy kab sc
            """)
        set(["one", "many", "other"], "fr pt")
        set(["one", "two", "other"], "he iw iu se")
        set(["one", "few", "other"], "ro mo hr bs sr sh")
        set(["one", "few", "many", "other"], "ru uk be pl cs sk lt")
        set(["zero", "one", "other"], "lv")
        set(["one", "two", "few", "other"], "sl dsb hsb gd")
        set(["one", "two", "few", "many", "other"], "ga br mt")
        set(["zero", "one", "two", "few", "many", "other"], "ar cy kw")
        return table
    }()

    /// The categories `language` (any BCP-47 code) uses, or nil when Linza does not know it.
    package static func categories(for language: String) -> [String]? {
        let primary = language.split(separator: "-").first.map(String.init) ?? language
        return byLanguage[primary.lowercased()]
    }

    /// Every category name CLDR defines, in CLDR's order.
    package static let all = ["zero", "one", "two", "few", "many", "other"]
}
