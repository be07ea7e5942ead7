import Testing

@testable import LinzaRules

/// format_mismatch checks a table with far fewer entries than the development one entry by
/// entry, without parsing every development format (`FormatMismatchRule.check`). Its rule
/// examples, with the development `.strings` table padded with plain entries until the other
/// tables are small beside it, give the same findings that way.
@Suite struct FormatMismatchSmallTableTests {
    static func padded(_ example: RuleExample) -> RuleExample? {
        var example = example
        let padding = (0..<200).map { "\"linza.padding.\($0)\" = \"Padding\";\n" }.joined()
        var changed = false
        for index in example.files.indices
        where example.files[index].path.hasPrefix("en.lproj/") && example.files[index].path.hasSuffix(".strings") {
            example.files[index].contents += "\n" + padding
            changed = true
        }
        return changed ? example : nil
    }

    @Test func smallTablesGiveTheExamplesFindings() {
        let description = FormatMismatchRule.description
        var checked = 0
        for example in description.triggeringExamples {
            guard let padded = Self.padded(example) else { continue }
            let run = ExampleRun(padded, rule: FormatMismatchRule.self)
            #expect(
                run.found.sorted() == run.expected.sorted(), "\(run.messages)", sourceLocation: example.testLocation)
            checked += 1
        }
        for example in description.nonTriggeringExamples {
            guard let padded = Self.padded(example) else { continue }
            let run = ExampleRun(padded, rule: FormatMismatchRule.self)
            #expect(run.found.isEmpty, "\(run.messages)", sourceLocation: example.testLocation)
            checked += 1
        }
        #expect(checked >= 4)
    }
}

/// Prose's percent sign that the formatter reads as a specifier (Pocket Casts' French
/// "50 % la première année": `% la`, a double) is quoted as written, with the fix.
@Suite struct ProseSpecifierMessageTests {
    @Test func aSpecifierWithASpaceIsQuotedAsWritten() {
        let expected = ExpectedArguments(allowed: [2: .object], required: [2])
        #expect(
            FormatMismatchRule.difference(expected, "%2$@ : 50 % la première année", isPluralForm: false)
                == "argument 1 is a double (%f), written '% la', which the original does not have; "
                + "a percent sign meant as text is written %%")
        #expect(
            FormatMismatchRule.difference(expected, "%2$@ et %1$f", isPluralForm: false)
                == "argument 1 is a double (%f), which the original does not have")
    }
}

/// The placeholders of a wrapper that fills its own (`formats: false`): `%` and digits.
@Suite struct OwnPlaceholderTests {
    @Test func placeholdersAreAPercentSignAndDigits() {
        #expect(FormatMismatchRule.placeholders("%0 of %1, 100%% and %0 again, %d") == ["%0", "%1"])
        #expect(FormatMismatchRule.placeholders("%%0 is a sign, 5% is prose, %") == [])
        #expect(FormatMismatchRule.placeholderDifference("%0 cores", "%0 Kerne") == nil)
        #expect(FormatMismatchRule.placeholderDifference("%0 cores", "Kerne") == "%0 is missing")
        #expect(
            FormatMismatchRule.placeholderDifference("%0 cores", "%0 Kerne (%1)")
                == "it has %1, which the original does not have")
        #expect(FormatMismatchRule.placeholderDifference("%1 of %0", "%0 von %1") == nil)
    }
}
