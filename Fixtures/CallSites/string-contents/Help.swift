let helpText = "Call NSLocalizedString(\"help.fake\", comment: \"\") from code"
let path = "/* not a comment */ // nor this"
let help = NSLocalizedString("help.title", comment: "Shown at the top of Help")
