/// The order Xcode gives the members of every object in a String Catalog: ICU root collation
/// with numeric ordering, as `String.localizedStandardCompare` computes it. Letters compare
/// case-insensitively and without accents first, then by accent, then by case (lowercase
/// first) and leading zeros, whichever comes first in the string; runs of digits compare as numbers; whitespace,
/// then punctuation and symbols, then digits, then letters. Strings equal in all of that
/// compare by their UTF-16 code units.
///
/// Linza does not link Foundation (its ICU data is tens of megabytes, and this binary runs
/// on every build), so this is our own collation. It matches `localizedStandardCompare`
/// exactly for ASCII, the Latin letters with accents and unaccented Greek and Cyrillic,
/// which the tests check against Foundation; accented Greek and Cyrillic letters and other
/// scripts (ordered after them by code point) come close to but not always exactly where
/// ICU puts them. Only entries a writer adds are placed by it:
/// existing members keep the order the file has.
package enum CatalogCollation {
    /// True when `left` comes before `right` in Xcode's order.
    package static func precedes(_ left: String, _ right: String) -> Bool {
        compare(left, right) < 0
    }

    /// -1, 0 or 1 as `left` sorts before, equal to or after `right`.
    package static func compare(_ left: String, _ right: String) -> Int {
        if left == right { return 0 }
        let a = CollationKey(left), b = CollationKey(right)
        for (x, y) in [(a.primaries, b.primaries), (a.secondaries, b.secondaries), (a.tertiaries, b.tertiaries)] {
            if let order = lexicographic(x, y) { return order }
        }
        return lexicographic(Array(left.utf16).map(UInt32.init), Array(right.utf16).map(UInt32.init)) ?? 0
    }

    private static func lexicographic(_ x: [UInt32], _ y: [UInt32]) -> Int? {
        for (p, q) in zip(x, y) where p != q { return p < q ? -1 : 1 }
        return x.count == y.count ? nil : (x.count < y.count ? -1 : 1)
    }
}

/// A string's collation weights, one array per level.
private struct CollationKey {
    var primaries: [UInt32] = []
    var secondaries: [UInt32] = []
    /// Case and variants, and for a run of digits its number of leading zeros (`x2` < `x02`).
    var tertiaries: [UInt32] = []

    init(_ text: String) {
        var digits: [UInt32] = []
        var variant: UInt32 = Tertiary.lower
        func flushDigits() {
            guard !digits.isEmpty else { return }
            var leading = 0
            while leading < digits.count - 1, digits[leading] == 0 { leading += 1 }
            let significant = digits[leading...]
            // A number's length first, so that 9 < 10; then its digits.
            primaries.append(Primary.digits + UInt32(min(significant.count, 255)))
            primaries += significant.map { Primary.digits + 256 + $0 }
            secondaries.append(Secondary.common)
            tertiaries.append(variant + 4 * UInt32(min(leading, 1 << 20)))
            digits = []
            variant = Tertiary.lower
        }
        for scalar in text.unicodeScalars {
            if let digit = CollationElements.digit(scalar) {
                digits.append(digit)
                if !scalar.isASCII { variant = Tertiary.variant }
                continue
            }
            flushDigits()
            for element in CollationElements.of(scalar) {
                if element.primary != 0 { primaries.append(element.primary) }
                if element.secondary != 0 { secondaries.append(element.secondary) }
                if element.tertiary != 0 { tertiaries.append(element.tertiary) }
            }
        }
        flushDigits()
    }
}

/// One collation element: a weight per level, 0 where the level ignores it.
struct CollationElement {
    var primary: UInt32
    var secondary: UInt32 = Secondary.common
    var tertiary: UInt32 = Tertiary.lower
}

private enum Primary {
    static let whitespace: UInt32 = 0x100
    static let punctuation: UInt32 = 0x200
    /// Symbols ICU places between ASCII's punctuation and its currency signs (emoji among them).
    static let otherSymbols: UInt32 = 0x1000
    static let currency: UInt32 = 0x12_0000
    static let digits: UInt32 = 0x13_0000
    static let latin: UInt32 = 0x14_0000
    static let greek: UInt32 = 0x15_0000
    static let cyrillic: UInt32 = 0x16_0000
    /// Letters of every other script, by code point.
    static let otherLetters: UInt32 = 0x17_0000
}

enum Secondary {
    static let common: UInt32 = 1
}

enum Tertiary {
    static let lower: UInt32 = 1
    /// Ligatures, compatibility forms, fullwidth and other digits: after lowercase, before uppercase.
    static let variant: UInt32 = 2
    static let upper: UInt32 = 3
}

/// Collation elements of single scalars.
enum CollationElements {
    /// Whitespace, then ASCII's punctuation and symbols with the common non-ASCII ones among
    /// them, in ICU root order (from Foundation); currency signs, digits and letters follow.
    private static let punctuationOrder: [Unicode.Scalar] = Array(
        ("\t\n\u{0B}\u{0C}\r "
            + #"_-‐‑‒–—―〜・,，、;；:：!！¡?？¿.。·'‘’‚‹›"“”„«»(（)）[]{}「」『』【】§¶@*/\&#%†‡•′″※`´^¯¨¸°©®←→↑↓↔⇧"#
            + "+±÷×<=≠>¬|｜¦~～−⁄∙√∞≈≤≥⋅⌃⌘⌥⌫⏎■□▲▶▸►▼◀◆◇○●◦★☆♡♥✓✔✗✘").unicodeScalars)
    private static let punctuationPrimary: [Unicode.Scalar: UInt32] = {
        var table: [Unicode.Scalar: UInt32] = [:]
        for (index, scalar) in punctuationOrder.enumerated() {
            table[scalar] = (index < 6 ? Primary.whitespace : Primary.punctuation) + UInt32(index)
        }
        table["$"] = Primary.currency + 0x24
        return table
    }()

    /// Latin letters in order; the letters after a base letter are separate letters that
    /// follow it (ı after i, ŋ after n, ĸ after q, ŧ after t, þ and ʼ after z).
    private static let latinOrder: [Unicode.Scalar] = Array("abcdefghiıjklmnŋopqĸrstŧuvwxyzþʼ".unicodeScalars)
    private static let greekOrder: [Unicode.Scalar] = Array("αβγδεζηθικλμνξοπρστυφχψω".unicodeScalars)
    private static let cyrillicOrder: [Unicode.Scalar] = Array(
        "абвгдђеєжзѕиійјклљмнњопрстћуфхцчџшщъыьэюя".unicodeScalars)
    /// Greek and Cyrillic letters that are a base letter and accents.
    private static let composed: [Unicode.Scalar: (base: Unicode.Scalar, accents: [UInt32])] = [
        "ѓ": ("г", [Accent.acute]), "ѐ": ("е", [Accent.grave]), "ё": ("е", [Accent.diaeresis]),
        "ѝ": ("и", [Accent.grave]), "ї": ("і", [Accent.diaeresis]), "ќ": ("к", [Accent.acute]),
        "ў": ("у", [Accent.breve]), "ά": ("α", [Accent.acute]), "έ": ("ε", [Accent.acute]),
        "ή": ("η", [Accent.acute]), "ί": ("ι", [Accent.acute]), "ό": ("ο", [Accent.acute]),
        "ύ": ("υ", [Accent.acute]), "ώ": ("ω", [Accent.acute]), "ϊ": ("ι", [Accent.diaeresis]),
        "ϋ": ("υ", [Accent.diaeresis]), "ΐ": ("ι", [Accent.diaeresis, Accent.acute]),
        "ΰ": ("υ", [Accent.diaeresis, Accent.acute]), "ς": ("σ", []),
    ]
    /// Characters weighed as several (æ is "ae" with another tertiary weight, ß is "ss", … is "...").
    private static let expansions: [Unicode.Scalar: String] = [
        "æ": "ae", "œ": "oe", "ĳ": "ij", "ß": "ss", "ſ": "s", "ŉ": "ʼn", "…": "...",
    ]
    private static let ligatures: Set<Unicode.Scalar> = ["æ", "œ"]

    /// The value of a decimal digit, or nil.
    static func digit(_ scalar: Unicode.Scalar) -> UInt32? {
        if scalar.isASCII { return (0x30...0x39).contains(scalar.value) ? scalar.value - 0x30 : nil }
        guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue else { return nil }
        return UInt32(value)
    }

    static func of(_ scalar: Unicode.Scalar) -> [CollationElement] {
        let value = scalar.value
        if value < 0x80 {
            let byte = UInt8(value)
            if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte),
                let letter = latinIndex(Unicode.Scalar(byte | 0x20))
            {
                return [
                    CollationElement(
                        primary: Primary.latin + letter, tertiary: byte < 0x60 ? Tertiary.upper : Tertiary.lower)
                ]
            }
            return punctuationPrimary[scalar].map { [CollationElement(primary: $0)] } ?? []
        }
        if let primary = punctuationPrimary[scalar] { return [CollationElement(primary: primary)] }
        let lower = lowercase(scalar)
        let tertiary = lower == scalar ? Tertiary.lower : Tertiary.upper
        if let expansion = expansions[lower] {
            var elements = expansion.unicodeScalars.flatMap(of).map {
                CollationElement(
                    primary: $0.primary, secondary: $0.secondary,
                    tertiary: $0.primary == 0 ? $0.tertiary : max(tertiary, Tertiary.variant))
            }
            // A ligature weighs more than any accent between its two letters (æ > ä e).
            if ligatures.contains(lower) {
                elements.insert(CollationElement(primary: 0, secondary: Accent.ligature, tertiary: 0), at: 1)
            }
            return elements
        }
        if let letter = latinIndex(lower) {
            return [CollationElement(primary: Primary.latin + letter, tertiary: tertiary)]
        }
        if let index = greekOrder.firstIndex(of: lower) {
            return [CollationElement(primary: Primary.greek + UInt32(index), tertiary: tertiary)]
        }
        if let index = cyrillicOrder.firstIndex(of: lower) {
            return [CollationElement(primary: Primary.cyrillic + UInt32(index), tertiary: tertiary)]
        }
        if let (base, accents) = composed[lower] {
            var elements = of(base).map { CollationElement(primary: $0.primary, tertiary: tertiary) }
            if lower == "ς" { elements[0].tertiary = Tertiary.variant }
            elements += accents.map { CollationElement(primary: 0, secondary: $0, tertiary: 0) }
            return elements
        }
        let properties = scalar.properties
        if let accent = Accent.combining(properties) {
            return [CollationElement(primary: 0, secondary: accent, tertiary: 0)]
        }
        if let (base, accents) = Accent.latinLetter(properties.name ?? "") {
            return of(base).map { CollationElement(primary: $0.primary, tertiary: tertiary) }
                + accents.map { CollationElement(primary: 0, secondary: $0, tertiary: 0) }
        }
        switch properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark, .spacingMark:
            return []
        case .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return [CollationElement(primary: Primary.punctuation - 1, tertiary: Tertiary.variant)]
        case .currencySymbol:
            return [CollationElement(primary: Primary.currency + min(value, 0xFFFF))]
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            return [CollationElement(primary: Primary.otherLetters + value, tertiary: tertiary)]
        default:
            return [CollationElement(primary: Primary.otherSymbols + value)]
        }
    }

    private static func latinIndex(_ scalar: Unicode.Scalar) -> UInt32? {
        latinOrder.firstIndex(of: scalar).map(UInt32.init)
    }

    private static func lowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let mapping = scalar.properties.lowercaseMapping.unicodeScalars
        return mapping.count == 1 ? mapping.first! : scalar
    }
}

/// Secondary weights of accents, in ICU root order.
enum Accent {
    static let acute: UInt32 = 2, grave: UInt32 = 3, breve: UInt32 = 4, diaeresis: UInt32 = 8
    /// Between the letters of æ and œ.
    static let ligature: UInt32 = 40
    private static let byName: [(name: String, weight: UInt32)] = [
        ("ACUTE", acute), ("GRAVE", grave), ("BREVE", breve), ("CIRCUMFLEX", 5), ("CARON", 6), ("RING ABOVE", 7),
        ("DIAERESIS", diaeresis), ("DOUBLE ACUTE", 9), ("TILDE", 10), ("DOT ABOVE", 11), ("CEDILLA", 12),
        ("OGONEK", 13), ("STROKE", 14), ("MACRON", 15), ("HOOK ABOVE", 16), ("HORN", 17), ("DOT BELOW", 18),
        ("COMMA BELOW", 19), ("LINE BELOW", 20), ("MIDDLE DOT", 21), ("TONOS", acute), ("DIALYTIKA", diaeresis),
    ]

    static func weight(_ name: Substring) -> UInt32? {
        byName.first { $0.name == name }?.weight
    }

    /// A combining accent (`COMBINING ACUTE ACCENT`).
    static func combining(_ properties: Unicode.Scalar.Properties) -> UInt32? {
        guard properties.generalCategory == .nonspacingMark, let name = properties.name,
            name.hasPrefix("COMBINING ")
        else { return nil }
        var accent = name.dropFirst("COMBINING ".count)
        if accent.hasSuffix(" ACCENT") { accent = accent.dropLast(" ACCENT".count) }
        return weight(accent)
    }

    /// `LATIN SMALL LETTER E WITH ACUTE` → e and the accents; `ð` (a d with a mark of its own).
    static func latinLetter(_ name: String) -> (Unicode.Scalar, [UInt32])? {
        if name == "LATIN SMALL LETTER ETH" || name == "LATIN CAPITAL LETTER ETH" { return ("d", [22]) }
        for prefix in ["LATIN SMALL LETTER ", "LATIN CAPITAL LETTER "] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let first = rest.first, first.isASCII, first.isLetter,
                rest.dropFirst().hasPrefix(" WITH ")
            else { return nil }
            let accents = rest.dropFirst(" WITH ".count + 1).split(separator: " AND ").map { weight($0) }
            guard !accents.isEmpty, accents.allSatisfy({ $0 != nil }) else { return nil }
            return (Unicode.Scalar(first.lowercased().unicodeScalars.first!.value)!, accents.map { $0! })
        }
        return nil
    }
}
