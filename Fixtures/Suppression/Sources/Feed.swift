import Foundation

struct FeedStrings {
    // linza:disable:next missing_key - translated server-side until the next release
    let banner = NSLocalizedString("feed.banner", comment: "")
    let empty = NSLocalizedString("feed.empty", comment: "") // linza:disable:this missing_key
    let refresh = NSLocalizedString("feed.refresh", comment: "")
    /* linza:disable:previous missing_key */

    // linza:disable dynamic_key
    func title(for section: String) -> String { NSLocalizedString("feed.section.\(section)", comment: "") }
    func subtitle(for section: String) -> String { NSLocalizedString(section, comment: "") }
    // linza:enable dynamic_key

    let reported = NSLocalizedString("feed.reported", comment: "Still reported: not suppressed")
    // linza:disable:next missing_keys
    let misspelt = NSLocalizedString("feed.misspelt", comment: "The directive names no real rule")
}
