/// What the encoder needs to know about a member's key, from one pass over its bytes eight
/// at a time: whether any byte must be escaped, and the key's two bits in its object's filter
/// of keys written so far (which finds a repeated key without comparing with every member).
struct MemberKeyScan {
    let needsEscaping: Bool
    let filterBits: UInt64

    @inline(__always)
    init(_ key: UnsafeRawBufferPointer, escapingSlashes: Bool) {
        let count = key.count
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var escapes = false
        var index = 0
        if let base = key.baseAddress {
            // Unsafe: a word is loaded only while `index + 8 <= count`; the tail is read as four, two
            // and one bytes, each within `index..<count`.
            while index + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                escapes = escapes || JSONEscaping.wordNeedsEscape(word, escapingSlashes: escapingSlashes)
                hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
                index += 8
            }
            let rest = count - index
            if rest > 0 {
                // The last 1 to 7 bytes, first byte lowest, padded with "A"s, which never need escaping.
                var padded: UInt64 = 0x4141_4141_4141_4141 &<< UInt64(truncatingIfNeeded: 8 * rest)
                var filled = 0
                if rest & 4 != 0 {
                    padded |= UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt32.self)))
                    filled = 4
                }
                if rest & 2 != 0 {
                    let pair = UInt16(littleEndian: base.loadUnaligned(fromByteOffset: index + filled, as: UInt16.self))
                    padded |= UInt64(pair) &<< UInt64(truncatingIfNeeded: 8 * filled)
                    filled += 2
                }
                if rest & 1 != 0 {
                    padded |= UInt64(base.load(fromByteOffset: index + filled, as: UInt8.self)) &<< UInt64(truncatingIfNeeded: 8 * filled)
                }
                escapes = escapes || JSONEscaping.wordNeedsEscape(padded, escapingSlashes: escapingSlashes)
                hash = (hash ^ padded) &* 0xBF58_476D_1CE4_E5B9
            }
        }
        hash ^= hash >> 31
        needsEscaping = escapes
        filterBits = (1 &<< (hash >> 58)) | (1 &<< (hash >> 52))
    }
}
