import Foundation

/// The machine a benchmark ran on, for the report: processor, cores, memory, system,
/// and the versions of Swift and ripgrep.
enum MachineDescription {
    static func current(ripgrep: String) -> String {
        var parts: [String] = []
        if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let model = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") })?
                .split(separator: ":", maxSplits: 1).last
        {
            parts.append(model.trimmingCharacters(in: .whitespaces))
        } else if let model = firstLine(of: ["/usr/sbin/sysctl", "-n", "machdep.cpu.brand_string"]) {
            parts.append(model)
        }
        parts.append("\(ProcessInfo.processInfo.activeProcessorCount) cores")
        parts.append("\(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB")
        var system = utsname()
        uname(&system)
        let name = withUnsafeBytes(of: &system.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let release = withUnsafeBytes(of: &system.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        parts.append("\(name) \(release)")
        if let swift = firstLine(of: ["/usr/bin/env", "swift", "--version"]) { parts.append(swift) }
        if let rg = firstLine(of: [ripgrep, "--version"]) { parts.append(rg) }
        return parts.joined(separator: "; ")
    }

    /// The first line a command prints, or nil.
    static func firstLine(of arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }
}
