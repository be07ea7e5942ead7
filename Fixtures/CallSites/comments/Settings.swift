// Settings screen. Old title: NSLocalizedString("settings.old_title", comment: "")
/* The footer used to say NSLocalizedString("settings.footer", comment: "")
   /* nested: NSLocalizedString("settings.nested", comment: "") */
   still inside the outer comment */
/// Doc comment: call `NSLocalizedString("settings.doc", comment: "")` to get the title.
let settingsTitle = NSLocalizedString("settings.title", comment: "Navigation title") // NSLocalizedString("settings.trailing", comment: "")
