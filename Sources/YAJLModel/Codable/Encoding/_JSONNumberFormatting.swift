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

    /// Appends a finite `value`. Whole numbers below 10^15, and `Double`s that a few decimals
    /// give exactly back (`19.99`), are written without making a string, with the digits
    /// `description` gives them.
    @inline(__always)
    static func append<T: BinaryFloatingPoint & CustomStringConvertible>(_ value: T, to output: inout some _JSONByteSink) {
        if value.magnitude < 1e15, value == value.rounded(.towardZero), !(value == 0 && value.sign == .minus) {
            append(Int64(value), to: &output)
        } else if T.self == Double.self, appendShortDecimal(unsafeBitCast(value, to: Double.self), to: &output) {
            return
        } else {
            var text = text(of: value)
            text.withUTF8 { output.append(UnsafeRawBufferPointer($0)) }
        }
    }

    private static let powersOfTen: [Double] = (0...8).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

    /// Writes `value` (not a whole number) as `digits × 10^-k` for the smallest `k ≤ 8` whose
    /// `digits` give `value` back, which is the shortest round-trip text `description`
    /// writes for numbers between 10^-4 and 10^15. Returns false, writing nothing, otherwise.
    private static func appendShortDecimal(_ value: Double, to output: inout some _JSONByteSink) -> Bool {
        let magnitude = value.magnitude
        guard magnitude >= 1e-4, magnitude < 1e15 else { return false }
        for fractionDigits in 1...8 {
            let power = powersOfTen[fractionDigits]
            let nearest = (magnitude * power).rounded()
            guard nearest < 9_007_199_254_740_992 else { return false }
            // The product may round to the wrong side of .5; a neighbour then gives the value back.
            for digits in [nearest, nearest - 1, nearest + 1] where digits > 0 && digits / power == magnitude {
                if value < 0 { output.append(UInt8(ascii: "-")) }
                appendFixedPoint(UInt64(digits), fractionDigits: fractionDigits, to: &output)
                return true
            }
        }
        return false
    }

    /// Writes `digits` with a decimal point `fractionDigits` from the right (`1999`, 2 → `19.99`; `15`, 5 → `0.00015`).
    private static func appendFixedPoint(_ digits: UInt64, fractionDigits: Int, to output: inout some _JSONByteSink) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var end = 32
            var remaining = digits
            var written = 0
            while remaining > 0 || written <= fractionDigits {
                if written == fractionDigits {
                    end -= 1
                    buffer[end] = UInt8(ascii: ".")
                }
                end -= 1
                buffer[end] = UInt8(truncatingIfNeeded: remaining % 10) &+ UInt8(ascii: "0")
                remaining /= 10
                written += 1
            }
            output.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[end...])))
        }
    }
}
