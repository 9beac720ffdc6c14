/// Where the last key lookup in one container ended, so that keys decoded in the order the
/// JSON has them (the usual case: synthesized `init(from:)` asks in declaration order) are
/// found in one comparison each.
///
/// Lookups must still find the *first* member with a key, as `JSONDecoder` does, so the hint
/// also keeps a small Bloom filter of the keys before `next`: a key whose bit is not set
/// cannot be among them, and only a set bit costs a scan of that prefix. Once a lookup has
/// passed every key, a filter of all of them makes most lookups of absent keys (optional
/// properties) cost no scan at all.
struct LookupHint {
    var object: UInt32 = .max
    var next: UInt32 = 0
    /// In an object of at most `scannedObjectSize` members, one bit (`JSONValueDecoder.passedBit`) of
    /// each key before `next`: all of them once a lookup found a key out of order, which
    /// sends the object's later lookups to a scan.
    var passed: UInt64 = 0
    /// The keys before `next`, in a larger object.
    var seen = KeyBloom()
    /// All the keys, once `complete`.
    var all = KeyBloom()
    var complete = false
}

/// The decoder's lookup hints, one per container depth, in memory of their own: reached through
/// an array, each lookup would pay a uniqueness check and a closure.
///
/// This is the decoder's position state, not a cache: like its node and path, a hint says where
/// decoding stands in one object (the member after the last one found, and the keys passed), so
/// it is true only of that object and is never consulted for another. It is not one of the
/// decoder's caches (`DecodingCaches`): dropping one loses no answer, only the position.
///
/// - Holds: per container depth, where the last lookup at that depth ended (`LookupHint`).
/// - Bounded: one hint per depth reached, so by the parse's nesting limit.
/// - Reset: the first lookup in another object at a depth starts its hint afresh. The hints go
///   with their decoder.
/// - Hostile keys: a hint costs the same whatever the keys; its filter (`KeyBloom`) only
///   decides when a lookup scans the members before the hint, which it always may.
struct LookupHints {
    // Unsafe: `count` hints, all initialized, owned by one decoder's state (`deallocate`).
    private var base: UnsafeMutablePointer<LookupHint>?
    private var count = 0

    /// The hint for containers at depth `slot`. Unsafe: the pointer is valid until a call for a
    /// deeper slot, which may move the hints; a lookup makes no such call while it holds one.
    @inline(__always)
    mutating func hint(_ slot: Int) -> UnsafeMutablePointer<LookupHint> {
        if slot < count, let base { return base + slot }
        return grow(to: slot + 1)
    }

    @inline(never)
    private mutating func grow(to needed: Int) -> UnsafeMutablePointer<LookupHint> {
        let newCount = max(needed, 2 * count, 16)
        let newBase = UnsafeMutablePointer<LookupHint>.allocate(capacity: newCount)
        if let base { newBase.moveInitialize(from: base, count: count) }
        (newBase + count).initialize(repeating: LookupHint(), count: newCount - count)
        base?.deallocate()
        (base, count) = (newBase, newCount)
        return newBase + needed - 1
    }

    /// Frees the hints; call once, when the decoder goes.
    func deallocate() {
        base?.deinitialize(count: count)
        base?.deallocate()
    }
}

/// 512 bits, two per key, chosen from `keyEndsHash`: with the 40 keys of a large object,
/// about one key in fifty seems to be there when it is not. Under a key strategy (`strong`), three
/// per key: a key wrongly seen there costs a scan that converts every key before the hint (about
/// 5,000 instructions in a Twitter user object), and with two bits twitter.json's
/// `profileImageUrl` was wrongly seen in every user.
struct KeyBloom {
    // Four words rather than a SIMD4, addressed through a pointer: selecting one costs a few
    // scalar instructions, where building a SIMD4 mask cost about fifty and a switch a jump table.
    // Unsafe: `offset(bit)` is at most 56, so each 8-byte load and store lies within the 64 bytes of `words`.
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

    /// The key's three bits, in the low, the next and the next nine bits of the result.
    @inline(__always)
    static func bits(_ key: UnsafeRawBufferPointer) -> UInt32 {
        let hash = keyEndsHash(key)
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 32)) & 0x7FF_FFFF
    }

    @inline(__always)
    mutating func insert(_ bits: UInt32, strong: Bool) {
        set(bits & 0x1FF)
        set(bits >> 9 & 0x1FF)
        if strong { set(bits >> 18) }
    }

    /// Mutating only so that the words are read where they are: `withUnsafeBytes(of:)` of a
    /// value copies its 64 bytes first.
    @inline(__always)
    mutating func contains(_ bits: UInt32, strong: Bool) -> Bool {
        isSet(bits & 0x1FF) && isSet(bits >> 9 & 0x1FF) && (!strong || isSet(bits >> 18))
    }

    /// Sets `bit` (0..<512).
    @inline(__always)
    private mutating func set(_ bit: UInt32) {
        withUnsafeMutableBytes(of: &words) { $0.storeBytes(of: $0.load(fromByteOffset: Self.offset(bit), as: UInt64.self) | Self.mask(bit), toByteOffset: Self.offset(bit), as: UInt64.self) }
    }

    @inline(__always)
    private mutating func isSet(_ bit: UInt32) -> Bool {
        withUnsafeMutableBytes(of: &words) { $0.load(fromByteOffset: Self.offset(bit), as: UInt64.self) & Self.mask(bit) != 0 }
    }

    /// The byte offset of the word that holds `bit`, and the bit's mask in it.
    @inline(__always)
    private static func offset(_ bit: UInt32) -> Int { Int(bit >> 6 & 7) &* 8 }
    @inline(__always)
    private static func mask(_ bit: UInt32) -> UInt64 { 1 << UInt64(bit & 63) }
}
