/// Terminal colours for the reports people read, as SGR escape sequences; when not
/// `enabled` (piped, `NO_COLOR`, `--color never`) every function returns its text unchanged,
/// so a coloured report is the plain one with escapes around some of its words.
package struct ANSIStyle: Sendable {
    package var enabled: Bool

    package init(enabled: Bool) {
        self.enabled = enabled
    }

    package func bold(_ text: String) -> String { paint(text, "1") }
    package func dim(_ text: String) -> String { paint(text, "2") }
    package func red(_ text: String) -> String { paint(text, "1;31") }
    package func yellow(_ text: String) -> String { paint(text, "1;33") }
    package func cyan(_ text: String) -> String { paint(text, "1;36") }

    /// What a painted text starts with: for writers that append a text in parts instead of
    /// making it whole first (`XcodeReporter`, thousands of lines).
    package func start(_ paint: Paint) -> String { enabled ? "\u{1B}[\(paint.rawValue)m" : "" }
    /// What a painted text ends with.
    package var end: String { enabled ? "\u{1B}[0m" : "" }

    /// The SGR codes of the paints above.
    package enum Paint: String, Sendable {
        case bold = "1"
        case dim = "2"
        case red = "1;31"
        case yellow = "1;33"
        case cyan = "1;36"
    }

    private func paint(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
