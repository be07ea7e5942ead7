/// The parsers and writers a fuzzer drives, one entry point each. Every target takes any
/// bytes; it returns normally, or stops the process (`FuzzCheck.expect`) when an invariant
/// the rest of Linza relies on does not hold. `Scripts/fuzz.sh` runs them under libFuzzer,
/// and `swift test` replays the inputs kept in `Tests/Fuzz/Regressions`.
package enum FuzzTarget: String, CaseIterable, Sendable {
    /// The Swift lexer, call recognition, accessor references and wrapper inference.
    case swiftSource = "swift-source"
    /// The Objective-C lexer and call recognition.
    case objectiveCSource = "objc-source"
    /// `.strings` files: text decoding, the old-style plist parser and the lazy entry views.
    case strings
    /// `.stringsdict` files: the XML property-list reader and the plural reader.
    case stringsdict
    /// `.xcstrings` String Catalogs: the JSON reader and the catalog reader.
    case catalog
    /// The JSON reader alone, as baselines use it.
    case json
    /// `.linza.yml`: libyaml through LinzaYAML, then the settings, globs and rules.
    case configuration
    /// The table writers: parse, edit, write, parse again, and compare with the plan.
    case writers
    /// The prune archive reader (`prune --restore`), on archives and tables held in memory.
    case archive
    /// XLIFF files as `linza import` reads them: the reader, the writer and unit ids.
    case xliff

    /// Runs the target on one input.
    package func run(_ data: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .swiftSource: SourceFuzzing.run(data, path: "Fuzz.swift")
        case .objectiveCSource: SourceFuzzing.run(data, path: "Fuzz.m")
        case .strings: TableFuzzing.run(data, format: .strings)
        case .stringsdict: TableFuzzing.run(data, format: .stringsdict)
        case .catalog: TableFuzzing.run(data, format: .xcstrings)
        case .json: TableFuzzing.json(data)
        case .configuration: ConfigurationFuzzing.run(data)
        case .writers: WriterFuzzing.run(data)
        case .archive: ArchiveFuzzing.run(data)
        case .xliff: ExchangeFuzzing.run(data)
        }
    }

    /// Runs the target on bytes in an array.
    package func run(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { run($0) }
    }
}

/// Invariant checks that stop the process, so that libFuzzer keeps the input as a crash.
enum FuzzCheck {
    static func expect(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        // NUL bytes would cut the message short.
        if !condition() {
            fatalError("fuzz invariant broken: \(message().replacing("\u{0}", with: "\\0"))", file: file, line: line)
        }
    }
}
