import Intents

final class IntentHandler: INExtension {
    let defaults = UserDefaults(suiteName: Bundle.main.appGroupSuiteName)

    func confirmation() -> String {
        String(format: NSLocalizedString("Deliver %@?", comment: "Intent confirmation"), DoseUnit.units.shortUnit)
    }
}
