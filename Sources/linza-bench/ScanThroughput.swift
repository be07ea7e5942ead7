import ArgumentParser
import Dispatch
import LinzaKit

/// `linza-bench scan PATH…`: lexer and call-recognition throughput over files held in
/// memory, so the disk is out of the measurement: MB/s on one core and on all cores.
struct ScanThroughput: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Lexer and scanner throughput (MB/s per core and on all cores) over source files in memory."
    )

    @Argument(help: "Files or folders of Swift and Objective-C sources.")
    var paths: [String]

    @Option(help: "Passes over the input per measurement.")
    var iterations = 5

    @Option(help: "Measurements; the median is reported.")
    var runs = 5

    func run() throws {
        let files = try SourceCorpus.load(paths)
        let bytes = files.reduce(0) { $0 + $1.bytes.count }
        print("input: \(files.count) files, \(String(format1: Double(bytes) / 1_000_000)) MB")
        let result = Self.measure(files, iterations: iterations, runs: runs)
        print("lexer only, 1 core:              \(String(format1: result.lexerOneCore)) MB/s")
        print("lexer + recognizer, 1 core:      \(String(format1: result.scannerOneCore)) MB/s")
        print(
            "lexer + recognizer, all cores:   \(String(format1: result.scannerAllCores)) MB/s "
                + "(speed-up \(String(format1: result.speedUp))x on \(ProcessCores.count) cores)")
    }

    /// Throughputs in MB/s.
    struct Result {
        var lexerOneCore: Double
        var scannerOneCore: Double
        var scannerAllCores: Double
        var speedUp: Double { scannerAllCores / scannerOneCore }
    }

    /// Scans `files` as `linza lint` does (SwiftUI forms on, string literals collected for
    /// unused_key): the median of `runs` measurements of `iterations` passes each.
    static func measure(_ files: [SourceCorpus.File], iterations: Int, runs: Int) -> Result {
        let bytes = files.reduce(0) { $0 + $1.bytes.count }
        let recognizer = CallRecognizer(
            functions: BuiltInFunctions.functions(swiftUI: true), defaultTable: "Localizable")
        let scanner = SourceScanner(recognizer: recognizer, collectsLiterals: true)
        let lexOnly = median(runs) {
            for _ in 0..<iterations { for file in files { lex(file) } }
        }
        let scanOne = median(runs) {
            for _ in 0..<iterations { for file in files { _ = scanner.scan(file.bytes, path: file.path) } }
        }
        let scanAll = median(runs) {
            for _ in 0..<iterations { _ = files.concurrentMap { scanner.scan($0.bytes, path: $0.path) } }
        }
        let total = Double(bytes * iterations) / 1_000_000
        return Result(lexerOneCore: total / lexOnly, scannerOneCore: total / scanOne, scannerAllCores: total / scanAll)
    }

    private static func lex(_ file: SourceCorpus.File) {
        file.bytes.withUnsafeBufferPointer { buffer in
            let lexed = file.language == .swift ? SwiftLexer.tokenize(buffer) : ObjectiveCLexer.tokenize(buffer)
            blackHole(lexed.tokens.count)
        }
    }
}

/// The median wall time, in seconds, of `runs` executions of `body`.
func median(_ runs: Int, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    var times: [Double] = []
    for _ in 0..<max(runs, 1) {
        let start = clock.now
        body()
        let elapsed = clock.now - start
        times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return times.sorted()[times.count / 2]
}

/// Keeps the optimiser from deleting work whose result is unused.
@inline(never) func blackHole(_ value: Int) {
    if value == -1 { print(value) }
}

extension String {
    /// `value` with one decimal.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths % 10))"
    }
}
