import LinzaBase
import LinzaTables

/// XLIFF files as `linza import` reads them (a translation service's, a translator's, a
/// hostile pull request's): any bytes read without a crash; a failure lies inside the file; a
/// document read is written back by `XLIFFWriter` and reads again as the same document; every
/// unit id that names a place in a table names it exactly (`ExchangeUnitAddress`).
enum ExchangeFuzzing {
    static func run(_ data: UnsafeBufferPointer<UInt8>) {
        let bytes = Array(data)
        let document: XLIFFDocument
        do {
            document = try XLIFFReader.read(bytes, path: "/fuzz/de.xliff")
        } catch {
            // Lines as `LineIndex` counts them: `\n`, `\r\n` and a lone `\r` each end one.
            var lines = 1
            for (index, byte) in bytes.enumerated() {
                let endsCRLF = byte == ascii("\r") && index + 1 < bytes.count && bytes[index + 1] == ascii("\n")
                if byte == ascii("\n") || (byte == ascii("\r") && !endsCRLF) { lines += 1 }
            }
            FuzzCheck.expect(
                error.line >= 1 && error.line <= lines + 1 && error.column >= 1,
                "error position \(error.line):\(error.column) outside a file of \(lines) lines")
            return
        }
        let written = XLIFFWriter.bytes(of: document)
        do {
            let reread = try XLIFFReader.read(written, path: "/fuzz/de.xliff")
            FuzzCheck.expect(reread == document, "a document written back reads as another")
        } catch {
            FuzzCheck.expect(false, "a document written back does not read: \(error)")
        }
        for unit in document.files.lazy.flatMap(\.units) {
            for format in [TableFormat.strings, .stringsdict, .xcstrings] {
                guard let address = ExchangeUnitAddress(id: unit.id, format: format) else { continue }
                FuzzCheck.expect(
                    address.id(format: format) == unit.id, "unit id \(unit.id) does not come back from its address")
            }
        }
    }
}
