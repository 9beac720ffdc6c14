/// A JSON number's text as `significand × 10^exponent` with a significand of at most 19
/// digits, read in one pass with no allocation: the input of the fast conversions to
/// binary floating point (`EiselLemire`).
struct DecimalSignificand {
    let isNegative: Bool
    /// The digits, without the dot; below 10^19, so exact in 64 bits.
    let significand: UInt64
    /// The power of ten; saturated far beyond any `Double` (|exponent| ≤ about 10^6).
    let exponent: Int

    /// Reads a decimal of at most eight bytes after its sign, with one dot and no exponent
    /// (`19.99`, `-0.5`), the text `input[start ..< start + count]`, as one word
    /// (`EightDigits.decimal`). `input` must be readable from its start to the text's end;
    /// nil for other text, and for text that ends within eight bytes of the start.
    @inline(__always)
    init?(shortDecimalIn input: UnsafeRawPointer, start: Int, count: Int) {
        // Longer text (canada.json's coordinates) leaves at the first test.
        // Unsafe: `start + count >= 8` keeps the word load that ends at the text's end from starting before `input`.
        guard count <= 9, count >= 3, start + count >= 8 else { return nil }
        let negative = input.load(fromByteOffset: start, as: UInt8.self) == UInt8(ascii: "-")
        let length = negative ? count - 1 : count
        guard length >= 3, length <= 8, let (digits, fractionDigits) = EightDigits.decimal(input, end: start + count, length: length) else {
            return nil
        }
        (isNegative, significand, exponent) = (negative, digits, -fractionDigits)
    }

    /// Reads `-?digits(.digits)?([eE][+-]?digits)?` (either side of the dot may be empty, not
    /// both); nil for more than 19 significant digits (which the exact path converts) or for
    /// other text.
    @inline(__always)
    init?(_ text: UnsafeRawBufferPointer) {
        guard let base = text.baseAddress, !text.isEmpty else { return nil }
        let count = text.count
        var index = 0
        isNegative = base.load(as: UInt8.self) == UInt8(ascii: "-")
        if isNegative { index = 1 }
        let digitsStart = index

        // Leading zeros are not significant; past the first other digit, every digit is.
        index = Self.skipZeros(base, index, count)
        var significand: UInt64 = 0
        let integerStart = index
        index = Self.readDigits(base, index, count, into: &significand)
        var significantDigits = index - integerStart
        var fractionDigits = 0
        if index < count, base.load(fromByteOffset: index, as: UInt8.self) == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            if significantDigits == 0 { index = Self.skipZeros(base, index, count) }
            let significantStart = index
            index = Self.readDigits(base, index, count, into: &significand)
            significantDigits += index - significantStart
            fractionDigits = index - fractionStart
            guard index - digitsStart > 1 else { return nil }  // a lone dot
        } else {
            guard index > digitsStart else { return nil }  // no digit
        }
        guard significantDigits <= 19 else { return nil }

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

    /// The index of the first byte from `index` on that is not `0`.
    @inline(__always)
    private static func skipZeros(_ base: UnsafeRawPointer, _ index: Int, _ count: Int) -> Int {
        var index = index
        while index < count, base.load(fromByteOffset: index, as: UInt8.self) == UInt8(ascii: "0") { index += 1 }
        return index
    }

    /// Appends the digits from `index` on to `significand` (wrapping past 19 digits, which
    /// the caller rejects) and returns the index after them: eight at a time while eight
    /// bytes remain, then one at a time.
    @inline(__always)
    private static func readDigits(_ base: UnsafeRawPointer, _ index: Int, _ count: Int, into significand: inout UInt64) -> Int {
        var index = index
        // Unsafe: a word is loaded only while 8 bytes remain before `count`.
        while count - index >= 8 {
            let chunk = EightDigits.load(base, index)
            guard EightDigits.areDigits(chunk) else { break }
            significand = significand &* 100_000_000 &+ EightDigits.value(chunk)
            index += 8
        }
        while index < count {
            let digit = base.load(fromByteOffset: index, as: UInt8.self) &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            significand = significand &* 10 &+ UInt64(digit)
            index += 1
        }
        return index
    }
}
