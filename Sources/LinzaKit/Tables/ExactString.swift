/// A string compared code unit by code unit, as the run time compares table keys.
///
/// Swift's `String` equality is canonical equivalence, so "Café" with a precomposed é
/// equals "Cafe\u{301}"; `NSDictionary` and `Bundle.localizedString` do not, and the app
/// shows the raw key. Tables are therefore keyed by this type.
public struct ExactString: Hashable, Sendable, CustomStringConvertible {
    public let value: String

    public init(_ value: String) {
        self.value = value
    }

    public static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.value.utf8.elementsEqual(rhs.value.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        var copy = value
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    public var description: String { value }
}
