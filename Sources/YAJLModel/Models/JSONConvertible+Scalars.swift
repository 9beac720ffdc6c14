import CYAJLTree
import Foundation

extension String: JSONConvertible {
    public init(json: JSONValue) throws {
        guard let text = json.string else { throw JSONConversionError("expected a string, found \(json.kind)") }
        self = text
    }

    @inlinable
    public static func _validate(_ json: JSONValue, into validation: inout JSONValidation) {
        if json.kind != .string { validation.reportKind("string", at: json) }
    }

    public static func _decode(validated json: JSONValue) -> String { json.string ?? "" }

    public var jsonRepresentation: JSON { .string(self) }
}

extension Bool: JSONConvertible {
    public init(json: JSONValue) throws {
        guard let value = json.bool else { throw JSONConversionError("expected a boolean, found \(json.kind)") }
        self = value
    }

    @inlinable
    public static func _validate(_ json: JSONValue, into validation: inout JSONValidation) {
        if json.kind != .bool { validation.reportKind("boolean", at: json) }
    }

    @inlinable
    public static func _decode(validated json: JSONValue) -> Bool { json.document.tag(json.node) == UInt32(YJM_TRUE) }

    public static var _cachesDecodedValue: Bool { false }

    public var jsonRepresentation: JSON { .bool(self) }
}

extension JSONValue {
    /// Whether this is a JSON number written without an exponent in fewer than `digits`
    /// characters: its magnitude is then below 10^(digits - 1), so it converts to a finite
    /// binary floating-point value of that range. Checking that scans a few bytes, where
    /// the conversion that validation would otherwise run costs several times more.
    func isNumberWithoutExponent(shorterThan digits: Int) -> Bool {
        guard document.tag(node) == UInt32(YJM_NUMBER), document.payload(node) < digits else { return false }
        return document.withNumberText(node) { text in !text.contains { $0 | 0x20 == UInt8(ascii: "e") } }
    }

    /// Calls `body` with the number this value holds, either as a JSON number or
    /// as a string of number text (`"36"`), as NTJsonModel read numeric properties.
    func withNumberOrNumericString<R>(_ body: (JSONNumberText) -> R?) -> R? {
        switch kind {
        case .number:
            return withNumber(body)
        case .string:
            return stringView?.withUnsafeBytes { text in
                JSONNumberText.isValidSyntax(text) ? body(JSONNumberText(text)) : nil
            }
        default:
            return nil
        }
    }

    /// Reports why this value is not a number in range for `type`.
    func reportNumberProblem(_ type: String, into validation: inout JSONValidation) {
        if kind == .number || (kind == .string && withNumberOrNumericString({ _ in true }) == true) {
            validation.report(.invalidValue("\(numberText ?? string ?? "") is out of range for \(type)"), at: self)
        } else if kind == .string {
            validation.report(.invalidValue("\"\(string ?? "")\" is not a number"), at: self)
        } else {
            validation.reportKind("number", at: self)
        }
    }
}

/// Integers read exactly from numbers or numeric strings; a value out of the type's
/// range, or with a fraction, is an error rather than a trap or a rounding.
public protocol JSONIntegerConvertible: FixedWidthInteger, JSONConvertible {}

extension JSONIntegerConvertible {
    public static var _cachesDecodedValue: Bool { false }

    /// The value, through a fast path for the usual plain integer text.
    @inline(__always)
    static func read(_ json: JSONValue) -> Self? {
        if json.kind == .number, let plain = json.document.plainInteger(json.node) {
            return Self(exactly: plain)
        }
        return json.withNumberOrNumericString { $0.integer(Self.self) }
    }

    public init(json: JSONValue) throws {
        guard let value = Self.read(json) else {
            var validation = JSONValidation()
            json.reportNumberProblem("\(Self.self)", into: &validation)
            throw JSONConversionError(validation.problems.first?.reason.description ?? "not an integer")
        }
        self = value
    }

    public static func _validate(_ json: JSONValue, into validation: inout JSONValidation) {
        if read(json) == nil { json.reportNumberProblem("\(Self.self)", into: &validation) }
    }

    public static func _decode(validated json: JSONValue) -> Self { read(json) ?? 0 }

    public var jsonRepresentation: JSON { .number(JSONNumber(self)) }
}

extension Int: JSONIntegerConvertible {}
extension Int8: JSONIntegerConvertible {}
extension Int16: JSONIntegerConvertible {}
extension Int32: JSONIntegerConvertible {}
extension Int64: JSONIntegerConvertible {}
extension UInt: JSONIntegerConvertible {}
extension UInt8: JSONIntegerConvertible {}
extension UInt16: JSONIntegerConvertible {}
extension UInt32: JSONIntegerConvertible {}
extension UInt64: JSONIntegerConvertible {}

extension Double: JSONConvertible {
    public static var _cachesDecodedValue: Bool { false }

    public init(json: JSONValue) throws {
        guard let value = json.withNumberOrNumericString({ $0.double }) else {
            throw JSONConversionError("expected a number in Double's range, found \(json.kind)")
        }
        self = value
    }

    public static func _validate(_ json: JSONValue, into validation: inout JSONValidation) {
        // Below 10^308, every number is a finite Double: only other text needs converting.
        if json.isNumberWithoutExponent(shorterThan: 309) { return }
        if json.withNumberOrNumericString({ $0.double }) == nil { json.reportNumberProblem("Double", into: &validation) }
    }

    public static func _decode(validated json: JSONValue) -> Double {
        // A number node converts straight from its text (validation proved it finite):
        // no `JSONNumberText` to build, which cost as much as the conversion.
        guard json.document.tag(json.node) == UInt32(YJM_NUMBER) else { return json.withNumberOrNumericString { $0.double } ?? 0 }
        if let short = json.document.shortDecimal(json.node), let value = EiselLemire.double(short) { return value }
        return json.document.withNumberText(json.node, JSONNumberText.nearestDouble)
    }

    public var jsonRepresentation: JSON { JSONNumber(self).map(JSON.number) ?? .null }
}

extension Float: JSONConvertible {
    public static var _cachesDecodedValue: Bool { false }

    private static func read(_ json: JSONValue) -> Float? {
        json.withNumberOrNumericString { $0.float }
    }

    public init(json: JSONValue) throws {
        guard let value = Self.read(json) else { throw JSONConversionError("expected a number in Float's range, found \(json.kind)") }
        self = value
    }

    public static func _validate(_ json: JSONValue, into validation: inout JSONValidation) {
        // Below 10^38, every number is a finite Float.
        if json.isNumberWithoutExponent(shorterThan: 39) { return }
        if read(json) == nil { json.reportNumberProblem("Float", into: &validation) }
    }

    public static func _decode(validated json: JSONValue) -> Float {
        // As `Double`'s.
        guard json.document.tag(json.node) == UInt32(YJM_NUMBER) else { return read(json) ?? 0 }
        return json.document.withNumberText(json.node, JSONNumberText.nearestFloat)
    }

    public var jsonRepresentation: JSON { JSONNumber(self).map(JSON.number) ?? .null }
}

extension Decimal: JSONConvertible {
    public init(json: JSONValue) throws {
        guard let value = json.withNumberOrNumericString({ $0.decimal }) else {
            throw JSONConversionError("expected a number that Decimal holds exactly, found \(json.kind)")
        }
        self = value
    }

    public static func _validate(_ json: JSONValue, into validation: inout JSONValidation) {
        if json.withNumberOrNumericString({ $0.decimal }) == nil { json.reportNumberProblem("Decimal", into: &validation) }
    }

    public static func _decode(validated json: JSONValue) -> Decimal { json.withNumberOrNumericString { $0.decimal } ?? 0 }

    public var jsonRepresentation: JSON { JSONNumber(self).map(JSON.number) ?? .null }
}
