#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import LinzaKit

/// The process environment, read once.
enum Environment {
    static let values: [String: String] = {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }()
}

/// Whether standard output is a terminal that wants colour (never with NO_COLOR set), and
/// whether Xcode runs Linza.
enum Terminal {
    /// Whether an Xcode build phase runs Linza: Xcode sets `XCODE_VERSION_ACTUAL` for every
    /// script phase (and `xcodebuild` for its phases too), and Xcode's issue navigator opens
    /// only absolute paths. The build tool plugin passes `--absolute-paths` itself, since a
    /// plugin's command gets only the environment the plugin gives it.
    static var runByXcode: Bool {
        Environment.values["XCODE_VERSION_ACTUAL"] != nil
    }

    static var wantsColor: Bool {
        isatty(STDOUT_FILENO) == 1 && Environment.values["NO_COLOR"] == nil && Environment.values["TERM"] != "dumb"
    }
}

/// `--color`: whether the reports people read are coloured.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto
    case always
    case never

    /// Whether a report colours: `always` even into a file or pipe (for a pager, or `aha`),
    /// `auto` only on a terminal that wants it (`Terminal.wantsColor`), `never` never.
    func colors(toStandardOutput: Bool) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: toStandardOutput && Terminal.wantsColor
        }
    }
}

/// The files a sandboxed Xcode build phase may read: its input files
/// (`SCRIPT_INPUT_FILE_0`…) and the paths listed in its input file lists
/// (`SCRIPT_INPUT_FILE_LIST_0`…), one per line.
enum ScriptInputFiles {
    static func read(from environment: [String: String]) throws -> [String] {
        let workingDirectory = Path.currentDirectory()
        var files: [String] = []
        for index in 0..<(try count("SCRIPT_INPUT_FILE_COUNT", in: environment)) {
            if let file = environment["SCRIPT_INPUT_FILE_\(index)"] { files.append(file) }
        }
        for index in 0..<(try count("SCRIPT_INPUT_FILE_LIST_COUNT", in: environment)) {
            guard let list = environment["SCRIPT_INPUT_FILE_LIST_\(index)"] else { continue }
            do {
                let text = String(decoding: try FileReader.read(list), as: UTF8.self)
                files += text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
            } catch {
                Output.error(
                    "\(list):1:1: error: cannot read the build phase's input file list: \((error as? FileReadError)?.reason ?? "\(error)")"
                )
                throw ExitCode(LinzaExitCode.failure)
            }
        }
        if files.isEmpty {
            Output.error(
                "linza: --use-script-input-file-lists: the build phase declares no input files or input file lists")
            throw ExitCode(LinzaExitCode.failure)
        }
        return files.map { Path.absolute(expandingVariables(in: $0, from: environment), relativeTo: workingDirectory) }
    }

    /// The most inputs a build phase is taken to declare: far more than any real one, few
    /// enough to look up at once.
    static let largestCount = 1_000_000

    /// A count Xcode sets (0 when unset); anything but a whole number it could have set is
    /// an error, rather than a crash (negative) or hours of looking up names (huge).
    private static func count(_ name: String, in environment: [String: String]) throws -> Int {
        guard let text = environment[name] else { return 0 }
        guard let value = Int(text), (0...largestCount).contains(value) else {
            Output.error("linza: \(name) is '\(text)'; expected a whole number from 0 to \(largestCount)")
            throw ExitCode(LinzaExitCode.failure)
        }
        return value
    }

    /// Replaces `$(NAME)` and `${NAME}` with the build setting's value, as Xcode does for
    /// the file lists it resolves itself; unknown names stay as written.
    static func expandingVariables(in path: String, from environment: [String: String]) -> String {
        var result = ""
        var rest = Substring(path)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            rest = rest[dollar...]
            let afterDollar = rest.dropFirst()
            guard let open = afterDollar.first, open == "(" || open == "{",
                let close = afterDollar.firstIndex(of: open == "(" ? ")" : "}"),
                let value = environment[String(afterDollar[afterDollar.index(after: afterDollar.startIndex)..<close])]
            else {
                result.append("$")
                rest = afterDollar
                continue
            }
            result += value
            rest = afterDollar[afterDollar.index(after: close)...]
        }
        return result + rest
    }
}
