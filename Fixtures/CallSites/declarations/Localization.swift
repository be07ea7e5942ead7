func BPFLocalizedString(_ key: String) -> String {
    NSLocalizedString(key, comment: "")
}
extension String {
    static func BPFLocalizedString(_ key: String, table: String) -> String { key }
}
let title = BPFLocalizedString("declarations.title")
