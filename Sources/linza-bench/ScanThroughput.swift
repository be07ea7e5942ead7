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

        let recognizer = CallRecognizer(functions: BuiltInFunctions.functions(swiftUI: true), defaultTable: "Localizable")
        let scanner = SourceScanner(recognizer: recognizer)

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
        print("lexer only, 1 core:              \(String(format1: total / lexOnly)) MB/s")
        print("lexer + recognizer, 1 core:      \(String(format1: total / scanOne)) MB/s")
        print("lexer + recognizer, all cores:   \(String(format1: total / scanAll)) MB/s "
            + "(speed-up \(String(format1: scanOne / scanAll))x on \(ProcessCores.count) cores)")
    }

    private func lex(_ file: SourceCorpus.File) {
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
