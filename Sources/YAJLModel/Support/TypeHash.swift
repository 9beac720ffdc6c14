/// A well-spread hash of a type, for the cache that a decoder indexes by type (`DecodedTypes`).
///
/// Type metadata of related types lie a fixed stride apart (the `CodingKeys` enums of one
/// module, for one), and a bare Fibonacci multiply sends strides that are Fibonacci numbers to
/// nearly the same top bits. A shift-xor and a multiply by splitmix64's odd constant spread
/// them; callers take the top bits.
@inline(__always)
func typeHash(_ type: Any.Type) -> UInt64 {
    let hash = UInt64(UInt(bitPattern: ObjectIdentifier(type)))
    return (hash ^ (hash >> 31)) &* 0xBF58_476D_1CE4_E5B9
}
