#if DEBUG
let environmentName = NSLocalizedString("environment.debug", comment: "")
#elseif BETA
let environmentName = NSLocalizedString("environment.beta", comment: "")
#else
let environmentName = NSLocalizedString("environment.release", comment: "")
#endif
