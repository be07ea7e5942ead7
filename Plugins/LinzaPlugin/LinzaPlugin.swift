import Foundation
import PackagePlugin

/// A build-tool plugin that checks a target's localizations on every build:
/// `plugins: [.plugin(name: "LinzaPlugin", package: "linza")]`.
///
/// It runs `linza lint` with the nearest `.linza.yml` at or above the target, reading only
/// the target's own files. Inputs are the target's sources, tables and the configuration;
/// the output is a stamp, so the check reruns only when one of them changes. The stamp is
/// a Swift file holding one comment: SwiftPM compiles build outputs that are sources and
/// would copy any other file into the target's resource bundle.
@main
struct LinzaPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        guard let configuration = Self.configuration(from: target.directoryURL, upTo: context.package.directoryURL)
        else {
            Diagnostics.warning("Linza: no .linza.yml at or above \(target.directoryURL.path); run `linza init` there")
            return []
        }
        return [
            Self.command(
                linza: try context.tool(named: "linza").url, configuration: configuration, scope: target.directoryURL,
                inputs: target.sourceFiles.map(\.url),
                stamp: context.pluginWorkDirectoryURL.appendingPathComponent("\(target.name)+LinzaStamp.swift"),
                name: target.name)
        ]
    }

    /// The file extensions whose change should rerun the check.
    static let checkedExtensions: Set<String> = ["swift", "m", "mm", "h", "strings", "stringsdict", "xcstrings"]

    static func command(linza: URL, configuration: URL, scope: URL, inputs: [URL], stamp: URL, name: String) -> Command
    {
        .buildCommand(
            displayName: "Linza: checking localizations of \(name)",
            executable: linza,
            // The Xcode format whatever the configuration says, with absolute paths: SwiftPM
            // and Xcode read it (the command gets no XCODE_VERSION_ACTUAL to tell by).
            // The scan cache beside the stamp, in the plugin's work folder: the only place
            // the plugin sandbox lets the command write.
            arguments: [
                "lint", "--config", configuration.path, "--quiet", "--reporter", "xcode", "--absolute-paths",
                "--use-script-input-file-lists", "--stamp", stamp.path,
                "--cache-path", stamp.deletingLastPathComponent().appendingPathComponent("\(name)+LinzaCache").path,
            ],
            // The declared input is the target's folder: Linza reads nothing else.
            environment: ["SCRIPT_INPUT_FILE_COUNT": "1", "SCRIPT_INPUT_FILE_0": scope.path],
            inputFiles: inputs.filter { checkedExtensions.contains($0.pathExtension) } + [configuration]
                + defaultBaseline(next: configuration),
            outputFiles: [stamp])
    }

    /// `.linza-baseline.json` next to the configuration, when there is one: editing it
    /// changes what fails. (A baseline elsewhere is named only inside the YAML, which the
    /// plugin does not parse.)
    static func defaultBaseline(next configuration: URL) -> [URL] {
        let baseline = configuration.deletingLastPathComponent().appendingPathComponent(".linza-baseline.json")
        return FileManager.default.fileExists(atPath: baseline.path) ? [baseline] : []
    }

    /// The nearest `.linza.yml` from `folder` up to `root`.
    static func configuration(from folder: URL, upTo root: URL) -> URL? {
        var current = folder.standardizedFileURL
        let top = root.standardizedFileURL.path
        while true {
            let candidate = current.appendingPathComponent(".linza.yml")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            if current.path == top || current.path == "/" { return nil }
            current = current.deletingLastPathComponent()
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension LinzaPlugin: XcodeBuildToolPlugin {
    /// The same check for a target of an Xcode project.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let root = context.xcodeProject.directoryURL
        let configuration = root.appendingPathComponent(".linza.yml")
        guard FileManager.default.fileExists(atPath: configuration.path) else {
            Diagnostics.warning("Linza: no .linza.yml in \(root.path); run `linza init` there")
            return []
        }
        return [
            Self.command(
                linza: try context.tool(named: "linza").url, configuration: configuration, scope: root,
                inputs: target.inputFiles.map(\.url),
                stamp: context.pluginWorkDirectoryURL.appendingPathComponent("\(target.displayName)+LinzaStamp.swift"),
                name: target.displayName)
        ]
    }
}
#endif
