import SwiftUI

struct WelcomeView: View {
    let name: String

    var body: some View {
        VStack {
            Text(Strings.Onboarding.title)
            Text(Strings.Onboarding.welcomeMessage(name))
            Button(Strings.Onboarding.Buttons.getStarted) {}
            Button(Strings.Onboarding.Buttons.signIn) {}
        }
        .navigationTitle(Strings.Common.appName)
    }
}
