import Foundation
import Testing

/// docs/SECURITY.md: Linza starts no process but the git commands it names (for `--staged`,
/// `--hook`, and the uncommitted-changes check of `rename`, `move` and `migrate`), and never
/// opens a network connection. Each command runs under `strace -f` on a fixture in a git
/// repository, and every process it starts and every network system call of the run
/// (git's included) is read from the trace.
@Suite struct SystemCallTests {
    /// One command run, with the git subcommands it may run.
    struct Case: Sendable, CustomTestStringConvertible {
        var fixture: String
        var arguments: [String]
        /// The git subcommands (`status`, `ls-files`, ...) the command may start.
        var git: Set<String> = []
        /// Whether it must start one of them (so that the trace is known to see git).
        var startsGit = false
        /// Makes the repository ready (stages an edit).
        var prepare: @Sendable (GitRepository) throws -> Void = { _ in }

        var testDescription: String { "linza " + arguments.joined(separator: " ") }
    }

    static let roundTrip = "RoundTrip/App"
    static let staged: Set<String> = ["ls-files", "diff-files", "checkout-index"]

    /// A staged edit, then another one left unstaged, so that `--staged` reads the staged
    /// version from a checkout of it.
    static let stageAnEdit: @Sendable (GitRepository) throws -> Void = { repository in
        let file = "Sources/Library.swift"
        try repository.project.write(
            file, try repository.project.read(file) + "let staged = NSLocalizedString(\"only.staged\", comment: \"\")\n"
        )
        try repository.git(["add", file]).expectSuccess()
        try repository.project.write(file, try repository.project.read(file) + "let unstaged = 1\n")
    }

    static let cases: [Case] = [
        Case(fixture: roundTrip, arguments: ["--quiet"]),
        Case(fixture: roundTrip, arguments: ["status"]),
        Case(fixture: roundTrip, arguments: ["keys"]),
        Case(fixture: roundTrip, arguments: ["usages"]),
        Case(fixture: roundTrip, arguments: ["files"]),
        Case(fixture: roundTrip, arguments: ["rules"]),
        Case(fixture: roundTrip, arguments: ["version"]),
        Case(fixture: roundTrip, arguments: ["sync", "--apply"]),
        Case(fixture: roundTrip, arguments: ["prune", "--apply"]),
        Case(fixture: roundTrip, arguments: ["baseline", "write"]),
        Case(fixture: roundTrip, arguments: ["export", "--output", "Exported"]),
        Case(
            fixture: roundTrip,
            arguments: ["import", "--apply", LinzaBinary.repositoryRoot + "/Fixtures/Importing/de.xliff"]),
        Case(
            fixture: roundTrip, arguments: ["rename", "--apply", "library.title", "library.heading"], git: ["status"],
            startsGit: true),
        Case(
            fixture: "Moving",
            arguments: [
                "move", "--apply", "--from", "App", "--to", "Checkout", "--follow-code",
                "Packages/Checkout/Sources/CartView.swift",
            ], git: ["status"], startsGit: true),
        Case(fixture: "Migrate/Project", arguments: ["migrate", "--apply"], git: ["status"], startsGit: true),
        Case(fixture: "Init/PizzaXcode", arguments: ["init"]),
        Case(
            fixture: roundTrip, arguments: ["--staged", "--quiet"], git: staged, startsGit: true, prepare: stageAnEdit),
        Case(
            fixture: roundTrip, arguments: ["--hook", "--quiet"], git: staged.union(["diff"]), startsGit: true,
            prepare: stageAnEdit),
    ]

    /// The system calls of strace's `network` class.
    static let networkCalls: Set<String> = [
        "socket", "socketpair", "connect", "bind", "listen", "accept", "accept4", "sendto", "recvfrom", "sendmsg",
        "recvmsg", "sendmmsg", "recvmmsg", "getsockopt", "setsockopt", "getsockname", "getpeername", "shutdown",
    ]

    /// Why the test cannot run here, or nil: strace is Linux's, and a container may forbid ptrace.
    static let skipReason: String? = {
        guard let strace = Strace.path else { return "strace is not installed (Scripts/install-dependencies.sh)" }
        guard (try? ChildProcess.run(strace, ["-f", "-o", "/dev/null", "/bin/true"]).status) == 0 else {
            return "strace cannot trace here (ptrace is not permitted)"
        }
        return nil
    }()

    @Test(.enabled(if: skipReason == nil, Comment(rawValue: skipReason ?? "")), arguments: cases)
    func onlyTheNamedGitCommandsStartAndNothingTouchesTheNetwork(_ run: Case) throws {
        let repository = try GitRepository(run.fixture)
        try run.prepare(repository)
        let traces = FileManager.default.temporaryDirectory.path + "/linza-strace-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: traces, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: traces) }

        let result = try ChildProcess.run(
            try #require(Strace.path),
            ["-f", "-ff", "-s", "4096", "-e", "trace=network,process", "-o", traces + "/trace", LinzaBinary.path]
                + run.arguments, in: repository.path,
            environment: repository.environment.merging(
                ["GITHUB_ACTIONS": "false", "XDG_CACHE_HOME": LinzaBinary.cacheHome]) { $1 })
        #expect(result.status != 2, "\(result.standardOutput)\(result.standardError)")
        let trace = try Strace.Trace(folder: traces, executable: LinzaBinary.path)

        // Every process Linza started ran git (posix_spawnp tries each folder of PATH), with
        // a subcommand the document names.
        var subcommands: Set<String> = []
        for child in trace.children {
            // Up to the first that succeeds: after it the process is git's, and what git runs is not Linza's.
            let attempts = trace.calls(of: child).filter { $0.name == "execve" }
            let programs = attempts.prefix(through: attempts.firstIndex { $0.result == "0" } ?? attempts.count - 1)
            #expect(attempts.contains { $0.result == "0" }, "process \(child) was started but ran no program")
            for program in programs {
                let argv = Strace.quotedStrings(inFirstArrayOf: program.arguments)
                #expect(
                    program.path.hasSuffix("/git") && argv.first == "git",
                    "linza started something other than git: \(program.line)")
                subcommands.insert(Strace.gitSubcommand(argv))
            }
        }
        #expect(subcommands.isSubset(of: run.git), "git \(subcommands.subtracting(run.git).sorted()) was run")
        #expect(!run.startsGit || !subcommands.isEmpty, "the trace shows no git run: is strace following children?")
        // Linza's own threads replace no program but its first.
        let execs = trace.linzaThreads.flatMap { trace.calls(of: $0) }.filter { $0.name == "execve" }
        #expect(execs.count == 1, "\(execs.map(\.line))")

        // No process of the run, git's included, made a network call.
        let network = trace.all.filter { Self.networkCalls.contains($0.name) }
        #expect(network.isEmpty, "network calls: \(network.map(\.line))")
    }
}

/// Runs and reads `strace -ff` traces.
enum Strace {
    static let path: String? = ["/usr/bin/strace", "/bin/strace", "/usr/local/bin/strace"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// One system call of a trace.
    struct Call {
        var thread: Int32
        var name: String
        var arguments: Substring
        var result: Substring
        var line: String

        /// An `execve`'s program: its first argument, unquoted.
        var path: String { Strace.quotedStrings(in: arguments).first ?? "" }
    }

    /// The files `strace -ff -o folder/trace` wrote, one per thread, read whole.
    struct Trace {
        /// Every call, by the thread that made it.
        var byThread: [Int32: [Call]] = [:]
        /// The threads of the traced Linza process.
        var linzaThreads: Set<Int32> = []
        /// The processes Linza started (forked or spawned), not their threads or children.
        var children: [Int32] = []

        var all: [Call] { byThread.values.flatMap { $0 } }

        func calls(of thread: Int32) -> [Call] { byThread[thread] ?? [] }

        init(folder: String, executable: String) throws {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
                guard let thread = Int32(name.split(separator: ".").last ?? "") else { continue }
                let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
                byThread[thread] = text.split(separator: "\n").compactMap { Strace.call(String($0), thread: thread) }
            }
            // The root is the thread whose first call runs Linza; every clone of a Linza
            // thread is a thread of it when it shares the thread group, else a child process.
            guard
                let root = byThread.first(where: {
                    $0.value.first.map { $0.name == "execve" && $0.path == executable } == true
                })?.key
            else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: folder])
            }
            var pending = [root]
            while let thread = pending.popLast() {
                linzaThreads.insert(thread)
                for call in calls(of: thread) where ["clone", "clone3", "fork", "vfork"].contains(call.name) {
                    guard let child = Int32(call.result) else { continue }
                    if call.arguments.contains("CLONE_THREAD") {
                        pending.append(child)
                    } else {
                        children.append(child)
                    }
                }
            }
        }
    }

    /// `name(arguments) = result`; nil for strace's notes (`+++ exited`, `--- SIGCHLD`).
    static func call(_ line: String, thread: Int32) -> Call? {
        guard let match = line.firstMatch(of: /^(\w+)\((.*)\)\s+=\s+(\S+)/) else { return nil }
        return Call(
            thread: thread, name: String(match.output.1), arguments: match.output.2, result: match.output.3, line: line)
    }

    /// The C strings strace printed in `text`, unescaped as far as paths and arguments need.
    static func quotedStrings(in text: Substring) -> [String] {
        text.matches(of: /"((?:[^"\\]|\\.)*)"/).map {
            String($0.output.1).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(
                of: "\\\\", with: "\\")
        }
    }

    /// The strings of an `execve`'s argument vector (its first `[…]`).
    static func quotedStrings(inFirstArrayOf arguments: Substring) -> [String] {
        guard let open = arguments.firstIndex(of: "[") else { return [] }
        var inQuotes = false, escaped = false
        var index = open
        while index < arguments.endIndex {
            let character = arguments[index]
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                inQuotes.toggle()
            } else if character == "]", !inQuotes {
                break
            }
            index = arguments.index(after: index)
        }
        return quotedStrings(in: arguments[open..<index])
    }

    /// git's subcommand in `argv`: the first argument that is not an option (`-C DIR`, `-c NAME=VALUE`).
    static func gitSubcommand(_ argv: [String]) -> String {
        var index = 1
        while index < argv.count {
            if argv[index] == "-C" || argv[index] == "-c" {
                index += 2
            } else if argv[index].hasPrefix("-") {
                index += 1
            } else {
                return argv[index]
            }
        }
        return ""
    }
}
