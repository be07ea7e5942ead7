import LinzaBase
import LinzaConfiguration
import LinzaSources

/// What a module's scanner is made from: the configuration's own settings, from which its
/// call forms (`Configuration.functions`) follow. Modules mostly share theirs, and making a
/// scanner (sixty call forms compiled) or spelling its cache fingerprint cost about a
/// million instructions each, as did hashing the sixty call forms to find an earlier one:
/// this key is what they are found by, and it hashes a few fields.
struct ScannerSettings: Hashable, Sendable {
    var defaultTable: String
    var collectsLiterals: Bool
    var customFunctions: [LocalizationFunction]
    var disabledFunctions: Set<String>
    var swiftUI: Bool
    var accessors: [AccessorSet]

    init(_ configuration: Configuration, collectsLiterals: Bool) {
        defaultTable = configuration.defaultTable
        self.collectsLiterals = collectsLiterals
        customFunctions = configuration.customFunctions
        disabledFunctions = configuration.disabledFunctions
        swiftUI = configuration.swiftUI
        accessors = configuration.accessors
    }
}

/// Values made once per distinct `ScannerSettings` and process (scanners, fingerprints),
/// shared by every thread.
final class ScannerSettingsMemo<Value: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private var values: [ScannerSettings: Value] = [:]

    /// The value made for `settings`, made now by `make` the first time it is asked for.
    func value(for settings: ScannerSettings, make: () -> Value) -> Value {
        if let known = lock.withLock({ values[settings] }) { return known }
        let made = make()
        lock.withLock { values[settings] = made }
        return made
    }
}
