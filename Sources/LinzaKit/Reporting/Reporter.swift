/// Turns findings into text. Reporters are pure functions of the diagnostics, so each can
/// be tested against a stored expected output.
public protocol Reporter: Sendable {
    /// The name used on the command line (`--reporter xcode`).
    static var name: String { get }
    init()
    func report(_ diagnostics: [Diagnostic]) -> String
}

/// Every reporter, by name.
public enum ReporterRegistry {
    public static let all: [any Reporter.Type] = [XcodeReporter.self]

    public static func reporter(named name: String) -> (any Reporter)? {
        all.first { $0.name == name }.map { $0.init() }
    }
}
