import ArgumentParser
import LinzaBase
import LinzaKit

/// The XLIFF documents `import` and `lint --xliff` are given: `.xliff` files as they are,
/// and the `Localized Contents/*.xliff` of each `.xcloc` bundle. One that cannot be read
/// stops the command (exit 2), its place printed through `paths`; `consequence` says what
/// that left undone.
enum ExchangeFiles {
    static func read(_ arguments: [String], paths display: DisplayPaths, consequence: String) throws
        -> [ExchangeDocument]
    {
        var paths: [String] = []
        for argument in arguments {
            let path = Path.absolute(argument, relativeTo: Path.currentDirectory())
            switch Path.kind(path) {
            case .directory:
                let localized = Path.join(path, "Localized Contents")
                let found = Path.entryNames(in: localized).filter { $0.hasSuffix(".xliff") }.sorted()
                guard !found.isEmpty else {
                    Output.error(
                        "linza: error: \(Path.printable(argument)) is a folder without Localized Contents/*.xliff "
                            + "(an .xcloc bundle has one); \(consequence)")
                    throw ExitCode(LinzaExitCode.failure)
                }
                paths += found.map { Path.join(localized, $0) }
            case .missing:
                Output.error("linza: error: \(Path.printable(argument)): no such file; \(consequence)")
                throw ExitCode(LinzaExitCode.failure)
            default:
                paths.append(path)
            }
        }
        return try paths.map { path in
            do {
                return ExchangeDocument(
                    path: path, document: try XLIFFReader.read(try FileReader.read(path), path: path))
            } catch let error as XLIFFReadError {
                Output.error(
                    "\(display.location(Location(file: error.path, line: error.line, column: error.column))): error: "
                        + "\(error.message); \(consequence)")
                throw ExitCode(LinzaExitCode.failure)
            } catch {
                Output.error(
                    "linza: error: \(display.path(path)): \(Output.describe(error, paths: display)); \(consequence)")
                throw ExitCode(LinzaExitCode.failure)
            }
        }
    }
}
