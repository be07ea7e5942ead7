import LinzaBase

/// Why an exchange file could not be read, at a 1-based line and column of the file.
package struct XLIFFReadError: PathNamingError, Sendable, Hashable {
    package var path: String
    package var line: Int
    package var column: Int
    package var message: String

    package init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    package func description(paths: DisplayPaths) -> String {
        "\(paths.location(Location(file: path, line: line, column: column))): \(message)"
    }
}

/// Reads an XLIFF 1.2 file (Xcode's or another tool's) into an `XLIFFDocument`. Malformed or
/// hostile input is an `XLIFFReadError` with its position, never a crash; the XML layer reads
/// no DOCTYPE declarations and no external entities (`XMLTreeParser`).
package enum XLIFFReader {
    /// Reads `bytes` of the file at `path` (used in messages).
    package static func read(_ bytes: [UInt8], path: String) throws(XLIFFReadError) -> XLIFFDocument {
        let text: [UInt8]
        switch TextDecoding.utf8(from: bytes) {
        case .success(let decoded): text = decoded.text
        case .failure:
            throw XLIFFReadError(path: path, line: 1, column: 1, message: "the file is not UTF-8 or UTF-16 text")
        }
        let lines = text.withUnsafeBufferPointer { LineIndex($0) }
        func failure(_ message: String, _ offset: Int) -> XLIFFReadError {
            let (line, column) = lines.position(of: min(max(offset, 0), text.count))
            return XLIFFReadError(path: path, line: line, column: column, message: message)
        }
        let root: XMLElementNode
        do {
            root = try XMLTreeParser.parse(text)
        } catch {
            throw failure("invalid XML: \(error.message)", error.offset)
        }
        guard root.name == "xliff" else {
            throw failure("the root element is <\(root.name)>, not <xliff>: not an XLIFF file", root.offset)
        }
        guard root.attribute("version") == "1.2" else {
            let version = root.attribute("version").map { "version \($0)" } ?? "no version"
            throw failure("XLIFF \(version); Xcode exchanges XLIFF 1.2 (version=\"1.2\")", root.offset)
        }
        var files: [XLIFFFile] = []
        for element in root.elements where element.name == "file" {
            files.append(try file(element, failure: failure, lines: lines))
        }
        return XLIFFDocument(files: files)
    }

    private typealias Failure = (String, Int) -> XLIFFReadError

    private static func file(_ element: XMLElementNode, failure: Failure, lines: LineIndex) throws(XLIFFReadError)
        -> XLIFFFile
    {
        guard let original = element.attribute("original") else {
            throw failure("<file> has no original attribute (the table it comes from)", element.offset)
        }
        guard let source = element.attribute("source-language") else {
            throw failure("<file original=\"\(original)\"> has no source-language", element.offset)
        }
        let names = element.attributes.map(\.name)
        let datatypeIndex = names.firstIndex(of: "datatype")
        let sourceIndex = names.firstIndex(of: "source-language")
        var tool: XLIFFTool?
        var units: [XLIFFUnit] = []
        for child in element.elements {
            switch child.name {
            case "header":
                if let found = child.elements.first(where: { $0.name == "tool" }) {
                    tool = XLIFFTool(
                        id: found.attribute("tool-id") ?? "", name: found.attribute("tool-name") ?? "",
                        version: found.attribute("tool-version"), buildNumber: found.attribute("build-num"))
                } else {
                    tool = XLIFFTool(id: "", name: "", version: nil, buildNumber: nil)
                }
            case "body":
                try collectUnits(in: child, into: &units, failure: failure, lines: lines)
            default:
                continue
            }
        }
        let (line, column) = lines.position(of: element.offset)
        return XLIFFFile(
            original: original, sourceLanguage: source, targetLanguage: element.attribute("target-language"),
            datatype: element.attribute("datatype") ?? "plaintext", tool: tool, units: units,
            datatypeFirst: (datatypeIndex ?? Int.max) < (sourceIndex ?? Int.max), line: line, column: column)
    }

    /// The units of a `<body>`, and of any `<group>` in it, in document order.
    private static func collectUnits(
        in element: XMLElementNode, into units: inout [XLIFFUnit], failure: Failure, lines: LineIndex
    ) throws(XLIFFReadError) {
        for child in element.elements {
            if child.name == "group" {
                try collectUnits(in: child, into: &units, failure: failure, lines: lines)
            } else if child.name == "trans-unit" {
                units.append(try unit(child, failure: failure, lines: lines))
            }
        }
    }

    private static func unit(_ element: XMLElementNode, failure: Failure, lines: LineIndex) throws(XLIFFReadError)
        -> XLIFFUnit
    {
        guard let id = element.attribute("id") else {
            throw failure("<trans-unit> has no id", element.offset)
        }
        var source: String?
        var target: String?
        var sourceSet: [String]?
        var targetSet: [String]?
        var state: String?
        var notes: [String] = []
        var noteFrom: String?
        for child in element.elements {
            switch child.name {
            case "source":
                guard source == nil else { throw failure("unit \"\(id)\" has two <source> elements", child.offset) }
                (source, sourceSet) = try text(of: child, unit: id, failure: failure)
            case "target":
                guard target == nil else { throw failure("unit \"\(id)\" has two <target> elements", child.offset) }
                (target, targetSet) = try text(of: child, unit: id, failure: failure)
                state = child.attribute("state")
            case "note":
                if notes.isEmpty { noteFrom = child.attribute("from") }
                notes.append(try plainText(of: child, unit: id, failure: failure))
            default:
                continue
            }
        }
        guard let source else { throw failure("unit \"\(id)\" has no <source>", element.offset) }
        let (line, column) = lines.position(of: element.offset)
        var unit = XLIFFUnit(
            id: id, source: source, target: target, state: state,
            note: notes.isEmpty ? nil : notes.joined(separator: "\n"), noteFrom: noteFrom,
            isTranslatable: element.attribute("translate") != "no",
            preservesSpace: element.attribute("xml:space") == "preserve", line: line, column: column)
        unit.sourceSet = sourceSet
        unit.targetSet = targetSet
        return unit
    }

    /// The text of `<source>` or `<target>`, and its values when it is a string set: only
    /// `<mrk mtype="x-set">` elements between line breaks and indentation (Xcode 26.2's
    /// App Shortcut phrases), read in document order.
    private static func text(of element: XMLElementNode, unit: String, failure: Failure) throws(XLIFFReadError)
        -> (text: String, set: [String]?)
    {
        guard element.elements.contains(where: isSetValue) else {
            return (try plainText(of: element, unit: unit, failure: failure), nil)
        }
        var values: [String] = []
        for child in element.children {
            switch child {
            case .text(let part):
                guard part.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) else {
                    throw failure(
                        "unit \"\(unit)\": text beside the <mrk mtype=\"x-set\"> values in <\(element.name)>; "
                            + "a string set holds its values only", element.offset)
                }
            case .element(let inline):
                guard isSetValue(inline) else {
                    throw failure(
                        "unit \"\(unit)\": <\(inline.name)> beside the <mrk mtype=\"x-set\"> values in "
                            + "<\(element.name)>; a string set holds its values only", inline.offset)
                }
                values.append(try plainText(of: inline, unit: unit, failure: failure))
            }
        }
        return (values.joined(separator: "\n"), values)
    }

    private static func isSetValue(_ element: XMLElementNode) -> Bool {
        element.name == "mrk" && element.attribute("mtype") == "x-set"
    }

    /// The character data of `<source>`, `<target>`, `<note>` or a string set's `<mrk>`.
    /// Inline markup (`<g>`, `<x/>`, `<ph>`) is refused: Xcode writes none, and flattening it
    /// would lose what it stands for.
    private static func plainText(of element: XMLElementNode, unit: String, failure: Failure) throws(XLIFFReadError)
        -> String
    {
        var text = ""
        for child in element.children {
            switch child {
            case .text(let part): text += part
            case .element(let inline):
                throw failure(
                    "unit \"\(unit)\": <\(inline.name)> inside <\(element.name)> is inline markup Xcode "
                        + "does not write; Linza reads plain text only", inline.offset)
            }
        }
        return text
    }
}
