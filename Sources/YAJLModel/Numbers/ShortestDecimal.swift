/// The shortest decimal that reads back as a given binary floating-point value, and of
/// those the closest to it: the digits of Swift's `description`, found without a `String`.
///
/// The value `v = c × 2^q` reads back from any decimal inside its rounding interval, the
/// reals halfway to its neighbours (the ends included when `c` is even, as reading rounds
/// ties to even). Scaled by `10^p`, with `p` chosen so that the interval is between 1 and
/// 10 wide, the interval holds at most one multiple of 10; if it holds one, that is the
/// shortest decimal, since every other number in it is longer. Otherwise the integers in it
/// all have the same length, and the one closest to the value is the answer. A power of two
/// has a narrower interval below it, which may hold no integer; then the next `p` does.
///
/// The scaled interval is computed exactly, in 128-bit integers: `p` up to 31 for `Double`
/// and large values up to `2^74`. Outside that range (below about `1e-16`, above about `1e38`,
/// or subnormal) there is no result, and callers use `description`.
struct ShortestDecimal {
    /// The significant digits, without trailing zeros.
    let digits: UInt64
    /// The value is `digits × 10^exponent`.
    let exponent: Int

    /// The shortest decimal of a positive, finite `value`, or nil outside the exact range.
    init?<T: BinaryFloatingPoint>(_ value: T) {
        let fraction = UInt64(truncatingIfNeeded: value.significandBitPattern)
        let biasedExponent = Int(truncatingIfNeeded: value.exponentBitPattern)
        guard value > 0, value.isFinite, biasedExponent > 0, T.significandBitCount <= 60 else { return nil }
        let significand = fraction | (1 << UInt64(T.significandBitCount))
        let q = biasedExponent - ((1 << (T.exponentBitCount - 1)) - 1) - T.significandBitCount
        // A power of two (not the smallest normal) is twice as close to its lower neighbour.
        let lowerGap: UInt64 = fraction == 0 && biasedExponent > 1 ? 1 : 2
        let p = -Self.floorLog10OfPowerOfTwo(q)
        for p in p...(p + 1) {
            guard let interval = ScaledInterval(significand: significand, q: q, lowerGap: lowerGap, scale: p) else {
                return nil
            }
            if let (digits, trailingZeros) = interval.shortestInteger() {
                self.digits = digits
                exponent = trailingZeros - p
                return
            }
        }
        return nil
    }

    /// `floor(log10(2^q))`, from `log10(2) ≈ 315653 / 2^20`; checked for `|q| ≤ 1100`, past every `Double` exponent.
    static func floorLog10OfPowerOfTwo(_ q: Int) -> Int {
        (q * 315_653) >> 20
    }
}

/// A value's rounding interval multiplied by `10^scale`: the lower end, the value, the upper end.
private struct ScaledInterval {
    let lower: ScaledNumber
    let value: ScaledNumber
    let upper: ScaledNumber
    /// Whether the ends read back as the value (its significand is even).
    let closed: Bool

    /// `(4c - lowerGap, 4c, 4c + 2) × 2^(q-2) × 10^scale`; nil when that does not fit 128 bits.
    @inline(__always)
    init?(significand c: UInt64, q: Int, lowerGap: UInt64, scale: Int) {
        closed = c & 1 == 0
        // The ends are `center - lowerGap × step` and `center + 2 × step`, over 2^bits or a divisor.
        var center: UInt128, step: UInt128
        var bits = 0
        if scale >= 0 {
            // × 5^scale × 2^(q - 2 + scale)
            guard scale < Powers.ofFive.count else { return nil }
            step = Powers.ofFive[scale]
            let (upperEnd, overflow) = UInt128(c << 2 + 2).multipliedReportingOverflow(by: step)
            guard !overflow else { return nil }
            center = upperEnd - 2 * step
            let shift = q - 2 + scale
            if shift >= 0 {
                guard shift < upperEnd.leadingZeroBitCount else { return nil }
                (center, step) = (center << shift, step << shift)
            } else {
                guard shift > -128 else { return nil }
                bits = -shift
            }
        } else {
            // × 2^(q - 2) / 10^-scale, where q - 2 > 0 (the value is above 10).
            let shift = q - 2
            guard -scale < Powers.ofTen.count, shift >= 0, shift < UInt128(c << 2 + 2).leadingZeroBitCount else {
                return nil
            }
            (center, step) = (UInt128(c << 2) << shift, UInt128(1) << shift)
            let divisor = Powers.ofTen[-scale]
            guard let lower = ScaledNumber(center - UInt128(lowerGap) * step, dividedBy: divisor),
                  let value = ScaledNumber(center, dividedBy: divisor),
                  let upper = ScaledNumber(center + 2 * step, dividedBy: divisor)
            else { return nil }
            (self.lower, self.value, self.upper) = (lower, value, upper)
            return
        }
        guard let lower = ScaledNumber(center - UInt128(lowerGap) * step, shiftedRightBy: bits),
              let value = ScaledNumber(center, shiftedRightBy: bits),
              let upper = ScaledNumber(center + 2 * step, shiftedRightBy: bits)
        else { return nil }
        (self.lower, self.value, self.upper) = (lower, value, upper)
    }

    @inline(__always)
    private func contains(_ n: UInt64) -> Bool {
        let aboveLower = n > lower.integer || (n == lower.integer && lower.fraction == .zero && closed)
        let belowUpper = n < upper.integer || (n == upper.integer && (closed || upper.fraction != .zero))
        return aboveLower && belowUpper
    }

    /// The shortest integer in the interval, closest to the value (the even one of two as
    /// close), as its digits without trailing zeros and the number of zeros removed; nil if
    /// the interval holds no integer.
    @inline(__always)
    func shortestInteger() -> (digits: UInt64, trailingZeros: Int)? {
        let floor = value.integer
        let multipleOfTen = floor - floor % 10
        var chosen: UInt64
        if contains(multipleOfTen) {
            chosen = multipleOfTen
        } else if contains(multipleOfTen + 10) {
            chosen = multipleOfTen + 10
        } else {
            switch (contains(floor), contains(floor + 1)) {
            case (true, true):
                switch value.fraction {
                case .zero, .belowHalf: chosen = floor
                case .aboveHalf: chosen = floor + 1
                case .half: chosen = floor & 1 == 0 ? floor : floor + 1
                }
            case (true, false): chosen = floor
            case (false, true): chosen = floor + 1
            case (false, false): return nil
            }
        }
        // Remove trailing zeros eight, four, two and one at a time: a decimal like 19.99 has a dozen.
        var trailingZeros = 0
        while chosen % 100_000_000 == 0 && chosen != 0 {
            chosen /= 100_000_000
            trailingZeros += 8
        }
        if chosen % 10_000 == 0 {
            chosen /= 10_000
            trailingZeros += 4
        }
        if chosen % 100 == 0 {
            chosen /= 100
            trailingZeros += 2
        }
        if chosen % 10 == 0 {
            chosen /= 10
            trailingZeros += 1
        }
        return (chosen, trailingZeros)
    }
}

/// A non-negative rational as its integer part and where its fraction lies.
private struct ScaledNumber {
    enum Fraction { case zero, belowHalf, half, aboveHalf }

    let integer: UInt64
    let fraction: Fraction

    /// `x / 2^bits` (`bits` below 128); nil if the integer part reaches 2^62.
    @inline(__always)
    init?(_ x: UInt128, shiftedRightBy bits: Int) {
        let quotient = x >> bits
        guard quotient < 1 << 62 else { return nil }
        integer = UInt64(truncatingIfNeeded: quotient)
        guard bits > 0 else {
            fraction = .zero
            return
        }
        let remainder = x & ((1 << bits) - 1)
        let half = UInt128(1) << (bits - 1)
        fraction = remainder == 0 ? .zero : remainder < half ? .belowHalf : remainder == half ? .half : .aboveHalf
    }

    /// `x / divisor`, for an even divisor; nil if the integer part reaches 2^62.
    init?(_ x: UInt128, dividedBy divisor: UInt128) {
        let (quotient, remainder) = x.quotientAndRemainder(dividingBy: divisor)
        guard quotient < 1 << 62 else { return nil }
        integer = UInt64(truncatingIfNeeded: quotient)
        let half = divisor >> 1
        fraction = remainder == 0 ? .zero : remainder < half ? .belowHalf : remainder == half ? .half : .aboveHalf
    }
}

/// Powers of five and ten that fit in 128 bits.
private enum Powers {
    static let ofFive: [UInt128] = (0...55).map { power(5, $0) }
    static let ofTen: [UInt128] = (0...38).map { power(10, $0) }

    private static func power(_ base: UInt128, _ exponent: Int) -> UInt128 {
        (0..<exponent).reduce(1) { result, _ in result * base }
    }
}
