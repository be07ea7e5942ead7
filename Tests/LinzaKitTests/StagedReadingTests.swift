@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaLint
import LinzaTestSupport
import Testing

/// What `lint --staged` builds on: a run that reads only the files git's index holds
/// (`Linter.trackedFiles`) and reads a file's staged copy in its place (`FileRedirection`).
/// Serialized: the redirection table belongs to the whole process.
@Suite(.serialized) struct StagedReadingTests {
    let project = TemporaryDirectory()
    let copies = TemporaryDirectory()

    func linter(tracked: Set<String>?) throws -> Linter {
        let file = project.write(".linza.yml", "required_languages: [en]\n")
        return Linter(configuration: try ConfigurationLoader.load(file: file), trackedFiles: tracked)
    }

    func keys(_ result: LintResult) -> [String] {
        result.diagnostics.compactMap(\.key).sorted()
    }

    @Test func untrackedFilesAreLeftOut() throws {
        let main = project.write("App/Main.swift", #"let a = NSLocalizedString("tracked.key", comment: "")"#)
        let draft = project.write("App/Draft.swift", #"let b = NSLocalizedString("draft.key", comment: "")"#)
        let table = project.write("App/en.lproj/Localizable.strings", "\"other\" = \"Other\";\n")
        project.write("App/en.lproj/Draft.storyboard", "<document/>\n")
        #expect(keys(try linter(tracked: nil).lint()).contains("draft.key"))
        let linter = try linter(tracked: [main, table])
        let result = linter.lint()
        #expect(result.diagnostics.compactMap(\.key).filter { $0.hasSuffix(".key") } == ["tracked.key"])
        #expect(result.sourceFileCount == 1)
        let files = linter.discover()[0].files
        #expect(files.sources == [main] && !files.sources.contains(draft))
        #expect(files.interfaceFiles.isEmpty && !files.interfaceNames.contains("Draft"))
    }

    @Test func aRedirectedFileIsReadFromItsCopyUnderItsOwnPath() throws {
        let main = project.write("App/Main.swift", #"let a = NSLocalizedString("working.key", comment: "")"#)
        project.write("App/en.lproj/Localizable.strings", "\"other\" = \"Other\";\n")
        let copy = copies.write("Main.swift", #"let a = NSLocalizedString("staged.key", comment: "")"#)
        FileRedirection.install([main: copy])
        defer { FileRedirection.install([:]) }
        #expect(try FileReader.read(main) == Array(#"let a = NSLocalizedString("staged.key", comment: "")"#.utf8))
        #expect(FileSignature.of(main) == FileSignature.of(copy))
        let result = try linter(tracked: nil).lint()
        let missing = result.diagnostics.filter { $0.key?.hasSuffix(".key") == true }
        #expect(missing.map(\.key) == ["staged.key"])
        #expect(missing.map(\.location.file) == [main])
        FileRedirection.install([:])
        #expect(try FileReader.read(main) == Array(#"let a = NSLocalizedString("working.key", comment: "")"#.utf8))
    }
}
