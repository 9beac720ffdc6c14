/// Numbers as `JSONEncoder` writes them: integers in decimal, floating-point values as their
/// shortest round-trip `description` without a trailing `.0` (`1`, `0.1`, `1e+20`, `-0`),
/// which Swift produces the same way in every locale.
enum _JSONNumberFormatting {
    static func text<T: BinaryFloatingPoint & CustomStringConvertible>(of value: T) -> String {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// Appends the decimal digits of `value`.
    @inline(__always)
    static func append<T: FixedWidthInteger>(_ value: T, to output: inout some _JSONByteSink) {
        guard T.bitWidth <= 64 else {
            var text = String(value)
            text.withUTF8 { output.append(UnsafeRawBufferPointer($0)) }
            return
        }
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = UInt64(truncatingIfNeeded: value.magnitude)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0")
                magnitude /= 10
            } while magnitude > 0
            output.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: digits[start...])))
        }
    }

    /// Appends a finite `value` as `description` writes it, without a trailing `.0`, and
    /// without making a string unless it is subnormal, below about 1e-16 or above about 1e38.
    @inline(__always)
    static func append<T: BinaryFloatingPoint & CustomStringConvertible>(_ value: T, to output: inout some _JSONByteSink) {
        // `description` is positional up to 2^(significand bits + 1), exponential above.
        let positionalLimit = T(sign: .plus, exponent: T.Exponent(T.significandBitCount + 1), significand: 1)
        if value.magnitude <= positionalLimit, value == value.rounded(.towardZero), !(value == 0 && value.sign == .minus) {
            append(Int64(value), to: &output)
        } else if value == 0 {
            output.append(UInt8(ascii: "-"))
            output.append(UInt8(ascii: "0"))
        } else if let decimal = _ShortestDecimal(value.magnitude) {
            if value < 0 { output.append(UInt8(ascii: "-")) }
            append(decimal, exponentialAbove: value.magnitude > positionalLimit, to: &output)
        } else {
            var text = text(of: value)
            text.withUTF8 { output.append(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Writes `decimal` as `description` lays it out: positional (`123.45`, `0.0001`, `100`)
    /// from 10^-4 on, unless `exponential`; else `d.ddde±XX`, with at least two exponent digits.
    private static func append(_ decimal: _ShortestDecimal, exponentialAbove exponential: Bool, to output: inout some _JSONByteSink) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { text in
            // The digits, right-aligned in the first 20 bytes.
            var remaining = decimal.digits
            var start = 20
            repeat {
                start -= 1
                text[start] = UInt8(truncatingIfNeeded: remaining % 10) &+ UInt8(ascii: "0")
                remaining /= 10
            } while remaining > 0
            let count = 20 - start
            // The power of ten of the first digit.
            let scientific = count - 1 + decimal.exponent
            var end = 20
            func put(_ byte: UInt8) {
                text[end] = byte
                end += 1
            }
            func putDigits(_ range: Range<Int>) {
                for index in range { put(text[start + index]) }
            }
            if exponential || scientific < -4 {
                putDigits(0..<1)
                if count > 1 {
                    put(UInt8(ascii: "."))
                    putDigits(1..<count)
                }
                put(UInt8(ascii: "e"))
                put(scientific < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                let magnitude = scientific.magnitude
                if magnitude >= 100 { put(UInt8(truncatingIfNeeded: magnitude / 100) &+ UInt8(ascii: "0")) }
                put(UInt8(truncatingIfNeeded: magnitude / 10 % 10) &+ UInt8(ascii: "0"))
                put(UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0"))
            } else if scientific < 0 {
                put(UInt8(ascii: "0"))
                put(UInt8(ascii: "."))
                for _ in 0..<(-scientific - 1) { put(UInt8(ascii: "0")) }
                putDigits(0..<count)
            } else if count > scientific + 1 {
                putDigits(0..<(scientific + 1))
                put(UInt8(ascii: "."))
                putDigits((scientific + 1)..<count)
            } else {
                putDigits(0..<count)
                for _ in 0..<(scientific + 1 - count) { put(UInt8(ascii: "0")) }
            }
            output.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: text[20..<end])))
        }
    }
}
