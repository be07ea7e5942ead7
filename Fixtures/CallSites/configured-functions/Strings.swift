enum L10n {
    static func tr(_ table: String, _ key: String) -> String { key }
}
func Loc(key: String, table: String? = nil, fallback: String) -> String { key }

let a = L10n.tr("Main", "configured.member_path")
let b = App.L10n.tr("Main", "configured.longer_path")
let c = Loc(key: "configured.label", fallback: "Fallback text")
let d = Loc(table: "Other", key: "configured.table_label", fallback: "x")
let e = tr("Main", "configured.not_this")
