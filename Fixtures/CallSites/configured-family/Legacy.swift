let a = MyLocalizedString("family.plain", "comment")
let b = MyLocalizedStringFromTable("family.table", "Settings", "comment")
let c = MyLocalizedStringFromTableInBundle("family.bundle", "Settings", .main, "comment")
let d = MyLocalizedStringWithDefaultValue("family.default", "Settings", .main, "Default", "comment")
