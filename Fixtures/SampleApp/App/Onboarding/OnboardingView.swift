import SwiftUI

struct OnboardingView: View {
    var body: some View {
        VStack {
            Text(String(localized: "onboarding.welcome", table: "Onboarding"))
            Text(String(localized: "onboarding.choose_pizzeria", table: "Onboarding"))
            Text(String(localized: "promo.first_order", table: "Promotions"))
        }
    }
}
