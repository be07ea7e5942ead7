// Written on Windows
let greeting = NSLocalizedString("greeting.hello", comment: "")
let farewell = NSLocalizedString(
    "greeting.bye",
    comment: "")
