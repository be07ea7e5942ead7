let quoted = /"([^"]*)"/
let url = /https?:\/\/[^\s]+/
let extended = #/NSLocalizedString\("(?<key>[^"]+)"/#
let ratio = total / count / 2
let message = NSLocalizedString("validation.invalid_email", comment: "")
