import Foundation
import Testing

/// The floors of the engine (docs/ARCHITECTURE.md): each may import only the floors below
/// it. SwiftPM enforces a target's declared dependencies only loosely (a module built
/// earlier in the same build can be imported without being declared), so this checks both
/// the declarations in Package.swift and every `import` in the sources.
@Suite struct ArchitectureTests {
    /// Each floor and what it may import.
    static let allowed: [String: Set<String>] = [
        "LinzaYAML": ["CLibYAML"],
        "LinzaBase": [],
        "LinzaSources": ["LinzaBase"],
        "LinzaTables": ["LinzaBase"],
        "LinzaConfiguration": ["LinzaBase", "LinzaSources", "LinzaTables", "LinzaYAML"],
        "LinzaRules": ["LinzaBase", "LinzaSources", "LinzaTables", "LinzaConfiguration"],
        "LinzaReporting": ["LinzaBase", "LinzaSources", "LinzaTables", "LinzaRules"],
        "LinzaLint": [
            "LinzaBase", "LinzaSources", "LinzaTables", "LinzaConfiguration", "LinzaRules", "LinzaReporting",
        ],
        // Writing and setup stand side by side on the pipeline; neither imports the other.
        "LinzaWriting": ["LinzaBase", "LinzaSources", "LinzaTables", "LinzaConfiguration", "LinzaRules", "LinzaLint"],
        "LinzaSetup": ["LinzaBase", "LinzaSources", "LinzaTables", "LinzaConfiguration", "LinzaRules", "LinzaLint"],
        // The facade: re-exports only.
        "LinzaKit": [
            "LinzaBase", "LinzaSources", "LinzaTables", "LinzaConfiguration", "LinzaRules", "LinzaReporting",
            "LinzaLint", "LinzaWriting", "LinzaSetup",
        ],
        // Not a floor: the fuzzing entry points, on top like the CLI.
        "LinzaFuzzing": ["LinzaBase", "LinzaSources", "LinzaTables", "LinzaConfiguration", "LinzaKit"],
    ]
    /// Targets that are not floors of the engine and ship in no product: the tests' shared helpers.
    static let testOnly: Set<String> = ["LinzaTestSupport"]
    static let projectModules = Set(allowed.keys).union(["CLibYAML", "linza", "linza-bench"])

    static var root: URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }

    @Test func packageDeclaresOnlyLowerFloors() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var declared: [String: Set<String>] = [:]
        for match in manifest.matches(of: /\.target\(\s*name: "(\w+)"(?:,\s*dependencies: \[([^\]]*)\])?/) {
            let names = (match.output.2 ?? "").matches(of: /"(\w+)"/).map { String($0.output.1) }
            declared[String(match.output.1)] = Set(names)
        }
        #expect(Set(declared.keys) == Set(Self.allowed.keys).union(Self.testOnly), "every library target is a floor")
        for (target, dependencies) in declared {
            let above = dependencies.subtracting(Self.allowed[target] ?? [])
            #expect(above.isEmpty, "\(target) depends on \(above.sorted()), which is not below it")
        }
    }

    @Test func sourcesImportOnlyLowerFloors() throws {
        var checked = 0
        for (target, allowed) in Self.allowed {
            let folder = Self.root.appendingPathComponent("Sources/\(target)")
            // Subfolders too (Writing/, Status/).
            for file in FileManager.default.subpaths(atPath: folder.path) ?? [] where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for match in text.matches(of: /(?m)^(?:@_exported |internal |public |package )?import (\w+)/) {
                    let module = String(match.output.1)
                    guard Self.projectModules.contains(module) else { continue }
                    #expect(allowed.contains(module), "\(target)/\(file) imports \(module), which is not below it")
                }
                checked += 1
            }
        }
        #expect(checked > 80)
    }

    /// Linza ships a binary, not a library: its modules share `package` declarations, and
    /// nothing is `public` (a new `public` would be API nobody outside may rely on).
    @Test func nothingIsPublic() throws {
        for target in Self.allowed.keys.sorted() + ["linza", "linza-bench"] {
            let folder = Self.root.appendingPathComponent("Sources/\(target)")
            for file in FileManager.default.subpaths(atPath: folder.path) ?? [] where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                {
                    #expect(
                        line.firstMatch(of: /^\s*(@\w+(\([^)]*\))?\s+)*public[\s(]/) == nil,
                        "\(target)/\(file): \(line)")
                }
            }
        }
    }

    /// The facade holds no code of its own: the pipeline, the writers and init each live in
    /// their own target, and the largest target is not the facade.
    @Test func theFacadeOnlyReExports() throws {
        let folder = Self.root.appendingPathComponent("Sources/LinzaKit")
        let files = (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { $0.hasSuffix(".swift") }
        #expect(files == ["Exports.swift"])
        let text = try String(contentsOf: folder.appendingPathComponent("Exports.swift"), encoding: .utf8)
        let code = text.split(separator: "\n").filter { !$0.hasPrefix("//") && !$0.isEmpty }
        #expect(code.allSatisfy { $0.hasPrefix("@_exported import ") })
    }

    /// libyaml's C types never leak out of the YAML module.
    @Test func libYAMLIsImportedInternally() throws {
        let folder = Self.root.appendingPathComponent("Sources/LinzaYAML")
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasSuffix("import CLibYAML") {
                #expect(line == "internal import CLibYAML", "\(file): \(line)")
            }
        }
    }
}
