/// How YAJLModel writes numbers: integers in decimal, and binary floating-point values by one
/// rule, shared by ``JSONNumber`` (and so ``JSON``, models and edited documents) and
/// ``YAJLEncoder``.
///
/// The rule: a finite value is written as the shortest decimal that reads back as the same
/// value (Swift's `description`), without a trailing `.0`: `1.0` is written `1`, `0.1` as
/// `0.1`, `1e20` as `1e+20`, `-0.0` as `-0`. This is what Foundation's `JSONEncoder` writes, and
/// Swift produces it the same way in every locale. Dropping `.0` loses nothing: every reader
/// turns `1` back into the same `Double`, and a JSON number has no separate integer type.
enum JSONNumberFormatting {
    /// The text of a finite `value` under the rule.
    static func text<T: BinaryFloatingPoint & CustomStringConvertible>(of value: T) -> String {
        guard T.self == Double.self || T.self == Float.self else { return descriptionText(of: value) }
        // Unsafe: `append` writes at most 24 bytes for a `Double` or `Float` (see `appendDecimal`), within the 32 given.
        return String(unsafeUninitializedCapacity: 32) { buffer in
            var sink = BoundedByteSink(buffer)
            append(value, to: &sink)
            return sink.count
        }
    }

    /// The rule stated through `description`: what `append(_:to:)` writes without making a
    /// string for a `Double` or `Float`.
    static func descriptionText<T: BinaryFloatingPoint & CustomStringConvertible>(of value: T) -> String {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// Appends the decimal digits of `value`.
    @inline(__always)
    static func append<T: FixedWidthInteger>(_ value: T, to output: inout some JSONByteSink) {
        guard T.bitWidth <= 64 else {
            var text = String(value)
            text.withUTF8 { output.append(UnsafeRawBufferPointer($0)) }
            return
        }
        // Unsafe: the text, written backwards from `end`, is at most 20 bytes (`UInt64.max`'s digits, or 19 and a sign).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { text in
            guard let end = text.baseAddress.map({ $0 + 24 }) else { return }
            var start = end - DecimalDigits.write(UInt64(truncatingIfNeeded: value.magnitude), before: end)
            if value < 0 {
                start -= 1
                start.pointee = UInt8(ascii: "-")
            }
            output.append(UnsafeRawBufferPointer(start: start, count: end - start))
        }
    }

    /// Appends a finite `value` under the rule: `Double` and `Float` without making a string,
    /// wider or narrower types through `description`. Specialized for a concrete type, only
    /// that type's branch remains.
    @inline(__always)
    static func append<T: BinaryFloatingPoint & CustomStringConvertible>(_ value: T, to output: inout some JSONByteSink) {
        if T.self == Double.self {
            append(_identityCast(value, to: Double.self), to: &output)
        } else if T.self == Float.self {
            append(_identityCast(value, to: Float.self), to: &output)
        } else {
            var text = descriptionText(of: value)
            text.withUTF8 { output.append(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Appends a finite `value` under the rule (infinities and NaN as `description` writes them).
    @inline(__always)
    static func append(_ value: Double, to output: inout some JSONByteSink) {
        appendBinary(value, positionalLimit: 0x1p53, to: &output)
    }

    /// Appends a finite `value` under the rule, with the shortest digits that read back as the
    /// same `Float` (infinities and NaN as `description` writes them).
    @inline(__always)
    static func append(_ value: Float, to output: inout some JSONByteSink) {
        appendBinary(value, positionalLimit: 0x1p24, to: &output)
    }

    /// `description` is positional up to `positionalLimit`, 2^(significand bits + 1), and
    /// exponential above. Called with `Double` and `Float` only, each inlined into its own
    /// `append`: the format's constants fold.
    @inline(__always)
    private static func appendBinary<T: BinaryFloatingPoint & CustomStringConvertible>(
        _ value: T, positionalLimit: T, to output: inout some JSONByteSink
    ) {
        let magnitude = value.magnitude
        // An integral value in the positional range is its integer's digits, which `Int64` holds.
        if magnitude <= positionalLimit, value == value.rounded(.towardZero), !(value == 0 && value.sign == .minus) {
            append(Int64(value), to: &output)
        } else if value == 0 {
            output.append(UInt8(ascii: "-"))
            output.append(UInt8(ascii: "0"))
        } else if !value.isFinite {
            var text = descriptionText(of: value)
            text.withUTF8 { output.append(UnsafeRawBufferPointer($0)) }
        } else {
            let fraction = UInt64(truncatingIfNeeded: value.significandBitPattern)
            let biasedExponent = Int(truncatingIfNeeded: value.exponentBitPattern)
            let bias = (1 << (T.exponentBitCount - 1)) - 1 + T.significandBitCount
            // A subnormal has the smallest normal's exponent and no implicit bit.
            let decimal = biasedExponent == 0
                ? Schubfach.shortest(significand: fraction, exponent: 1 - bias, evenlySpaced: true)
                : Schubfach.shortest(
                    significand: fraction | 1 << UInt64(T.significandBitCount), exponent: biasedExponent - bias,
                    evenlySpaced: fraction != 0 || biasedExponent == 1)
            appendDecimal(decimal.digits, decimal.exponent, negative: value < 0, exponential: magnitude > positionalLimit, to: &output)
        }
    }

    /// Writes `digits × 10^exponent` as `description` lays it out: positional from 10^-4 on
    /// (`123.45`, `0.0001`, `100`) unless `exponential`, else `d.ddde±XX` with at least two
    /// exponent digits. At most 24 bytes for up to 17 digits: `-0.0000` and the digits, or a
    /// sign, the digits, a point and `e-308`.
    @inline(__always)
    private static func appendDecimal(
        _ digits: UInt64, _ exponent: Int, negative: Bool, exponential: Bool, to output: inout some JSONByteSink
    ) {
        // Unsafe: at most 17 digits end at 40, with at most "-0.000" and a moved digit before them and "e-308" or 16 zeros after.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            guard let base = buffer.baseAddress else { return }
            // The digits end at 40: room before them for "-0.000" and a moved digit, after for "e-308" or zeros.
            let digitsEnd = base + 40
            let count = DecimalDigits.write(digits, before: digitsEnd)
            var start = digitsEnd - count
            var end = digitsEnd
            // The power of ten of the first digit.
            let scientific = count - 1 + exponent
            if exponential || scientific < -4 {
                if count > 1 {
                    // "d.ddd": the first digit moves left, the point takes its place.
                    (start - 1).pointee = start.pointee
                    start.pointee = UInt8(ascii: ".")
                    start -= 1
                }
                end.pointee = UInt8(ascii: "e")
                (end + 1).pointee = scientific < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
                end += 2
                let magnitude = Int(scientific.magnitude)  // below 400
                if magnitude >= 100 {
                    end.pointee = UInt8(truncatingIfNeeded: magnitude / 100) &+ UInt8(ascii: "0")
                    end += 1
                }
                end.pointee = UInt8(truncatingIfNeeded: magnitude / 10 % 10) &+ UInt8(ascii: "0")
                (end + 1).pointee = UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0")
                end += 2
            } else if scientific < 0 {
                // "0.000ddd"
                for _ in 0..<(-scientific - 1) {
                    start -= 1
                    start.pointee = UInt8(ascii: "0")
                }
                start -= 2
                start.pointee = UInt8(ascii: "0")
                (start + 1).pointee = UInt8(ascii: ".")
            } else if count > scientific + 1 {
                // "ddd.ddd": the integer digits move left, the point takes the place of the last.
                for index in 0...scientific { (start + index - 1).pointee = (start + index).pointee }
                (start + scientific).pointee = UInt8(ascii: ".")
                start -= 1
            } else {
                // "ddd000": a whole shortest decimal of a value that is not whole (kept for completeness).
                for _ in 0..<(scientific + 1 - count) {
                    end.pointee = UInt8(ascii: "0")
                    end += 1
                }
            }
            if negative {
                start -= 1
                start.pointee = UInt8(ascii: "-")
            }
            output.append(UnsafeRawBufferPointer(start: start, count: end - start))
        }
    }
}

/// Bytes written into a buffer of fixed size, for `JSONNumberFormatting.text(of:)`; bytes past
/// its end are dropped (the caller sizes it for the longest text), so nothing traps.
private struct BoundedByteSink: JSONByteSink {
    // Unsafe: `buffer` is writable for the sink's whole life (the closure that makes the string); `count` bytes are written.
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    mutating func append(_ byte: UInt8) {
        guard count < buffer.count else { return }
        buffer[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes { append(byte) }
    }
}
