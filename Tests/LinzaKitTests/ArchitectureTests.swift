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
        "LinzaKit": ["LinzaBase", "LinzaSources", "LinzaTables", "LinzaConfiguration", "LinzaRules", "LinzaReporting"],
        // Not a floor: the fuzzing entry points, on top like the CLI.
        "LinzaFuzzing": ["LinzaBase", "LinzaSources", "LinzaTables", "LinzaConfiguration", "LinzaKit"],
    ]
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
        #expect(Set(declared.keys) == Set(Self.allowed.keys), "every library target is a floor")
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
