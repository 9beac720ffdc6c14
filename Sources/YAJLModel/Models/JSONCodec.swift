/// Reads and writes one model property's value: the conversion between a
/// ``JSONValue`` and a Swift value.
///
/// Every property type of a `@JSONModel` is read through a codec. A type that
/// conforms to ``JSONConvertible`` is its own codec; a ``JSONTransformer`` such as
/// ``EpochSeconds`` is a codec for a value of another type (`@JSONTransform(EpochSeconds.self) var created: Date`).
///
/// The model checks every property when it is created (`_validate(_:into:)`), then
/// decodes each lazily on first read (`_decode(validated:)`), which therefore cannot fail.
/// The requirements are the generated code's, hence their `_` names: conform through
/// ``JSONConvertible`` or ``JSONTransformer``, which implement them.
public protocol JSONCodec {
    associatedtype Decoded

    /// Checks that `json` reads as a `Decoded`, reporting every problem into `validation`.
    /// Should allocate nothing for scalars; conversions (dates, URLs) may run.
    static func _validate(_ json: JSONValue, into validation: inout JSONValidation)

    /// Reads a value from `json`, which `_validate(_:into:)` accepted.
    static func _decode(validated json: JSONValue) -> Decoded

    /// The JSON to write for `value`.
    static func _encode(_ value: Decoded) -> JSON

    /// The JSON to write for `value` in place of `original`, the value an edited model
    /// was read from: `_encode(_:)`, kept to the JSON type `original` had (see
    /// `_JSONModelSupport.matchingType(_:of:)`). Dates keep their format.
    static func _encode(_ value: Decoded, like original: JSONValue?) -> JSON

    /// The value of a property whose key is missing or `null`: `nil` for required
    /// types (missing is an error), `.some(nil)` for optionals.
    static var _valueForMissingKey: Decoded? { get }

    /// Whether a model caches the value once read: false for values that cost less to
    /// decode again than to cache (`Bool`, integers, floating-point numbers).
    static var _cachesDecodedValue: Bool { get }
}

extension JSONCodec {
    public static var _valueForMissingKey: Decoded? { nil }

    public static var _cachesDecodedValue: Bool { true }

    public static func _encode(_ value: Decoded, like original: JSONValue?) -> JSON {
        _JSONModelSupport.matchingType(_encode(value), of: original)
    }
}

/// A type that reads itself from JSON and writes itself back.
///
/// Conform your own types to use them as model properties, in arrays and dictionaries.
/// A `Tags` type read from a space-separated string:
///
/// ```swift
/// struct Tags: JSONConvertible, Equatable {
///     var names: [String]
///     init(json: JSONValue) throws {
///         guard let text = json.string else { throw JSONConversionError("expected a string of tags") }
///         names = text.split(separator: " ").map(String.init)
///     }
///     var jsonRepresentation: JSON { .string(names.joined(separator: " ")) }
/// }
/// ```
///
/// Conversions must be deterministic: a model validates every value when it is
/// created, and reads it again on first access.
public protocol JSONConvertible: JSONCodec where Decoded == Self {
    /// Reads a value, or throws (any error; its description becomes the message).
    init(json: JSONValue) throws

    /// The JSON that represents this value, as an owned ``JSON`` (see <doc:JSONTypes>).
    /// A ``JSONPolymorphic`` type has a default: the JSON of the value its case holds.
    var jsonRepresentation: JSON { get }
}

extension JSONConvertible {
    public static func _validate(_ json: JSONValue, into validation: inout JSONValidation) {
        _ = validation.read(json, as: Self.self)
    }

    public static func _decode(validated json: JSONValue) -> Self {
        do {
            return try Self(json: json)
        } catch {
            // Validation ran the same conversion on the same immutable value and it
            // succeeded; only a converter that is not deterministic gets here.
            fatalError("\(Self.self).init(json:) failed on a value it accepted during validation: \(error)")
        }
    }

    public static func _encode(_ value: Self) -> JSON { value.jsonRepresentation }
}

/// A conversion failure with a message, for ``JSONConvertible`` and ``JSONTransformer`` implementations.
public struct JSONConversionError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    public init(_ message: String) { description = message }
}
