/// The byte of an ASCII character: `bytes[i] == ascii("\"")`. Inlinable because every lexer
/// and parser compares bytes with it in its innermost loop, in other modules too.
@inlinable @inline(__always) package func ascii(_ character: Unicode.Scalar) -> UInt8 {
    UInt8(truncatingIfNeeded: character.value)
}
