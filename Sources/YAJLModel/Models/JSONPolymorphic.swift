/// A type whose concrete form is chosen from the JSON itself, by a discriminator
/// key: NTJsonModel's `modelClassForJson`, JAGPropertyConverter's `identifyDict`.
///
/// Usually an enum with one case per model, and a fallback:
///
/// ```swift
/// enum Attachment: JSONPolymorphic {
///     case photo(Photo), video(Video), other(JSONValue)
///
///     static let variants: [String: @Sendable (JSONValue) throws -> Attachment] = [
///         "photo": { .photo(try Photo(json: $0)) },
///         "video": { .video(try Video(json: $0)) },
///     ]
///     static func fallback(_ json: JSONValue) -> Attachment? { .other(json) }
/// }
/// ```
///
/// It reads anywhere a ``JSONConvertible`` does: a property, `[Attachment]`, or a
/// `JSONArray<Attachment>` whose elements each pick their own type.
///
/// Its ``JSONConvertible/jsonRepresentation`` need not be written: by default it is the JSON of
/// the value its case holds (a model, a ``JSONValue`` or another ``JSONConvertible`` value), and
/// a changed model writes that value's original text. A case that holds none of these is
/// written as `null`: a type with such cases, or whose JSON is not its variant's own, writes
/// `jsonRepresentation` itself.
public protocol JSONPolymorphic: JSONConvertible, _JSONSiblingChosen {
    /// The member whose string value selects the variant; `"type"` by default.
    static var discriminatorKey: String { get }

    /// A reader for each discriminator value.
    static var variants: [String: @Sendable (JSONValue) throws -> Self] { get }

    /// The value for an unknown or missing discriminator, or nil to make that an error.
    static func fallback(_ json: JSONValue) -> Self?
}

extension JSONPolymorphic {
    public static var discriminatorKey: String { "type" }

    /// The JSON of the value this case holds; see ``JSONPolymorphic``.
    public var jsonRepresentation: JSON { heldValue?.jsonRepresentation ?? .null }

    /// The first value of this case's associated values that reads and writes itself: the
    /// variant that `variants` or `fallback` read.
    var heldValue: (any JSONConvertible)? {
        for child in Mirror(reflecting: self).children {
            if let value = child.value as? any JSONConvertible { return value }
            // Several associated values are one tuple.
            for element in Mirror(reflecting: child.value).children {
                if let value = element.value as? any JSONConvertible { return value }
            }
        }
        return nil
    }

    public static func fallback(_ json: JSONValue) -> Self? { nil }

    public init(json: JSONValue) throws {
        guard json.kind == .object else { throw JSONConversionError("expected an object, found \(json.kind)") }
        self = try Self.choose(json, discriminator: json[Self.discriminatorKey]?.string, key: Self.discriminatorKey)
    }

    /// The variant that `discriminator`, the string at `key` (nil when missing), names, read
    /// from `json`; or the fallback.
    static func choose(_ json: JSONValue, discriminator: String?, key: String) throws -> Self {
        if let discriminator, let read = Self.variants[discriminator] {
            return try read(json)
        } else if let fallback = Self.fallback(json) {
            return fallback
        } else if let discriminator {
            throw JSONConversionError("\"\(discriminator)\" is not a known \(key) of \(Self.self)")
        } else {
            throw JSONConversionError("the \"\(key)\" that selects a \(Self.self) is missing")
        }
    }
}
