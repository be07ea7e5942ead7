// Left in the folder, compiled by no target: init lists it and no module checks it.
let oldBanner = NSLocalizedString("legacy.banner", comment: "A banner the app no longer shows")
