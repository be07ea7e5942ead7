let quote = NSLocalizedString("escapes.say \"hi\"", comment: "")
let unicode = NSLocalizedString("escapes.caf\u{E9}", comment: "")
let tab = NSLocalizedString("escapes.a\tb", comment: "")
let cyrillic = "Пицца"; let after = NSLocalizedString("escapes.after_cyrillic", comment: "")
