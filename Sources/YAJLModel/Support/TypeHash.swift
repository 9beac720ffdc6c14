/// A well-spread hash of a type, and of a value's bits with it, for the small caches that
/// coders index by type (keyed containers, collection kinds, coding keys' UTF-8).
///
/// Type metadata of related types lie a fixed stride apart: the `CodingKeys` enums of one
/// module, 144 bytes. A bare Fibonacci multiply sends strides that are Fibonacci numbers, 144
/// among them, to nearly the same top bits, so 13 of twitter.json's key types fell into 6 of
/// 64 slots and most containers missed. A shift-xor and a multiply by splitmix64's odd
/// constant spread them; callers take the top bits.
@inline(__always)
func typeHash(_ type: Any.Type, _ bits: UInt64 = 0) -> UInt64 {
    typeHash(bitPattern: UInt(bitPattern: ObjectIdentifier(type)), bits)
}

/// `typeHash` of the type whose `ObjectIdentifier` has this bit pattern.
@inline(__always)
func typeHash(bitPattern type: UInt, _ bits: UInt64) -> UInt64 {
    let hash = UInt64(type) &+ bits &* 0x9E37_79B9_7F4A_7C15
    return (hash ^ (hash >> 31)) &* 0xBF58_476D_1CE4_E5B9
}
