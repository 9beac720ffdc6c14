/// Enums with `String` or `Int` raw values convert by declaring the conformance:
///
/// ```swift
/// enum Visibility: String, JSONConvertible { case `public`, friends, `private` }
/// ```
///
/// A value that names no case is a validation error, unless the enum also conforms
/// to ``JSONUnknownValueFallback`` and names a case to use instead (NTJsonModel's
/// `enumValues`, without the crash).
extension JSONConvertible where Self: RawRepresentable, RawValue: JSONConvertible {
    public init(json: JSONValue) throws {
        let raw = try RawValue(json: json)
        if let value = Self(rawValue: raw) {
            self = value
        } else if let fallback = (Self.self as? any JSONUnknownValueFallback.Type)?.unknownValueFallback as? Self {
            self = fallback
        } else {
            throw JSONConversionError("\(raw) is not a \(Self.self) value")
        }
    }

    public var jsonRepresentation: JSON { rawValue.jsonRepresentation }
}

/// An enum that reads values it does not know as one of its own cases.
///
/// ```swift
/// enum Media: String, JSONConvertible, JSONUnknownValueFallback {
///     case photo, video, unknown
///     static let unknownValueFallback = Media.unknown
/// }
/// ```
public protocol JSONUnknownValueFallback {
    /// The case to read when the JSON names no known case.
    static var unknownValueFallback: Self { get }
}
