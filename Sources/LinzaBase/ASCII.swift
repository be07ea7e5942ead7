/// The byte of an ASCII character: `bytes[i] == ascii("\"")`. Inlinable because every lexer
/// and parser compares bytes with it in its innermost loop, in other modules too.
@inlinable @inline(__always) package func ascii(_ character: Unicode.Scalar) -> UInt8 {
    UInt8(truncatingIfNeeded: character.value)
}

/// Apple's `isValidUnquotedStringCharacter`: a byte of an old-style property list's
/// unquoted string (letters, digits and `_ $ / : . -`), in `.strings` files and in
/// `project.pbxproj` alike.
@inlinable @inline(__always) package func isUnquotedPropertyListByte(_ byte: UInt8) -> Bool {
    switch byte {
    case ascii("a")...ascii("z"), ascii("A")...ascii("Z"), ascii("0")...ascii("9"),
        ascii("_"), ascii("$"), ascii("/"), ascii(":"), ascii("."), ascii("-"):
        return true
    default:
        return false
    }
}
