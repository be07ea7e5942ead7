import LinzaBase

/// A rename map file: a JSON object (`{"old": "new", …}`, any key representable), or tab-separated
/// lines `old<TAB>new` (blank lines and lines starting with `#` skipped), in file order; a
/// UTF-8 byte order mark at the start is skipped.
package enum RenameMap {
    /// Why a map file cannot be read, at a line of it.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var line: Int
        package var message: String
        package var description: String { "line \(line): \(message)" }
    }

    /// The renames `bytes` (a map file's contents) hold.
    package static func parse(_ bytes: [UInt8]) throws -> [RenamePlanner.Rename] {
        // Editors on Windows start UTF-8 files with a BOM; it is no part of the first key.
        let bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard bytes.withUnsafeBufferPointer({ UTF8Validation.firstInvalidOffset($0) }) == nil else {
            throw Failure(line: 1, message: "the map is not UTF-8 text")
        }
        let lines = bytes.withUnsafeBufferPointer { LineIndex($0) }
        if bytes.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) == UInt8(ascii: "{") {
            let root: JSONNode
            do {
                root = try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }
            } catch let error as JSONSyntaxError {
                throw Failure(line: lines.position(of: error.offset).line, message: "invalid JSON: \(error.message)")
            }
            return try (root.members ?? []).map { member in
                guard let new = member.value.string else {
                    throw Failure(
                        line: lines.position(of: member.value.offset).line,
                        message: "the new key for \(Messages.quoted(member.key)) is not a string")
                }
                return RenamePlanner.Rename(old: member.key, new: new)
            }
        }
        var renames: [RenamePlanner.Rename] = []
        var number = 0
        for line in String(decoding: bytes, as: UTF8.self).split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        {
            number += 1
            guard !line.allSatisfy({ $0 == " " || $0 == "\t" }), !line.hasPrefix("#") else { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 2, !fields[0].isEmpty, !fields[1].isEmpty else {
                throw Failure(
                    line: number,
                    message: "expected the old key, a tab and the new key "
                        + "(keys holding tabs or line breaks need a JSON map)")
            }
            renames.append(RenamePlanner.Rename(old: String(fields[0]), new: String(fields[1])))
        }
        return renames
    }
}
