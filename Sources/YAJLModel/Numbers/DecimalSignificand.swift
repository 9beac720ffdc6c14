/// A JSON number's text as `significand × 10^exponent` with a significand of at most 19
/// digits, read in one pass with no allocation: the input of the fast conversions to
/// binary floating point (`EiselLemire`).
struct DecimalSignificand {
    let isNegative: Bool
    /// The digits, without the dot; below 10^19, so exact in 64 bits.
    let significand: UInt64
    /// The power of ten; saturated far beyond any `Double` (|exponent| ≤ about 10^6).
    let exponent: Int

    /// Reads `-?digits(.digits)?([eE][+-]?digits)?`; nil for more than 19 significant digits
    /// (which the exact path converts) or for other text.
    @inline(__always)
    init?(_ text: UnsafeRawBufferPointer) {
        guard let base = text.baseAddress, !text.isEmpty else { return nil }
        let count = text.count
        var index = 0
        isNegative = base.load(as: UInt8.self) == UInt8(ascii: "-")
        if isNegative { index = 1 }
        var significand: UInt64 = 0
        var significantDigits = 0  // counted from the first digit that is not zero
        var fractionDigits = 0
        var sawDot = false
        var sawDigit = false
        while index < count {
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                significand = significand &* 10 &+ UInt64(digit)
                if significantDigits > 0 || digit != 0 { significantDigits += 1 }
                if sawDot { fractionDigits += 1 }
                sawDigit = true
            } else if byte == UInt8(ascii: "."), !sawDot {
                sawDot = true
            } else {
                break
            }
            index += 1
        }
        guard sawDigit, significantDigits <= 19 else { return nil }
        var exponent = 0
        if index < count {
            guard base.load(fromByteOffset: index, as: UInt8.self) | 0x20 == UInt8(ascii: "e") else { return nil }
            index += 1
            var negativeExponent = false
            if index < count {
                let sign = base.load(fromByteOffset: index, as: UInt8.self)
                if sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                    negativeExponent = sign == UInt8(ascii: "-")
                    index += 1
                }
            }
            guard index < count else { return nil }
            while index < count {
                let digit = base.load(fromByteOffset: index, as: UInt8.self) &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(digit) }
                index += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        self.significand = significand
        self.exponent = exponent - fractionDigits
    }
}
