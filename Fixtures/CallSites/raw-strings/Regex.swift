let raw = #"NSLocalizedString("raw.fake", comment: "") and \n stays"#
let deeper = ##"A "# inside does not close: NSLocalizedString("raw.fake2", comment: "")"##
let rawKey = NSLocalizedString(#"raw\key"#, comment: "A backslash in a raw key")
let interpolated = #"Total: \#(NSLocalizedString("raw.total", comment: ""))"#
