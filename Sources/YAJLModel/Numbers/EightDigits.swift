/// Eight ASCII digits at a time (SWAR, as in simdjson and fast_float): the digit loop of
/// `DecimalSignificand` reads most significands in one or two steps instead of a branchy
/// step per digit, and a short plain integer or decimal is one step (`JSONNumberText.plainInteger(in:start:count:)`,
/// `DecimalSignificand(shortDecimalIn:start:count:)`).
enum EightDigits {
    /// The eight bytes at `offset`, the first in the lowest byte; the caller keeps
    /// `offset + 8` within the text.
    // Unsafe: every load reads the 8 bytes before a text's `end` (or at `offset` with `offset + 8 <= count`); callers check that they are readable.
    @inline(__always)
    static func load(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Whether all eight bytes are `0`...`9`: each has high nibble 3, and adding 6 keeps it 3.
    @inline(__always)
    static func areDigits(_ chunk: UInt64) -> Bool {
        let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        return (chunk & highNibbles) | (((chunk &+ 0x0606_0606_0606_0606) & highNibbles) >> 4) == 0x3333_3333_3333_3333
    }

    /// The value of eight digits (`areDigits`), the first the most significant: pairs, then
    /// quadruples, then the whole, combined by multiplications within the word.
    @inline(__always)
    static func value(_ chunk: UInt64) -> UInt64 {
        let byteMask: UInt64 = 0x0000_00FF_0000_00FF
        let hundredAndMillion: UInt64 = 100 + (1_000_000 << 32)
        let oneAndTenThousand: UInt64 = 1 + (10_000 << 32)
        var value = chunk &- 0x3030_3030_3030_3030
        value = value &* 10 &+ (value >> 8)  // each even byte: two digits
        value = ((value & byteMask) &* hundredAndMillion &+ ((value >> 16) & byteMask) &* oneAndTenThousand) >> 32
        return value & 0xFFFF_FFFF
    }

    /// The `length` (3 to 8) bytes that end at `end`, when they are digits and one dot, not
    /// the last byte (`19.99`): their digits as one integer, and how many follow the dot; else
    /// nil. The dot is squeezed out of the word that ends there (the bytes before it move
    /// up one byte, over it), and the word's bytes before the text read as `0`s.
    @inline(__always)
    static func decimal(_ base: UnsafeRawPointer, end: Int, length: Int) -> (digits: UInt64, fractionDigits: Int)? {
        let below = (UInt64(1) &<< UInt64(truncatingIfNeeded: 64 - 8 * length)) &- 1
        let word = load(base, end - 8) & ~below | 0x3030_3030_3030_3030 & below
        // The first dot: the lowest zero byte of `word ^ "........"` (exact for the lowest one).
        let dots = word ^ 0x2E2E_2E2E_2E2E_2E2E
        let dotBits = (dots &- 0x0101_0101_0101_0101) & ~dots & 0x8080_8080_8080_8080
        let dotShift = UInt64(dotBits.trailingZeroBitCount) & ~7  // 8 × its byte; 64 without one
        guard dotShift < 56 else { return nil }
        let squeezed = (word & ((1 &<< dotShift) &- 1)) &<< 8 | (word &>> (dotShift + 8)) &<< (dotShift + 8) | 0x30
        return areDigits(squeezed) ? (value(squeezed), Int(truncatingIfNeeded: 7 - dotShift / 8)) : nil
    }

    /// The value of the `digits` (1 to 8) bytes that end at `end`, or nil unless all are
    /// digits: the word that ends there, its bytes before them read as `0`s.
    @inline(__always)
    static func leadingZeros(_ base: UnsafeRawPointer, end: Int, digits: Int) -> UInt64? {
        let below = (UInt64(1) << UInt64(truncatingIfNeeded: 64 - 8 * digits)) &- 1
        let word = load(base, end - 8) & ~below | 0x3030_3030_3030_3030 & below
        return areDigits(word) ? value(word) : nil
    }
}
