/// The order Xcode 26.2 lists a String Catalog's units in its XLIFF: not the catalog's own
/// order (`CatalogCollation`) but the keys compared UTF-16 code unit by code unit, case
/// first as written, with runs of ASCII digits compared as numbers (`2. Find` before
/// `12-hour`, `ARCHIVED` before `Academic`, `·` and `—` after every ASCII key), as
/// `NSString.compare(_:options: .numeric)` orders them. Measured on a real export of a
/// 1,121-key catalog (cleveland-lewis/Itori, `Localizations/zh-Hans.xcloc`, docs/ROUNDTRIP.md):
/// every unit in this order, and Foundation's `.numeric` comparison gives the same (a test
/// compares the two on random keys). Not shown by that export, and inferences: digit runs
/// of equal value but different length (`01`, `1`, equal for Foundation) fall back to their
/// code units; a letter with a canonical decomposition (`é`) is compared by its own code
/// unit, where Foundation compares it decomposed (`e` and U+0301), so keys with accented
/// letters may be listed elsewhere than Xcode lists them; and the units of several keys are
/// not interleaved when one key is a prefix of another's unit id.
package enum ExchangeUnitOrder {
    /// True when the units of key `left` come before those of `right`.
    package static func precedes(_ left: String, _ right: String) -> Bool {
        compare(left, right) < 0
    }

    /// -1, 0 or 1.
    package static func compare(_ left: String, _ right: String) -> Int {
        if left == right { return 0 }
        return compare(Array(left.utf16), Array(right.utf16))
    }

    /// `compare` of two keys' UTF-16 code units (made once per key when sorting many).
    package static func compare(_ a: [UInt16], _ b: [UInt16]) -> Int {
        if a == b { return 0 }
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if isDigit(a[i]) && isDigit(b[j]) {
                let startA = i, startB = j
                while i < a.count && isDigit(a[i]) { i += 1 }
                while j < b.count && isDigit(b[j]) { j += 1 }
                let order = numeric(a[startA..<i], b[startB..<j])
                if order != 0 { return order }
                continue
            }
            if a[i] != b[j] { return a[i] < b[j] ? -1 : 1 }
            i += 1
            j += 1
        }
        if i < a.count { return 1 }
        if j < b.count { return -1 }
        // Equal but for leading zeros: their code units decide, so the order is total.
        return a.lexicographicallyPrecedes(b) ? -1 : 1
    }

    private static func isDigit(_ unit: UInt16) -> Bool { unit >= 0x30 && unit <= 0x39 }

    /// Two digit runs compared as numbers (of any length).
    private static func numeric(_ a: ArraySlice<UInt16>, _ b: ArraySlice<UInt16>) -> Int {
        let x = a.drop { $0 == 0x30 }, y = b.drop { $0 == 0x30 }
        if x.count != y.count { return x.count < y.count ? -1 : 1 }
        for (p, q) in zip(x, y) where p != q { return p < q ? -1 : 1 }
        return 0
    }
}
