import SwiftUI

/// Loop's widget extension: its keys are its English text, and it ships only translations.
/// `Bundle.main` in an extension is the extension's bundle, so with no en table English
/// users see the keys themselves.
struct PumpView: View {
    var reservoir: Double

    var body: some View {
        VStack {
            Text("Eventual")
            Text("Reservoir low")
            Text(String(format: NSLocalizedString("%@ U", comment: "Insulin units"), reservoir.formatted()))
        }
    }
}
