import LinzaBase
import LinzaConfiguration
import LinzaTables

/// What discovering one module's files found (`FileDiscovery`), with every folder the walk
/// read and its signature then, so that a later run whose folders all have those signatures
/// takes the files from the record instead of reading the folders again: a file or folder
/// added, removed or renamed changes the times of the folder holding it. A link, or an
/// entry of unknown type, can change kind while no folder changes: each is kept as it was
/// resolved and resolved again (`ResolvedPath`). Made only from a walk that could read
/// every folder and whose folders had settled (`FileSignature.isRacy`).
struct DiscoveryRecord: Equatable {
    var folders: [(path: String, signature: FileSignature)]
    var resolved: [ResolvedPath]
    var files: DiscoveredFiles

    static func == (lhs: DiscoveryRecord, rhs: DiscoveryRecord) -> Bool {
        lhs.encoded() == rhs.encoded()
    }

    /// Whether every folder has the signature it had when the record was made, and every
    /// path resolved then resolves as it did.
    func isCurrent(_ signature: (String) -> FileSignature?) -> Bool {
        folders.allSatisfy { signature($0.path) == $0.signature } && resolved.allSatisfy { ResolvedPath($0.path) == $0 }
    }
}

/// A `DiscoveryRecord` as bytes and back, for the cache (`ScanCache`); anything but a
/// record's bytes is a decoding error, and the module's folders are read again.
extension DiscoveryRecord {
    func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(folders.count)
        for (path, signature) in folders {
            writer.write(path)
            writer.write(signature)
        }
        writer.write(resolved.count)
        for path in resolved {
            writer.write(path.path)
            writer.write(Self.kinds.firstIndex(of: path.kind)!)
            writer.write(path.isLink)
            writer.writeOptional(path.real)
        }
        writer.write(files.sources.count)
        for source in files.sources { writer.write(source) }
        writer.write(files.tables.count)
        // A language, a table name and a format recur in table after table: each is written
        // once, then by its number (a 100-language corpus's records read 24,000 strings fewer).
        var shared = NumberedStringWriter()
        for table in files.tables {
            writer.write(table.path)
            writer.write(table.language != nil)
            if let language = table.language { shared.write(language, to: &writer) }
            shared.write(table.name, to: &writer)
            shared.write(table.format.rawValue, to: &writer)
            writer.write(table.displayName)
        }
        writer.write(files.interfaceNames.count)
        for name in files.interfaceNames.sorted() { writer.write(name) }
        writer.write(files.interfaceFiles.count)
        for file in files.interfaceFiles { writer.write(file) }
        return writer.bytes
    }

    init(decoding bytes: ArraySlice<UInt8>) throws(BinaryDecodingError) {
        var reader = BinaryReader(bytes)
        var folders: [(path: String, signature: FileSignature)] = []
        for _ in 0..<(try reader.readCount()) {
            folders.append((try reader.readString(), try reader.readSignature()))
        }
        var resolved: [ResolvedPath] = []
        for _ in 0..<(try reader.readCount()) {
            let path = try reader.readString()
            let kindOffset = reader.offset
            let kind = try reader.readInt()
            guard Self.kinds.indices.contains(kind) else { throw BinaryDecodingError(offset: kindOffset) }
            resolved.append(
                ResolvedPath(
                    path: path, kind: Self.kinds[kind], isLink: try reader.readBool(),
                    real: try reader.readOptionalString()
                ))
        }
        var files = DiscoveredFiles()
        for _ in 0..<(try reader.readCount()) { files.sources.append(try reader.readString()) }
        var shared = NumberedStringReader()
        for _ in 0..<(try reader.readCount()) {
            let path = try reader.readString()
            let language = try reader.readBool() ? try shared.read(from: &reader) : nil
            let name = try shared.read(from: &reader)
            let formatOffset = reader.offset
            guard let format = TableFormat(rawValue: try shared.read(from: &reader)) else {
                throw BinaryDecodingError(offset: formatOffset)
            }
            files.tables.append(
                TableFile(
                    path: path, language: language, name: name, format: format, displayName: try reader.readString()))
        }
        for _ in 0..<(try reader.readCount()) { files.interfaceNames.insert(try reader.readString()) }
        for _ in 0..<(try reader.readCount()) { files.interfaceFiles.append(try reader.readString()) }
        guard reader.isAtEnd else { throw BinaryDecodingError(offset: reader.offset) }
        self.init(folders: folders, resolved: resolved, files: files)
    }

    private static let kinds: [Path.Kind] = [.missing, .file, .directory]
}
