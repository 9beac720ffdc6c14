/// Decimal digits written two at a time, from a table of the hundred pairs "00" to "99".
enum DecimalDigits {
    private static var pairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// Writes the digits of `n` to end just before `end`, and returns how many there are.
    ///
    /// It returns a count rather than the start pointer: with a returned pointer, Swift 6.3's
    /// optimizer forwarded a caller's earlier store past these writes and read stale bytes.
    // Unsafe: the caller has room for 20 digits (`UInt64.max`'s) before `end`.
    @inline(__always)
    static func write(_ n: UInt64, before end: UnsafeMutablePointer<UInt8>) -> Int {
        let table = pairs.utf8Start
        var count = 0
        // Eight digits at a time while more than eight remain, each block in 32-bit arithmetic:
        // four pairs from two halves, rather than four dependent 64-bit divisions.
        var rest = n
        while rest >= 100_000_000 {
            let block = UInt32(truncatingIfNeeded: rest % 100_000_000)
            rest /= 100_000_000
            let (high, low) = (block / 10_000, block % 10_000)
            count += 8
            writePair(high / 100, at: end - count, table)
            writePair(high % 100, at: end - count + 2, table)
            writePair(low / 100, at: end - count + 4, table)
            writePair(low % 100, at: end - count + 6, table)
        }
        while rest >= 100 {
            count += 2
            writePair(UInt32(truncatingIfNeeded: rest % 100), at: end - count, table)
            rest /= 100
        }
        if rest >= 10 {
            count += 2
            writePair(UInt32(truncatingIfNeeded: rest), at: end - count, table)
        } else {
            count += 1
            (end - count).pointee = UInt8(truncatingIfNeeded: rest) &+ UInt8(ascii: "0")
        }
        return count
    }

    /// Writes the two digits of `pair` (below 100) at `place` and the byte after it.
    // Unsafe: `table` is `pairs`' 200 bytes, indexed below 200; `place` and `place + 1` are within the caller's room.
    @inline(__always)
    private static func writePair(_ pair: UInt32, at place: UnsafeMutablePointer<UInt8>, _ table: UnsafePointer<UInt8>) {
        let index = 2 &* Int(truncatingIfNeeded: pair)
        place.pointee = table[index]
        (place + 1).pointee = table[index &+ 1]
    }
}
