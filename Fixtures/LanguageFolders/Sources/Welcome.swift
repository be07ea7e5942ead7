let title = NSLocalizedString("welcome.title", comment: "")
let start = NSLocalizedString("welcome.start", comment: "")
let shared = String(localized: "shared.ok", table: "Shared")
