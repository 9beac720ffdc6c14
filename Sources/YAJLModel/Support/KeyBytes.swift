/// Hashing and comparing keys' UTF-8: shared by the key tables of models and coders.

/// A hash of a key's length and of its first and last eight bytes (or all of them, when
/// fewer), read in at most two loads. Keys are short and mostly differ at their ends, so
/// this spreads them well for a fraction of a byte-by-byte hash; equal hashes are then
/// compared byte for byte. Tables that input keys can fill must bound their probes (see
/// `KeyTable`), since input can make many keys collide.
@inline(__always)
func keyEndsHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let count = bytes.count
    guard let base = bytes.baseAddress, count > 0 else { return UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15 }
    let first: UInt64
    let last: UInt64
    // Unsafe: each load lies within `count` bytes: 8-byte loads only from 8 bytes on, 4-byte ones from 4, ending at `count`.
    switch count {
    case 8...:
        first = base.loadUnaligned(as: UInt64.self)
        last = (base + count - 8).loadUnaligned(as: UInt64.self)
    case 4..<8:
        first = UInt64(base.loadUnaligned(as: UInt32.self))
        last = UInt64((base + count - 4).loadUnaligned(as: UInt32.self))
    default:
        first = UInt64(base.load(as: UInt8.self)) | UInt64(base.load(fromByteOffset: count / 2, as: UInt8.self)) << 8
        last = UInt64(base.load(fromByteOffset: count - 1, as: UInt8.self))
    }
    return keyEndsHash(count: count, first: first, last: last)
}

/// `keyEndsHash` of a key of `count` bytes whose ends it reads as `first` and `last`: for a key
/// of 8 to 16 bytes, its first and last eight bytes as loaded in native byte order.
@inline(__always)
func keyEndsHash(count: Int, first: UInt64, last: UInt64) -> UInt64 {
    var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
    hash = (hash ^ first) &* 0xBF58_476D_1CE4_E5B9
    hash = (hash ^ last) &* 0xD6E8_FEB8_6659_FD93
    return hash ^ (hash >> 29)
}


/// Whether two keys have the same bytes, comparing short keys (the usual ones) in a few
/// loads (the words `keyEndsHash` reads) rather than with a call to `memcmp`.
@inline(__always)
func _keyBytesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    let count = a.count
    guard count == b.count else { return false }
    guard count > 0, let x = a.baseAddress, let y = b.baseAddress else { return true }
    // Unsafe: each load lies within `count` bytes of both keys (equal counts): as in `keyEndsHash`.
    switch count {
    case 8...16:
        return x.loadUnaligned(as: UInt64.self) == y.loadUnaligned(as: UInt64.self)
            && (x + count - 8).loadUnaligned(as: UInt64.self) == (y + count - 8).loadUnaligned(as: UInt64.self)
    case 4..<8:
        return x.loadUnaligned(as: UInt32.self) == y.loadUnaligned(as: UInt32.self)
            && (x + count - 4).loadUnaligned(as: UInt32.self) == (y + count - 4).loadUnaligned(as: UInt32.self)
    case 1..<4:
        return x.load(as: UInt8.self) == y.load(as: UInt8.self) && x.load(fromByteOffset: count / 2, as: UInt8.self) == y.load(fromByteOffset: count / 2, as: UInt8.self)
            && x.load(fromByteOffset: count - 1, as: UInt8.self) == y.load(fromByteOffset: count - 1, as: UInt8.self)
    default:
        return _bytesEqual(a, b)
    }
}
