/// The shortest decimal that reads back as a given `Double` or `Float`, and of those the one
/// closest to it (the even one of two as close): the digits and exponent of Swift's
/// `description`, by Giulietti's Schubfach method, in a fixed number of integer operations.
///
/// A positive value `v = c × 2^q` reads back from every real in its rounding interval, which
/// reaches halfway to each neighbour and includes its ends when `c` is even (reading rounds
/// ties to even). Scaled by `10^-k`, with `k` chosen so that the interval is at least 1 and
/// less than 10 wide, the interval holds an integer and at most one multiple of ten:
/// - a multiple of ten in it is the answer, as every other number there has more digits;
/// - otherwise the integers in it all have as many digits, and the answer is the one closest
///   to the scaled value: `s = ⌊v × 10^-k⌋` or `s + 1`.
///
/// The scaled value and the interval's ends are computed times four (two fraction bits) and
/// rounded to odd: the integer part, with its lowest bit set when a nonzero fraction was
/// dropped. Compared with four times a candidate, a multiple of four, such a number orders
/// exactly as the real does, and equals it only when the real is exact, so closed ends and
/// ties are decided as the reals would decide them.
enum Schubfach {
    /// The shortest decimal `digits × 10^exponent` of `c × 2^q`, where `0 < c < 2^53` and
    /// `-1074 ≤ q ≤ 971` (every finite `Double` and `Float`). `evenlySpaced` is false only for
    /// a power of two above the smallest normal, whose lower neighbour is half as far as its
    /// upper. `digits` has no trailing zeros and at most 17 digits.
    @inline(__always)
    static func shortest(significand c: UInt64, exponent q: Int, evenlySpaced: Bool) -> (digits: UInt64, exponent: Int) {
        // The interval is 2^q wide, or 3/4 of that for an uneven one: either way between 1 and 10 once scaled.
        let k = evenlySpaced ? floorLog10(ofPowerOfTwo: q) : floorLog10(ofThreeQuartersOfPowerOfTwo: q)
        let scale = scaledPowerOfTen(-k)
        // `scale` is 10^-k × 2^(127 - ⌊log2 10^-k⌋); shifting by `h` (1...4) makes the product,
        // over 2^128, the real times 2^q × 10^-k.
        let h = q + PowersOfFive.floorLog2(ofPowerOfTen: -k) + 1
        // Every operand below is under 2^60, so wrapping arithmetic never wraps.
        let center = c << 2
        let value = roundToOdd(scale, center << h)
        let lower = roundToOdd(scale, (evenlySpaced ? center &- 2 : center &- 1) << h)
        let upper = roundToOdd(scale, (center &+ 2) << h)
        // An odd significand's interval excludes its ends: adding one makes `≤` strict.
        let open = c & 1

        let s = value >> 2
        let lowerTen = s / 10 * 10
        let upperTen = lowerTen &+ 10
        let lowerTenInside = lower &+ open <= lowerTen << 2
        let upperTenInside = (upperTen << 2) &+ open <= upper
        if lowerTenInside || upperTenInside {
            return removingTrailingZeros((lowerTenInside ? lowerTen : upperTen) / 10, k &+ 1)
        }
        let sInside = lower &+ open <= s << 2
        let nextInside = ((s &+ 1) << 2) &+ open <= upper
        if sInside != nextInside { return (sInside ? s : s &+ 1, k) }
        // Both inside: the closer to the value, of two as close the even one. `4s + 2` is the midpoint.
        let midpoint = (s << 2) &+ 2
        return (value < midpoint || (value == midpoint && s & 1 == 0) ? s : s &+ 1, k)
    }

    /// `⌊log10(2^q)⌋`, from `log10(2) ≈ 315653 / 2^20`; exact for `|q| ≤ 1200` (checked by the tests).
    @inline(__always)
    static func floorLog10(ofPowerOfTwo q: Int) -> Int {
        (q &* 315_653) >> 20
    }

    /// `⌊log10(3/4 × 2^q)⌋`, from `log10(3/4) ≈ -131008 / 2^20`; exact for `|q| ≤ 1200` (checked by the tests).
    @inline(__always)
    static func floorLog10(ofThreeQuartersOfPowerOfTwo q: Int) -> Int {
        (q &* 315_653 &- 131_008) >> 20
    }

    /// An upper bound of `10^e × 2^(127 - ⌊log2 10^e⌋)` (a number in `[2^127, 2^128)`) within two
    /// units: the table's 128 bits of `5^e` (which has the same significant bits as `10^e`),
    /// truncated or rounded up, plus one. `e` is within -292...324, where `k` falls for every
    /// `q` of `shortest`.
    @inline(__always)
    private static func scaledPowerOfTen(_ e: Int) -> (high: UInt64, low: UInt64) {
        let index = 2 &* (e &- PowersOfFive.smallestExponent)
        // Unsafe: `e` is within -292...324, inside the table's -342...324, so `index + 1` is within the table.
        let (high, low) = PowersOfFive.table.withUnsafeBufferPointer { ($0[index], $0[index &+ 1]) }
        // No entry is all ones (the generating script checks), so adding one never overflows.
        return low == .max ? (high &+ 1, 0) : (high, low &+ 1)
    }

    /// `⌊scale × cp / 2^128⌋`, with its lowest bit set when the fraction's top 64 bits are not
    /// all zero; `cp < 2^60`.
    ///
    /// `scale` exceeds the exact power by at most two units, so the product exceeds the exact one
    /// by less than 2^61, under 1/8 of the fraction's lowest kept bit: an exact integer keeps a
    /// zero fraction, and the integer part is exact unless the real lies within 2^-67 below an
    /// integer. Schubfach's analysis shows that this much precision suffices: its own bound of
    /// the power has 126 bits (four times the error of this one) and it tests 63 fraction
    /// bits, and it is exact for every `Double`, so every scaled real that is not an integer is
    /// at least 2^-64 away from one, which the top 64 fraction bits see. A `Float`'s product is
    /// smaller still; the tests check all of them.
    @inline(__always)
    private static func roundToOdd(_ scale: (high: UInt64, low: UInt64), _ cp: UInt64) -> UInt64 {
        let upper = scale.high.multipliedFullWidth(by: cp)
        let lower = scale.low.multipliedFullWidth(by: cp).high
        let (fraction, carry) = upper.low.addingReportingOverflow(lower)
        // The integer part is below 2^60: adding the carry cannot overflow.
        return (upper.high &+ (carry ? 1 : 0)) | (fraction == 0 ? 0 : 1)
    }

    /// `digits × 10^exponent` without trailing zeros, for `0 < digits < 10^16` (at most 15 zeros).
    @inline(__always)
    private static func removingTrailingZeros(_ digits: UInt64, _ exponent: Int) -> (digits: UInt64, exponent: Int) {
        var digits = digits
        var exponent = exponent
        @inline(__always) func remove(_ zeros: Int, dividingBy power: UInt64) {
            if digits % power == 0 {
                digits /= power
                exponent += zeros
            }
        }
        // Eight, four, two and one at a time: up to 15 in all.
        remove(8, dividingBy: 100_000_000)
        remove(4, dividingBy: 10_000)
        remove(2, dividingBy: 100)
        remove(1, dividingBy: 10)
        return (digits, exponent)
    }
}

extension PowersOfFive {
    /// `⌊log2(10^e)⌋`, from `log2(10) ≈ 217706 / 2^16`; exact for `|e| ≤ 642` (checked by the
    /// tests; 643 is the first it gets wrong), past the table's -342...324.
    @inline(__always)
    static func floorLog2(ofPowerOfTen e: Int) -> Int {
        (e &* 217_706) >> 16
    }
}
