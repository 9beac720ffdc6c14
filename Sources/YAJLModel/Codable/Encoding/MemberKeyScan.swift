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
            // Unsafe: a word is loaded only while `index + 8 <= count`; the tail is read byte by byte.
            while index + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                escapes = escapes || JSONEscaping.wordNeedsEscape(word, escapingSlashes: escapingSlashes)
                hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
                index += 8
            }
            if index < count {
                // The last bytes, padded with "A"s, which never need escaping.
                var padded: UInt64 = 0x4141_4141_4141_4141
                for offset in 0..<(count - index) {
                    let shift = UInt64(8 * offset)
                    padded = padded & ~(0xFF &<< shift) | UInt64(base.load(fromByteOffset: index + offset, as: UInt8.self)) &<< shift
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
