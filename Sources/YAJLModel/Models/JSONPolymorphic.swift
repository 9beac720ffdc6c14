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
///     var jsonRepresentation: JSON { … }
/// }
/// ```
///
/// It reads anywhere a ``JSONConvertible`` does: a property, `[Attachment]`, or a
/// `JSONArray<Attachment>` whose elements each pick their own type.
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
