import SwiftUI

struct PromotionBanner: View {
    var body: some View {
        VStack {
            Text(String(localized: "promo.banner", table: "Promotions"))
            Text(String(localized: "promo.code", table: "Promotions"))
        }
    }
}
