import Foundation

/// A JSON number read exactly from its text.
///
/// The text is taken apart into a sign, its significant digits (without leading
/// or trailing zeros) and a power of ten, so that the value is
/// `digits × 10^exponent`. Conversions work from those parts: integers are
/// exact at any length, `Double` is correctly rounded and independent of the
/// locale, and two numbers compare by value however they are written
/// (`1`, `1.0`, `10e-1`).
///
/// The text must be a valid JSON number, as every number node's text is.
struct JSONNumberText {
    let text: UnsafeRawBufferPointer
    let isNegative: Bool
    /// The significant digits are the digit bytes of `text[digitsStart..<digitsEnd]`,
    /// skipping a '.' if one falls inside. Empty for zero.
    let digitsStart: Int
    let digitsEnd: Int
    let digitCount: Int
    /// The power of ten that scales the digits, clamped to ±2^60 for absurd exponents.
    let exponent: Int

    init(_ text: UnsafeRawBufferPointer) {
        self.text = text
        let end = text.count
        var i = 0
        isNegative = end > 0 && text[0] == UInt8(ascii: "-")
        if isNegative { i = 1 }

        // Mantissa: digits with at most one '.'.
        let mantissaStart = i
        var dot = -1
        while i < end, text[i] == UInt8(ascii: ".") || (text[i] >= UInt8(ascii: "0") && text[i] <= UInt8(ascii: "9")) {
            if text[i] == UInt8(ascii: ".") { dot = i }
            i += 1
        }
        let mantissaEnd = i
        let fractionDigits = dot >= 0 ? mantissaEnd - dot - 1 : 0

        // Exponent, saturating so that a thousand-digit exponent cannot overflow.
        var exponent = 0
        if i < end {  // 'e' or 'E'
            i += 1
            var negativeExponent = false
            if i < end, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                negativeExponent = text[i] == UInt8(ascii: "-")
                i += 1
            }
            while i < end {
                let digit = Int(text[i] &- UInt8(ascii: "0"))
                exponent = exponent >= 1 << 56 ? 1 << 60 : exponent * 10 + digit
                i += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        exponent -= fractionDigits

        // Leading zeros do not change the value. Each trailing zero dropped from the
        // digit string (on either side of the dot) multiplies what is left by ten.
        var start = mantissaStart
        while start < mantissaEnd, text[start] == UInt8(ascii: "0") || text[start] == UInt8(ascii: ".") { start += 1 }
        var stop = mantissaEnd
        while stop > start, text[stop - 1] == UInt8(ascii: "0") || text[stop - 1] == UInt8(ascii: ".") {
            if text[stop - 1] == UInt8(ascii: "0") { exponent += 1 }
            stop -= 1
        }
        digitsStart = start
        digitsEnd = stop
        digitCount = (stop - start) - (dot >= start && dot < stop ? 1 : 0)
        self.exponent = start == stop ? 0 : max(exponent, -(1 << 60))
    }

    var isZero: Bool { digitCount == 0 }

    /// Calls `body` with each significant digit's value, most significant first.
    @inline(__always)
    func forEachDigit(_ body: (UInt8) -> Void) {
        for i in digitsStart..<digitsEnd where text[i] != UInt8(ascii: ".") {
            body(text[i] &- UInt8(ascii: "0"))
        }
    }

    /// The value as `T`, if it is a whole number in `T`'s range (any width, 128-bit included).
    func integer<T: FixedWidthInteger>(_: T.Type = T.self) -> T? {
        if isZero { return 0 }
        // A whole number has no fraction left once trailing zeros are gone; and
        // a T.Magnitude has fewer decimal digits than bits, which bounds the work.
        guard exponent >= 0, digitCount + exponent <= T.Magnitude.bitWidth else { return nil }
        var magnitude: T.Magnitude = 0
        var overflow = false
        forEachDigit { digit in
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(T.Magnitude(digit))
            magnitude = sum
            overflow = overflow || o1 || o2
        }
        for _ in 0..<exponent {
            let (times10, o) = magnitude.multipliedReportingOverflow(by: 10)
            magnitude = times10
            overflow = overflow || o
        }
        guard !overflow else { return nil }
        if !isNegative { return T(exactly: magnitude) }
        guard T.isSigned else { return nil }
        let minMagnitude = T.Magnitude(T.max) + 1  // |T.min|
        if magnitude == minMagnitude { return T.min }
        return magnitude < minMagnitude ? 0 - T(magnitude) : nil
    }

    /// The nearest `Double`, or nil when the value is too large for one.
    var double: Double? {
        let value = Self.nearestDouble(text)
        return value.isFinite ? value : nil
    }

    /// The nearest `Float`, rounded once from the text, or nil when the value is too large for one.
    var float: Float? {
        let value = Self.nearestFloat(text)
        return value.isFinite ? value : nil
    }

    /// The value as a `Decimal`, if `Decimal` holds it exactly (38 significant
    /// digits, exponent −128…127).
    var decimal: Decimal? {
        if isZero { return Decimal.zero }
        guard digitCount <= 38, (-128...127).contains(exponent) else { return nil }
        var significand = Decimal.zero
        var chunk: UInt64 = 0
        var chunkDigits = 0
        forEachDigit { digit in
            chunk = chunk * 10 + UInt64(digit)
            chunkDigits += 1
            if chunkDigits == 19 {
                significand = significand * Decimal(sign: .plus, exponent: 19, significand: 1) + Decimal(chunk)
                chunk = 0
                chunkDigits = 0
            }
        }
        if chunkDigits > 0 {
            significand = significand * Decimal(sign: .plus, exponent: chunkDigits, significand: 1) + Decimal(chunk)
        }
        return Decimal(sign: isNegative ? .minus : .plus, exponent: exponent, significand: significand)
    }

    /// Whether two numbers are equal in value.
    func hasSameValue(as other: JSONNumberText) -> Bool {
        if isZero || other.isZero { return isZero && other.isZero }  // -0 == 0
        guard isNegative == other.isNegative, exponent == other.exponent, digitCount == other.digitCount else {
            return false
        }
        var i = digitsStart
        var j = other.digitsStart
        while i < digitsEnd {
            if text[i] == UInt8(ascii: ".") { i += 1; continue }
            if other.text[j] == UInt8(ascii: ".") { j += 1; continue }
            if text[i] != other.text[j] { return false }
            i += 1
            j += 1
        }
        return true
    }

    /// Feeds the value (not its spelling) to `hasher`, consistently with ``hasSameValue(as:)``.
    func hash(into hasher: inout Hasher) {
        if isZero {
            hasher.combine(0 as UInt8)
            return
        }
        hasher.combine(isNegative)
        hasher.combine(exponent)
        forEachDigit { hasher.combine($0) }
    }
}

extension JSONNumberText {
    /// Whether `text` is exactly one JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isValidSyntax(_ text: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        let n = text.count
        func digits() -> Int {
            let start = i
            while i < n, text[i] >= UInt8(ascii: "0"), text[i] <= UInt8(ascii: "9") { i += 1 }
            return i - start
        }
        if i < n, text[i] == UInt8(ascii: "-") { i += 1 }
        if i < n, text[i] == UInt8(ascii: "0") {
            i += 1
        } else if digits() == 0 {
            return false
        }
        if i < n, text[i] == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { return false }
        }
        if i < n, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i += 1
            if i < n, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { return false }
        }
        return i == n
    }
}

extension JSONNumberText {
    /// The value of text that is a plain integer of at most 18 digits (`-?[0-9]{1,18}`),
    /// which always fits an `Int64`; nil for anything else, which the full parse handles.
    @inline(__always)
    static func plainInteger(_ text: UnsafeRawBufferPointer) -> Int64? {
        let negative = text.first == UInt8(ascii: "-")
        let start = negative ? 1 : 0
        guard text.count > start, text.count - start <= 18 else { return nil }
        var value: Int64 = 0
        for index in start..<text.count {
            let digit = text[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int64(digit)
        }
        return negative ? -value : value
    }

    /// `plainInteger` of the text `input[start ..< start + count]`. An integer of at most 16
    /// digits is read as one or two words, the last ending where the text ends, the first word's
    /// bytes before the digits (the sign, or text before the number) taken as leading zeros: no
    /// step per digit, and no loop whose exit depends on the number's length (a mispredicted
    /// branch for integers of varying length). `input` must be readable from its start to the text's
    /// end; a text less than eight (or sixteen) bytes from the start takes the digit loop.
    @inline(__always)
    static func plainInteger(in input: UnsafeRawPointer, start: Int, count: Int) -> Int64? {
        let end = start + count
        let negative = count > 0 && input.load(fromByteOffset: start, as: UInt8.self) == UInt8(ascii: "-")
        let digits = negative ? count - 1 : count
        let value: UInt64?
        // Unsafe: `end >= 8` (`>= 16`) keeps the word loads that end at `end` from starting before `input`.
        if digits > 0, digits <= 8, end >= 8 {
            value = EightDigits.leadingZeros(input, end: end, digits: digits)
        } else if digits > 8, digits <= 16, end >= 16, let high = EightDigits.leadingZeros(input, end: end - 8, digits: digits - 8) {
            let low = EightDigits.load(input, end - 8)
            value = EightDigits.areDigits(low) ? high &* 100_000_000 &+ EightDigits.value(low) : nil
        } else {
            return plainInteger(UnsafeRawBufferPointer(start: input + start, count: count))
        }
        guard let value else { return nil }
        return negative ? -Int64(value) : Int64(value)
    }
}
