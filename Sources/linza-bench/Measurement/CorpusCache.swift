import Foundation

/// Generated corpora kept between benchmark runs, one folder per specification; a corpus
/// is generated into a temporary folder and renamed, so an interrupted run leaves no half
/// corpus behind.
struct CorpusCache {
    let folder: String

    func corpus(_ specification: CorpusSpecification) throws -> (path: String, manifest: CorpusManifest) {
        let path = folder + "/" + specification.folderName
        let manifestPath = path + "/" + CorpusGenerator.manifestName
        if let data = FileManager.default.contents(atPath: manifestPath),
            let manifest = try? JSONDecoder().decode(CorpusManifest.self, from: data)
        {
            return (path, manifest)
        }
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = path + ".partial"
        try? FileManager.default.removeItem(atPath: temporary)
        log(
            "generating \(specification.lines) lines, \(specification.languages) languages (seed \(specification.seed))…"
        )
        let manifest = try CorpusGenerator.generate(specification, into: temporary)
        try FileManager.default.moveItem(atPath: temporary, toPath: path)
        return (path, manifest)
    }
}

/// Progress on standard error, so standard output stays the report.
func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
