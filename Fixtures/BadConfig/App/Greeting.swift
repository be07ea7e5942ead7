let greeting = NSLocalizedString("greeting", comment: "Shown on launch")
