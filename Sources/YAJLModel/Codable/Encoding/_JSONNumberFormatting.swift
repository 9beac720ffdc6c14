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
    static func append<T: FixedWidthInteger>(_ value: T, to output: inout [UInt8]) {
        guard T.bitWidth <= 64 else {
            output.append(contentsOf: String(value).utf8)
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
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Appends a finite `value`. Whole numbers below 10^15 are written as integers, which
    /// is what `description` gives for them (less the `.0`), without making a string.
    @inline(__always)
    static func append<T: BinaryFloatingPoint & CustomStringConvertible>(_ value: T, to output: inout [UInt8]) {
        if value.magnitude < 1e15, value == value.rounded(.towardZero), !(value == 0 && value.sign == .minus) {
            append(Int64(value), to: &output)
        } else {
            output.append(contentsOf: text(of: value).utf8)
        }
    }
}
