/// The values `Encoder` containers take as they are: strings, booleans and numbers.
extension JSONStreamingEncoder {
    /// Writes `value` straight away if it is a string, a boolean or a number, and returns
    /// whether it was one. Encoded generically (as the elements of `[Double]` are), these would
    /// otherwise go through their `encode(to:)`, a coding path step and a single-value
    /// container, for the same bytes and errors. `element` is the value's path step, for errors.
    @inline(__always)
    func writePrimitive<T: Encodable>(_ value: T, _ element: PathElement) throws -> Bool {
        // Comparing the type first keeps the casts off the path of every other type, and makes
        // each `_identityCast` (the standard library's cast of a value to its own type) hold.
        if T.self == String.self, let string = value as? String {
            writeString(string)
        } else if T.self == Double.self {
            try writeFloat(_identityCast(value, to: Double.self), element)
        } else if T.self == Int.self {
            writeInteger(_identityCast(value, to: Int.self))
        } else if T.self == Bool.self {
            writeBool(_identityCast(value, to: Bool.self))
        } else if T.self == Float.self {
            try writeFloat(_identityCast(value, to: Float.self), element)
        } else if T.self == Int64.self {
            writeInteger(_identityCast(value, to: Int64.self))
        } else if T.self == UInt64.self {
            writeInteger(_identityCast(value, to: UInt64.self))
        } else if T.self == Int32.self {
            writeInteger(_identityCast(value, to: Int32.self))
        } else if T.self == UInt32.self {
            writeInteger(_identityCast(value, to: UInt32.self))
        } else if T.self == UInt.self {
            writeInteger(_identityCast(value, to: UInt.self))
        } else if T.self == Int16.self {
            writeInteger(_identityCast(value, to: Int16.self))
        } else if T.self == UInt16.self {
            writeInteger(_identityCast(value, to: UInt16.self))
        } else if T.self == Int8.self {
            writeInteger(_identityCast(value, to: Int8.self))
        } else if T.self == UInt8.self {
            writeInteger(_identityCast(value, to: UInt8.self))
        } else {
            return false
        }
        return true
    }
}
