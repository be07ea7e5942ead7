import LinzaBase
import LinzaConfiguration
import LinzaKit

/// `.linza.yml`: libyaml through LinzaYAML, then the settings. Any text either loads or
/// fails with a `ConfigurationError` at a position in the file; the globs it accepts match
/// paths without trouble.
enum ConfigurationFuzzing {
    private static let paths = [
        "/project/Sources/App/View.swift", "/project/App/en.lproj/Localizable.strings",
        "/project/Pods/Lib/de.lproj/Lib.strings", "/project/a[b]/x.m", "/project/", "",
    ]

    static func run(_ data: UnsafeBufferPointer<UInt8>) {
        // `ConfigurationLoader.load(file:)` refuses text that is not UTF-8 before parsing it.
        guard UTF8Validation.firstInvalidOffset(data) == nil else { return }
        let text = String(decoding: data, as: UTF8.self)
        let lines = data.reduce(1) { $0 + ($1 == 0x0A || $1 == 0x0D || $1 == 0xE2 || $1 == 0xC2 ? 1 : 0) }
        do {
            let configuration = try ConfigurationLoader.load(text: text, file: "/project/.linza.yml")
            for module in [configuration] + configuration.modules.map(\.configuration) {
                for pattern in module.excluded {
                    for path in paths { _ = pattern.matches(path) }
                }
                for selector in module.included {
                    for path in paths { _ = selector.pattern?.matches(path) }
                }
            }
        } catch let error as ConfigurationError {
            FuzzCheck.expect(
                error.location.line >= 1 && error.location.column >= 1 && error.location.line <= lines + 1,
                "error at \(error.location.line):\(error.location.column) of \(lines) lines")
        } catch {
            FuzzCheck.expect(false, "the loader threw \(error)")
        }
    }
}
