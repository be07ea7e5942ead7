#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A string compared code unit by code unit, as the run time compares table keys.
///
/// Swift's `String` equality is canonical equivalence, so "Café" with a precomposed é
/// equals "Cafe\u{301}"; `NSDictionary` and `Bundle.localizedString` do not, and the app
/// shows the raw key. Tables are therefore keyed by this type.
package struct ExactString: Hashable, Sendable, CustomStringConvertible {
    package let value: String

    package init(_ value: String) {
        self.value = value
    }

    @inlinable package static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        // Compared as byte buffers: the generic `utf8.elementsEqual` walk was a tenth of a
        // lint run, since every table lookup ends in this comparison.
        guard lhs.value.utf8.count == rhs.value.utf8.count else { return false }
        var left = lhs.value, right = rhs.value
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                leftBytes.count == 0 || memcmp(leftBytes.baseAddress!, rightBytes.baseAddress!, leftBytes.count) == 0
            }
        }
    }

    @inlinable package func hash(into hasher: inout Hasher) {
        var copy = value
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    package var description: String { value }
}
