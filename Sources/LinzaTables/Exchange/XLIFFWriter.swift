/// Writes an `XLIFFDocument` byte for byte as Xcode's `-exportLocalizations` does
/// (`docs/ROUNDTRIP.md`): the declaration and the `<xliff>` tag on lines of their own,
/// two-space indentation, one element per line, `<note/>`, `<source/>` and `<target/>` when
/// empty, an empty
/// `<body>` as two lines, and a final newline after `</xliff>`.
package enum XLIFFWriter {
    /// The `<xliff>` start tag every Xcode export carries.
    package static let rootTag =
        "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" "
        + "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" version=\"1.2\" "
        + "xsi:schemaLocation=\"urn:oasis:names:tc:xliff:document:1.2 "
        + "http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd\">"

    /// The document's bytes (UTF-8).
    package static func bytes(of document: XLIFFDocument) -> [UInt8] {
        var output = ""
        output.reserveCapacity(document.files.reduce(256) { $0 + 256 + $1.units.count * 160 })
        output += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        output += rootTag + "\n"
        for file in document.files { write(file, to: &output) }
        output += "</xliff>\n"
        return Array(output.utf8)
    }

    private static func write(_ file: XLIFFFile, to output: inout String) {
        output += "  <file original=\"" + attribute(file.original) + "\""
        let datatype = " datatype=\"" + attribute(file.datatype) + "\""
        if file.datatypeFirst { output += datatype }
        output += " source-language=\"" + attribute(file.sourceLanguage) + "\""
        if let target = file.targetLanguage { output += " target-language=\"" + attribute(target) + "\"" }
        if !file.datatypeFirst { output += datatype }
        output += ">\n"
        if let tool = file.tool {
            output += "    <header>\n"
            output += "      <tool tool-id=\"" + attribute(tool.id) + "\" tool-name=\"" + attribute(tool.name) + "\""
            if let version = tool.version { output += " tool-version=\"" + attribute(version) + "\"" }
            if let build = tool.buildNumber { output += " build-num=\"" + attribute(build) + "\"" }
            output += "/>\n"
            output += "    </header>\n"
        }
        output += "    <body>\n"
        for unit in file.units { write(unit, to: &output) }
        output += "    </body>\n"
        output += "  </file>\n"
    }

    private static func write(_ unit: XLIFFUnit, to output: inout String) {
        output += "      <trans-unit id=\"" + attribute(unit.id) + "\""
        if !unit.isTranslatable { output += " translate=\"no\"" }
        if unit.preservesSpace { output += " xml:space=\"preserve\"" }
        output += ">\n"
        // An empty element is written closed, as Xcode 26.2 writes `<source/>` and
        // `<target state="new"/>` for the empty key.
        if let values = unit.sourceSet {
            output += "        <source>\n"
            writeSet(values, to: &output)
            output += "        </source>\n"
        } else {
            output +=
                unit.source.isEmpty ? "        <source/>\n" : "        <source>" + text(unit.source) + "</source>\n"
        }
        if let target = unit.target {
            output += "        <target"
            if let state = unit.state { output += " state=\"" + attribute(state) + "\"" }
            if let values = unit.targetSet {
                output += ">\n"
                writeSet(values, to: &output)
                output += "        </target>\n"
            } else {
                output += target.isEmpty ? "/>\n" : ">" + text(target) + "</target>\n"
            }
        }
        if let note = unit.note {
            // Xcode 26 marks a catalog comment it generated: `<note from="auto-generated">`.
            let tag = unit.noteFrom.map { "        <note from=\"" + attribute($0) + "\"" } ?? "        <note"
            output += note.isEmpty ? tag + "/>\n" : tag + ">" + text(note) + "</note>\n"
        }
        output += "      </trans-unit>\n"
    }

    /// A string set's values, one `<mrk>` per line in the order of the catalog's array
    /// (`mid` its index), as Xcode 26.2 exports an App Shortcut's phrases.
    private static func writeSet(_ values: [String], to output: inout String) {
        for (index, value) in values.enumerated() {
            output += "          <mrk mtype=\"x-set\" mid=\"\(index)\">" + text(value) + "</mrk>\n"
        }
    }

    /// Character data: `& < >` escaped, line breaks and tabs raw (Xcode keeps a value's
    /// newlines as they are), `\r` and other control characters as references so that a
    /// reader gets them back (XML reads a raw `\r` as `\n`).
    static func text(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 < 0x20 }) else {
            return value
        }
        var result = ""
        result.reserveCapacity(value.utf8.count + 16)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case let control where control.value < 0x20: result += reference(control)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// An attribute value: also `"` and every line break or tab as a reference (a raw one
    /// would be read back as a space), as Xcode writes a newline in an id: `&#10;`.
    static func attribute(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 < 0x20 })
        else {
            return value
        }
        var result = ""
        result.reserveCapacity(value.utf8.count + 16)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case let control where control.value < 0x20: result += reference(control)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func reference(_ scalar: Unicode.Scalar) -> String {
        "&#\(scalar.value);"
    }
}
