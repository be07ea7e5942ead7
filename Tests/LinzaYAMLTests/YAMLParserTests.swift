import Testing
@testable import LinzaYAML

@Suite struct YAMLParserTests {
    @Test func mappingsSequencesAndScalarsWithMarks() throws {
        let root = try #require(try YAMLParser.parse("included: [App, 'Mo dules']\nrules:\n  missing_key: off\n"))
        guard case .mapping(let pairs) = root.content else { Issue.record("not a mapping"); return }
        #expect(pairs.map(\.key.scalar) == ["included", "rules"])
        #expect(pairs[0].key.mark == YAMLMark(line: 1, column: 1))
        guard case .sequence(let items) = pairs[0].value.content else { Issue.record("not a sequence"); return }
        #expect(items.map(\.scalar) == ["App", "Mo dules"])
        #expect(items.map(\.mark) == [YAMLMark(line: 1, column: 12), YAMLMark(line: 1, column: 17)])
        guard case .mapping(let rules) = pairs[1].value.content else { Issue.record("not a mapping"); return }
        // `off` stays a string: Linza interprets scalars itself, never as YAML 1.1 booleans.
        #expect(rules.first?.value.content == .scalar("off", .plain))
        #expect(rules.first?.key.mark == YAMLMark(line: 3, column: 3))
    }

    @Test func columnsCountUTF8Bytes() throws {
        let root = try #require(try YAMLParser.parse("# Привет\nkey: [Пицца, x]\n"))
        guard case .mapping(let pairs) = root.content, case .sequence(let items) = pairs[0].value.content else {
            Issue.record("unexpected shape"); return
        }
        // "Пицца" is five characters but ten bytes; "x" starts at byte column 20.
        #expect(items.map(\.mark) == [YAMLMark(line: 2, column: 7), YAMLMark(line: 2, column: 19)])
    }

    /// A long flow list on one line: every item's mark is where it starts (marks walk on
    /// along a line; a later mark on the same line or an earlier column is still right).
    @Test func marksAlongALongFlowList() throws {
        let items = (0..<2000).map { "é\($0)" }
        let root = try #require(
            try YAMLParser.parse("excluded: [" + items.joined(separator: ", ") + "]\nnext: [a, b]\n"))
        guard case .mapping(let pairs) = root.content, case .sequence(let nodes) = pairs[0].value.content else {
            Issue.record("unexpected shape"); return
        }
        var column = 12
        for (node, text) in zip(nodes, items) {
            #expect(node.mark == YAMLMark(line: 1, column: column))
            column += text.utf8.count + 2
        }
        #expect(pairs[1].key.mark == YAMLMark(line: 2, column: 1))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let root = try #require(try YAMLParser.parse("\u{FEFF}key: value\n"))
        guard case .mapping(let pairs) = root.content else { Issue.record("not a mapping"); return }
        #expect(pairs[0].key.mark == YAMLMark(line: 1, column: 1))
    }

    @Test func quotedAndNullScalars() throws {
        let root = try #require(try YAMLParser.parse("a: 'x'\nb:\nc: ~\nd: \"\"\n"))
        guard case .mapping(let pairs) = root.content else { Issue.record("not a mapping"); return }
        #expect(pairs.map(\.value.isNull) == [false, true, true, false])
        #expect(pairs[0].value.content == .scalar("x", .quoted))
    }

    @Test func duplicateKeysAreKept() throws {
        let root = try #require(try YAMLParser.parse("a: 1\na: 2\n"))
        guard case .mapping(let pairs) = root.content else { Issue.record("not a mapping"); return }
        #expect(pairs.count == 2)
    }

    @Test func aliasesResolveToTheirAnchors() throws {
        let root = try #require(try YAMLParser.parse("base: &langs [en, ru]\nrequired: *langs\n"))
        guard case .mapping(let pairs) = root.content else { Issue.record("not a mapping"); return }
        #expect(pairs[0].value.content == pairs[1].value.content)
    }

    @Test func emptyTextHasNoDocument() throws {
        #expect(try YAMLParser.parse("") == nil)
        #expect(try YAMLParser.parse("# only a comment\n") == nil)
    }

    @Test func syntaxErrorsCarryPositions() {
        #expect(
            throws: YAMLError(
                message: "did not find expected ',' or ']' while parsing a flow sequence",
                mark: YAMLMark(line: 2, column: 2))
        ) {
            try YAMLParser.parse("a: [1, 2\nb: 3\n")
        }
        #expect(
            throws: YAMLError(
                message: "mapping values are not allowed in this context",
                mark: YAMLMark(line: 1, column: 5))
        ) {
            try YAMLParser.parse("a: b: c\n")
        }
    }

    @Test func unknownAliasIsAnError() {
        #expect(throws: YAMLError.self) { try YAMLParser.parse("a: *nowhere\n") }
    }

    @Test func secondDocumentIsRejected() {
        #expect(
            throws: YAMLError(
                message: "expected a single YAML document, found another one",
                mark: YAMLMark(line: 2, column: 1))
        ) {
            try YAMLParser.parse("a: 1\n---\nb: 2\n")
        }
    }

    @Test func deepNestingIsRejected() {
        let text = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: YAMLError.self) { try YAMLParser.parse(text) }
    }
}

/// Issue 11, item 3: lists were quadratic (a 100 000-item `excluded:` took 100 s); each item
/// is now appended in place. Correctness here; the cost is in the closing note's figures.
@Suite struct LargeYAMLListTests {
    @Test func hundredThousandItemsParse() throws {
        let text = "excluded:\n" + (0..<100_000).map { "  - \"Gen\($0)/**\"\n" }.joined()
        let root = try #require(try YAMLParser.parse(text))
        guard case .mapping(let pairs) = root.content, case .sequence(let items) = pairs[0].value.content else {
            Issue.record("expected a mapping with a sequence")
            return
        }
        #expect(items.count == 100_000)
        #expect(items.last?.mark.line == 100_001)
    }
}
