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
        let value: T? = if let small = plainInteger(node) { T(exactly: small) } else { withNumberText(node) { JSONNumberText($0).integer(T.self) } }
        guard let value else { throw numberNotRepresentable(node, T.self, depth, element()) }
        return value
    }

    /// The nearest `Double`, correctly rounded. Like `JSONDecoder`, a number beyond
    /// `Double`'s range, or one that rounds to zero without being zero, throws.
    func double(_ node: UInt32, _ depth: Int, _ element: @autoclosure () -> PathElement?) throws -> Double {
        guard tag(node) == UInt32(YJM_NUMBER) else { return try nonConforming(node, depth, element()) }
        guard let value = representableDouble(node) else { throw numberNotRepresentable(node, Double.self, depth, element()) }
        return value
    }

    /// The value of the number node `node` as `double` returns it, or nil where `double` throws.
    @inline(__always)
    func representableDouble(_ node: UInt32) -> Double? {
        // A short decimal's value is exact or correctly rounded from an exact quotient: finite, and 0 only for 0.
        if let short = shortDecimal(node), let value = EiselLemire.double(short) { return value }
        return withNumberText(node) { text in
            let value = JSONNumberText.nearestDouble(text)
            guard value.isFinite, value != 0 || JSONNumberText(text).isZero else { return nil }
            return value
        }
    }

    /// The nearest `Float`, rounded once from the text (not through `Double`).
    func float(_ node: UInt32, _ depth: Int, _ element: @autoclosure () -> PathElement?) throws -> Float {
        guard tag(node) == UInt32(YJM_NUMBER) else { return try nonConforming(node, depth, element()) }
        let value: Float? = withNumberText(node) { text in
            let value = JSONNumberText.nearestFloat(text)
            guard value.isFinite, value != 0 || JSONNumberText(text).isZero else { return nil }
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
