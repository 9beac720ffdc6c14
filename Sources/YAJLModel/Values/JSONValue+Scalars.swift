import CYAJLTree
import Foundation

extension JSONValue {
    /// The value of `true` or `false`; nil for any other kind.
    public var bool: Bool? {
        switch document.tag(node) {
        case UInt32(YJM_TRUE): true
        case UInt32(YJM_FALSE): false
        default: nil
        }
    }

    /// The number as an `Int`, if it is a whole number in range (`3`, `3.0` and
    /// `30e-1` all read as 3); nil otherwise.
    public var int: Int? { integer(Int.self) }

    /// The number as an `Int64`, if it is a whole number in range.
    public var int64: Int64? { integer(Int64.self) }

    /// The number as a `UInt64`, if it is a whole, non-negative number in range.
    public var uint64: UInt64? { integer(UInt64.self) }

    /// The number as any fixed-width integer type, if it is a whole number in that type's range.
    public func integer<T: FixedWidthInteger>(_ type: T.Type = T.self) -> T? {
        withNumber { $0.integer(T.self) }
    }

    /// The nearest `Double` to the number, correctly rounded whatever the locale;
    /// nil for other kinds, or when the number is beyond `Double`'s range.
    public var double: Double? { withNumber { $0.double } }

    /// The number as a `Decimal`, exactly as written; nil when `Decimal` cannot hold
    /// it exactly (more than 38 significant digits, or an exponent outside −128…127).
    public var decimal: Decimal? { withNumber { $0.decimal } }

    /// The number's exact text as it appears in the input (`"1.50e3"`), for any
    /// precision; nil for other kinds.
    public var numberText: String? {
        guard document.tag(node) == UInt32(YJM_NUMBER) else { return nil }
        return document.withNumberText(node) { String(decoding: $0, as: UTF8.self) }
    }

    /// The string's value, with escapes decoded; nil for other kinds.
    public var string: String? {
        guard kind == .string else { return nil }
        return document.withStringBytes(node) { String(validatedUTF8: $0) }
    }

    /// The string's UTF-8, without copying: compare it with a `String`, hash it,
    /// or read its bytes, with no allocation; nil for other kinds.
    public var stringView: JSONUTF8View? {
        switch document.tag(node) {
        case UInt32(YJM_STRING):
            let start = document.startOffset(node) + 1
            return JSONUTF8View(document: document, source: .input(start..<start + document.payload(node)))
        case UInt32(YJM_ESCAPED_STRING):
            let location = document.tree.nodes[Int(node) + 1]
            let start = Int(location.head)
            return JSONUTF8View(document: document, source: .side(start..<start + Int(location.offset)))
        default:
            return nil
        }
    }

    /// Calls `body` with the parsed number, or returns nil for other kinds.
    func withNumber<R>(_ body: (JSONNumberText) -> R?) -> R? {
        guard document.tag(node) == UInt32(YJM_NUMBER) else { return nil }
        return document.withNumberText(node) { body(JSONNumberText($0)) }
    }
}
