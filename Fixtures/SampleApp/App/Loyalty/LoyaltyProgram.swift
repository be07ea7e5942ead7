import Foundation

/// Work in progress: points for every order.
struct LoyaltyProgram {
    let title = NSLocalizedString("loyalty.title", comment: "")
}

/* TODO: bonus tiers
struct BonusTier {
