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
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The rule stated through `description`: what `append(_:to:)` writes without
    /// making a string wherever it can.
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

    /// Appends a finite `value` under the rule, without making a string unless it is
    /// subnormal, below about 1e-16, above about 1e38, or wider than a `Double`.
    @inline(__always)
    static func append<T: BinaryFloatingPoint & CustomStringConvertible>(_ value: T, to output: inout some JSONByteSink) {
        // `description` is positional up to 2^(significand bits + 1), exponential above; an
        // integral value in that range fits an `Int64` when the significand is at most 60 bits.
        let positionalLimit = T(sign: .plus, exponent: T.Exponent(T.significandBitCount + 1), significand: 1)
        if T.significandBitCount <= 60, value.magnitude <= positionalLimit, value == value.rounded(.towardZero),
            !(value == 0 && value.sign == .minus)
        {
            append(Int64(value), to: &output)
        } else if value == 0 {
            output.append(UInt8(ascii: "-"))
            output.append(UInt8(ascii: "0"))
        } else if let decimal = ShortestDecimal(value.magnitude) {
            append(decimal, negative: value < 0, exponential: value.magnitude > positionalLimit, to: &output)
        } else {
            var text = descriptionText(of: value)
            text.withUTF8 { output.append(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Writes `decimal` as `description` lays it out: positional from 10^-4 on (`123.45`,
    /// `0.0001`, `100`) unless `exponential`, else `d.ddde±XX` with at least two exponent digits.
    private static func append(_ decimal: ShortestDecimal, negative: Bool, exponential: Bool, to output: inout some JSONByteSink) {
        // Unsafe: at most 17 digits end at 40, with at most "-0.000" and a moved digit before them and "e-308" or 16 zeros after.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            guard let base = buffer.baseAddress else { return }
            // The digits end at 40: room before them for "-0.000" and a moved digit, after for "e-308" or zeros.
            let digitsEnd = base + 40
            let count = DecimalDigits.write(decimal.digits, before: digitsEnd)
            var start = digitsEnd - count
            var end = digitsEnd
            // The power of ten of the first digit.
            let scientific = count - 1 + decimal.exponent
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
