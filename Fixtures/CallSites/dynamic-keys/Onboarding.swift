let step = NSLocalizedString("onboarding.step.\(index)", comment: "")
let promo = NSLocalizedString("promo." + code, comment: "")
let fromVariable = NSLocalizedString(key, comment: "")
let leadingInterpolation = NSLocalizedString("\(section).title", comment: "")
let multiline = NSLocalizedString("""
    onboarding.page.\(page)
    """, comment: "")
