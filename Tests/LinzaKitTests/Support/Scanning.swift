@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaSetup
import LinzaTestSupport
@testable import LinzaWriting

/// Scans Swift code as if it were the file `/project/File.swift`.
func scan(
    _ code: String, functions: [LocalizationFunction] = BuiltInFunctions.functions(),
    defaultTable: String = "Localizable", path: String = "File.swift"
) -> ScannedSource {
    let scanner = SourceScanner(recognizer: CallRecognizer(functions: functions, defaultTable: defaultTable))
    return scanner.scan(Array(code.utf8), path: "/project/" + path)
}

/// The usages found in `code`.
func usages(_ code: String, functions: [LocalizationFunction] = BuiltInFunctions.functions()) -> [LocalizationUsage] {
    scan(code, functions: functions).usages
}

/// The literal keys found in `code`, in order (nil for dynamic ones).
func keys(_ code: String, functions: [LocalizationFunction] = BuiltInFunctions.functions()) -> [String?] {
    usages(code, functions: functions).map(\.key.literal)
}

extension LocalizationUsage {
    var position: MarkedText.Position { .init(line: location.line, column: location.column) }
}
