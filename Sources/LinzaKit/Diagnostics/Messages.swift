/// Every message Linza prints about a project, in one place so wording stays consistent
/// and can be reviewed as a whole.
public enum Messages {
    /// `text` in single quotes with line breaks, tabs and other control characters escaped,
    /// so a key can never break the one-line-per-finding output or fake a line of its own.
    static func quoted(_ text: String) -> String {
        var result = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20 || control.value == 0x7F || control.value == 0x2028
                || control.value == 0x2029 || control.value == 0x85:
                result += "\\u{\(String(control.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "'"
    }

    // MARK: missing_key

    static func missingKey(_ key: String, language: String, table: String) -> String {
        "\(quoted(key)) is missing in \(language) (\(table))"
    }

    static func missingKeyNoTable(_ key: String, language: String, table: String) -> String {
        "\(quoted(key)) is missing in \(language) (\(language) has no \(table) table)"
    }

    static func missingKeyWithDefault(_ key: String, language: String, table: String) -> String {
        "\(quoted(key)) is missing in \(language) (\(table)); the call's default value shows at run time, "
            + "but translators never see text that is only in code"
    }

    static func tableInNoLanguage(_ key: String, table: String) -> String {
        "\(quoted(key)) is read from table \(quoted(table)), which no language has"
    }

    static func noteTableWithoutKey(_ key: String, table: String) -> String {
        "\(table) has no \(quoted(key))"
    }

    static func noteNoTable(language: String, table: String) -> String {
        "no resource folder has \(language).lproj/\(table).strings"
    }

    static func noteDefinedIn(_ key: String, language: String) -> String {
        "\(quoted(key)) is defined in \(language) here"
    }

    // MARK: missing_language

    static func missingLanguage(language: String, table: String, developmentTable: String, keys: Int) -> String {
        "\(language) has no \(table) table, so all \(keys) keys of \(developmentTable) are missing in \(language)"
    }

    // MARK: duplicate_key

    static func duplicateKey(_ key: String, file: String) -> String {
        "\(quoted(key)) is defined again in \(file); the last definition silently wins at run time"
    }

    static func noteFirstDefinition(_ key: String) -> String {
        "\(quoted(key)) is first defined here"
    }

    // MARK: plural_forms

    static func pluralMissing(_ key: String, rule: String?, language: String, missing: [String], uses: [String]) -> String {
        let name = rule.map { " \(quoted($0))" } ?? ""
        return "the plural rule\(name) of \(quoted(key)) in \(language) lacks \(missing.joined(separator: ", ")) "
            + "(\(language) uses \(uses.joined(separator: ", ")))"
    }

    static func pluralExtra(_ key: String, rule: String?, language: String, extra: [String], uses: [String]) -> String {
        let name = rule.map { " \(quoted($0))" } ?? ""
        return "the plural rule\(name) of \(quoted(key)) in \(language) has \(extra.joined(separator: ", ")), "
            + "which \(language) never selects (\(language) uses \(uses.joined(separator: ", ")))"
    }

    // MARK: format_mismatch

    static func formatMismatch(_ key: String, language: String, development: String, difference: String) -> String {
        "the format of \(quoted(key)) in \(language) does not match \(development): \(difference)"
    }

    static func noteDevelopmentText(_ key: String, language: String) -> String {
        "\(quoted(key)) in \(language) is here"
    }

    // MARK: empty_value

    static func emptyValue(_ key: String, language: String) -> String {
        "\(quoted(key)) has an empty translation in \(language); users see nothing"
    }

    // MARK: catalog_state

    static func catalogState(_ key: String, language: String, state: String) -> String {
        "\(quoted(key)) in \(language) is marked \(state) in the String Catalog"
    }

    // MARK: untranslated

    static func untranslated(_ key: String, language: String, development: String) -> String {
        "\(quoted(key)) in \(language) is the same text as in \(development); it may not be translated"
    }

    // MARK: unused_key

    static func unusedKey(_ key: String, table: String) -> String {
        "\(quoted(key)) in \(table) is not used by any call"
    }

    // MARK: key_style

    static func keyStyle(_ key: String, pattern: String) -> String {
        "\(quoted(key)) does not match the key style \(pattern)"
    }

    // MARK: dynamic_key

    static func dynamicKey(function: String, prefix: String?) -> String {
        let start = prefix.flatMap { $0.isEmpty ? nil : " (it starts with \(quoted($0)))" } ?? ""
        return "the key passed to \(function) is not a string literal\(start); Linza cannot check that it is translated"
    }

    static func unmatchedTemplate(function: String, template: KeyTemplate, table: String?) -> String {
        let place = table.map { " of \($0)" } ?? ""
        return "the key passed to \(function) is built from an interpolation, and no key\(place) matches "
            + "\(quoted(template.description)) with format specifiers in place of \\(…); Linza cannot check it"
    }

    static func dynamicTable(function: String) -> String {
        "the table passed to \(function) is not a string literal; Linza cannot check this call"
    }

    // MARK: strings_syntax

    static func stringsSyntax(_ problem: String, effect: StringsProblem.Effect) -> String {
        switch effect {
        case .rejectsFile:
            return "\(problem); the whole table is unreadable, the app gets none of its translations"
        case .ignoresRest:
            return "\(problem); Apple's parser silently ignores the rest of the file, the app loses every entry after this point"
        case .losesEntry:
            return "\(problem); the app cannot use this entry"

        }
    }

    // MARK: source_syntax

    static func sourceSyntax(_ kind: LexicalProblem.Kind) -> String {
        switch kind {
        case .unterminatedString: return "unterminated string literal; Linza may misread the code after it"
        case .unterminatedBlockComment: return "unterminated /* comment; Linza did not scan the rest of the file"
        case .unterminatedRegex: return "unterminated regex literal; Linza may misread the code after it"
        }
    }

    // MARK: invalid_suppression

    static func unknownSuppressedRule(_ id: String, suggestion: String?) -> String {
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? "; 'linza rules' lists the rule ids"
        return "\(quoted(id)) is not a rule, so this comment suppresses nothing for it\(hint)"
    }

    // MARK: input

    static func unreadable(_ reason: String) -> String {
        "cannot read this file: \(reason)"
    }

    static func unreadableFolder(_ reason: String) -> String {
        "cannot read this folder: \(reason)"
    }

    static func sourceNotUTF8(byte: String, language: SourceLanguage) -> String {
        "this file is not valid UTF-8 (byte 0x\(byte)); \(language == .swift ? "Swift" : "Objective-C") sources must be UTF-8"
    }
}
