import CYAJLTree
import Foundation

/// Scalars from nodes, with `JSONDecoder`'s errors: `null` is `.valueNotFound` (except for
/// `Bool`, where `JSONDecoder` says `.typeMismatch`), another kind is `.typeMismatch`, and a
/// number that does not fit is `.dataCorrupted` (see `numberNotRepresentable`).
extension JSONValueDecoder {
    func bool(_ node: UInt32, _ depth: Int, _ element: @autoclosure () -> PathElement?) throws -> Bool {
        switch tag(node) {
        case UInt32(YJM_TRUE): return true
        case UInt32(YJM_FALSE): return false
        default: throw typeMismatch(Bool.self, node, depth, element())
        }
    }

    func string(_ node: UInt32, _ depth: Int, _ element: @autoclosure () -> PathElement?) throws -> String {
        switch tag(node) {
        case UInt32(YJM_STRING), UInt32(YJM_ESCAPED_STRING): return string(ofKey: node)
        default: throw wrongKind(String.self, node, depth, element())
        }
    }

    /// An integer, exactly: `3`, `3.0` and `30e-1` are 3; `3.5`, or a value outside `T`, throws.
    func integer<T: FixedWidthInteger>(_ node: UInt32, _ depth: Int, _ element: @autoclosure () -> PathElement?) throws -> T {
        guard tag(node) == UInt32(YJM_NUMBER) else { throw wrongKind(T.self, node, depth, element()) }
        let value: T? = withNumberText(node) { text in
            if let small = Self.plainInteger(text) { return T(exactly: small) }
            return JSONNumberText(text).integer(T.self)
        }
        guard let value else { throw numberNotRepresentable(node, T.self, depth, element()) }
        return value
    }

    /// The value of an optional minus sign and 1 to 18 digits; nil for any other text.
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

    /// The nearest `Double`, correctly rounded. Like `JSONDecoder`, a number beyond
    /// `Double`'s range, or one that rounds to zero without being zero, throws.
    func double(_ node: UInt32, _ depth: Int, _ element: @autoclosure () -> PathElement?) throws -> Double {
        guard tag(node) == UInt32(YJM_NUMBER) else { return try nonConforming(node, depth, element()) }
        let value: Double? = withNumberText(node) { text in
            if let simple = Self.plainDecimal(text) { return simple }
            let number = JSONNumberText(text)
            guard let value = number.double, value != 0 || number.isZero else { return nil }
            return value
        }
        guard let value else { throw numberNotRepresentable(node, Double.self, depth, element()) }
        return value
    }

    /// The value of `-?digits(.digits)?` with at most 15 digits, which is exact as a `Double`
    /// before one correctly rounded division by an exact power of ten; nil for other text.
    @inline(__always)
    static func plainDecimal(_ text: UnsafeRawBufferPointer) -> Double? {
        let negative = text.first == UInt8(ascii: "-")
        var significand: Int64 = 0
        var digits = 0
        var fractionDigits = -1  // -1 until the '.'
        for index in (negative ? 1 : 0)..<text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                fractionDigits = 0
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10, digits < 15 else { return nil }  // an exponent, or too many digits
            significand = significand &* 10 &+ Int64(digit)
            digits += 1
            if fractionDigits >= 0 { fractionDigits += 1 }
        }
        guard digits > 0 else { return nil }
        let magnitude = fractionDigits > 0 ? Double(significand) / powersOfTen[fractionDigits] : Double(significand)
        return negative ? -magnitude : magnitude
    }

    private static let powersOfTen: [Double] = (0...15).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

    /// The nearest `Float`, rounded once from the text (not through `Double`).
    func float(_ node: UInt32, _ depth: Int, _ element: @autoclosure () -> PathElement?) throws -> Float {
        guard tag(node) == UInt32(YJM_NUMBER) else { return try nonConforming(node, depth, element()) }
        let value: Float? = withNumberText(node) { text in
            if let small = Self.plainInteger(text), small != 0, small.magnitude <= 1 << 24 { return Float(small) }
            guard let value = Float(String(decoding: text, as: UTF8.self)), value.isFinite,
                value != 0 || JSONNumberText(text).isZero
            else { return nil }
            return value
        }
        guard let value else { throw numberNotRepresentable(node, Float.self, depth, element()) }
        return value
    }

    /// A float from a string, under `.convertFromString`; like `JSONDecoder`, only strings
    /// written without escapes can match.
    private func nonConforming<T: BinaryFloatingPoint>(_ node: UInt32, _ depth: Int, _ element: @autoclosure () -> PathElement?) throws -> T {
        if tag(node) == UInt32(YJM_STRING),
            case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) = options.nonConformingFloatDecodingStrategy
        {
            let text = string(ofKey: node)
            if text == positiveInfinity { return .infinity }
            if text == negativeInfinity { return -.infinity }
            if text == nan { return .nan }
        }
        throw wrongKind(T.self, node, depth, element())
    }

    /// A `Decimal` from the digits as written: exact up to 38 significant digits; longer
    /// numbers are rounded as Foundation's own parser (and so `JSONDecoder`) rounds them.
    func decimal(_ node: UInt32, _ depth: Int, _ element: @autoclosure () -> PathElement?) throws -> Decimal {
        try checkNotNull(node, Decimal.self, depth, element())
        guard tag(node) == UInt32(YJM_NUMBER) else {
            throw DecodingError.typeMismatch(Decimal.self, DecodingError.Context(
                codingPath: codingPath(depth, element()), debugDescription: "Expected to decode Decimal but found \(kindDescription(node)) instead."))
        }
        let value: Decimal? = withNumberText(node) { text in
            if let exact = JSONNumberText(text).decimal { return exact }
            return Decimal(string: String(decoding: text, as: UTF8.self)).flatMap { $0.isNaN ? nil : $0 }
        }
        guard let value else { throw numberNotRepresentable(node, Decimal.self, depth, element()) }
        return value
    }

    /// The error for a value of the wrong kind: `null` is `.valueNotFound`, others `.typeMismatch`.
    func wrongKind(_ type: Any.Type, _ node: UInt32, _ depth: Int, _ element: PathElement?) -> DecodingError {
        tag(node) == UInt32(YJM_NULL) ? valueNotFound(type, depth, element) : typeMismatch(type, node, depth, element)
    }
}
