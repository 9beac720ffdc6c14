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
        var remaining = n
        var count = 0
        while remaining >= 100 {
            let pair = 2 * Int(truncatingIfNeeded: remaining % 100)
            remaining /= 100
            count += 2
            (end - count).pointee = table[pair]
            (end - count + 1).pointee = table[pair + 1]
        }
        if remaining >= 10 {
            let pair = 2 * Int(truncatingIfNeeded: remaining)
            count += 2
            (end - count).pointee = table[pair]
            (end - count + 1).pointee = table[pair + 1]
        } else {
            count += 1
            (end - count).pointee = UInt8(truncatingIfNeeded: remaining) &+ UInt8(ascii: "0")
        }
        return count
    }
}
