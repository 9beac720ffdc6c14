/// Correctly rounded conversion of `significand × 10^exponent` (a significand below 10^19) to
/// `Double` or `Float` in a few dozen instructions: Clinger's fast path when both parts are
/// exact in the format, else the Eisel-Lemire algorithm (as in fast_float and Go's strconv),
/// which multiplies by a 128-bit approximation of the power of five. It gives up (nil) on the
/// rare inputs where that approximation cannot decide the rounding; callers then use an exact
/// conversion.
enum EiselLemire {
    /// What differs between `Double` and `Float`.
    struct Format {
        let explicitMantissaBits: Int
        let minimumExponent: Int
        let infinitePower: Int
        let smallestPowerOfTen: Int
        let largestPowerOfTen: Int
        /// Where a product may be exactly halfway between two values, which must round to even.
        let roundToEvenExponents: ClosedRange<Int>

        static let double = Format(
            explicitMantissaBits: 52, minimumExponent: -1023, infinitePower: 0x7FF,
            smallestPowerOfTen: -342, largestPowerOfTen: 308, roundToEvenExponents: -4...23)
        static let float = Format(
            explicitMantissaBits: 23, minimumExponent: -127, infinitePower: 0xFF,
            smallestPowerOfTen: -64, largestPowerOfTen: 38, roundToEvenExponents: -17...10)
    }

    /// Powers of ten that a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

    @inline(__always)
    static func double(_ number: DecimalSignificand) -> Double? {
        let w = number.significand
        let q = number.exponent
        // Clinger: an exact significand and an exact power of ten, one correctly rounded operation.
        if w <= 1 << 53, q >= -22, q <= 22 {
            let value = q < 0 ? Double(w) / exactPowersOfTen[-q] : Double(w) * exactPowersOfTen[q]
            return number.isNegative ? -value : value
        }
        guard let (mantissa, power) = binary(w, q, .double) else { return nil }
        let bits = UInt64(power) << 52 | mantissa | (number.isNegative ? 1 << 63 : 0)
        return Double(bitPattern: bits)
    }

    @inline(__always)
    static func float(_ number: DecimalSignificand) -> Float? {
        let w = number.significand
        let q = number.exponent
        if w <= 1 << 24, q >= -10, q <= 10 {
            let power = Float(exactPowersOfTen[abs(q)])  // 10^10 and below are exact in a Float
            let value = q < 0 ? Float(w) / power : Float(w) * power
            return number.isNegative ? -value : value
        }
        guard let (mantissa, power) = binary(w, q, .float) else { return nil }
        let bits = UInt32(power) << 23 | UInt32(mantissa) | (number.isNegative ? 1 << 31 : 0)
        return Float(bitPattern: bits)
    }

    /// The biased binary exponent and the mantissa (without its implicit bit) nearest to
    /// `w × 10^q`, or nil when the 128-bit product cannot tell. Out of line: Clinger's path,
    /// inlined above, takes the short numbers.
    @inline(never)
    static func binary(_ w: UInt64, _ q: Int, _ format: Format) -> (mantissa: UInt64, power: Int)? {
        if w == 0 || q < format.smallestPowerOfTen { return (0, 0) }
        if q > format.largestPowerOfTen { return (0, format.infinitePower) }
        let leadingZeros = w.leadingZeroBitCount
        let normalized = w << UInt64(leadingZeros)

        // The product with the power of five, to as many bits as the rounding needs.
        let index = 2 * (q - PowersOfFive.smallestExponent)
        // Unsafe: `q` is within -342...308 (checked above against the format's range), so `index + 1` is within the table.
        let (high, low) = PowersOfFive.table.withUnsafeBufferPointer { table in
            var first = normalized.multipliedFullWidth(by: table[index])
            let precisionMask = UInt64.max >> UInt64(format.explicitMantissaBits + 3)
            if first.high & precisionMask == precisionMask {
                let second = normalized.multipliedFullWidth(by: table[index + 1])
                let (sum, carry) = first.low.addingReportingOverflow(second.high)
                first.low = sum
                if carry { first.high &+= 1 }
            }
            return (first.high, first.low)
        }
        // Lemire's test: past these exponents the truncated power may hide a carry.
        if low == .max, q < -27 || q > 55 { return nil }

        let upperBit = Int(high >> 63)
        let shift = UInt64(upperBit + 64 - format.explicitMantissaBits - 3)
        var mantissa = high >> shift
        var power = PowersOfFive.floorLog2(ofPowerOfTen: q) + 63 + upperBit - leadingZeros - format.minimumExponent
        if power <= 0 {  // subnormal
            if -power + 1 >= 64 { return (0, 0) }
            mantissa >>= UInt64(-power + 1)
            mantissa += mantissa & 1
            mantissa >>= 1
            power = mantissa < 1 << UInt64(format.explicitMantissaBits) ? 0 : 1
            return (mantissa & ~(1 << UInt64(format.explicitMantissaBits)), power)
        }
        // Exactly halfway: round to even rather than up.
        if low <= 1, format.roundToEvenExponents.contains(q), mantissa & 3 == 1, mantissa << shift == high {
            mantissa &= ~1
        }
        mantissa += mantissa & 1
        mantissa >>= 1
        if mantissa >= 2 << UInt64(format.explicitMantissaBits) {
            mantissa = 1 << UInt64(format.explicitMantissaBits)
            power += 1
        }
        mantissa &= ~(1 << UInt64(format.explicitMantissaBits))
        if power >= format.infinitePower { return (0, format.infinitePower) }
        return (mantissa, power)
    }
}
