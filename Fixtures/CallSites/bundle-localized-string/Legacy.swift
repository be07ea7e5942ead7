let a = Bundle.main.localizedString(forKey: "legacy.title", value: "Title", table: nil)
let b = Bundle(for: LegacyViewController.self).localizedString(forKey: "legacy.subtitle", value: nil, table: "Legacy")
let c = Locale.current.localizedString(forRegionCode: "DE")
