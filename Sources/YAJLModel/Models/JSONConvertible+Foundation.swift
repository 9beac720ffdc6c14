import Foundation

/// Dates read as ISO 8601 / W3C text by default, with or without fractional seconds
/// and with any offset (`2024-01-05T10:15:00Z`, `2024-01-05T02:15:00.250-08:00`).
/// Use ``JSONTransformer``s such as ``EpochSeconds`` for other formats.
extension Date: JSONConvertible {
    public init(json: JSONValue) throws {
        self = try ISO8601Date.read(json)
    }

    public var jsonRepresentation: JSON { ISO8601Date._encode(self) }

    public static func _encode(_ value: Date, like original: JSONValue?) -> JSON { ISO8601Date._encode(value, like: original) }
}

extension URL: JSONConvertible {
    public init(json: JSONValue) throws {
        guard let text = json.string else { throw JSONConversionError("expected a URL string, found \(json.kind)") }
        guard let url = URL(string: text) else { throw JSONConversionError("\"\(text)\" is not a valid URL") }
        self = url
    }

    public var jsonRepresentation: JSON { .string(absoluteString) }
}

extension UUID: JSONConvertible {
    public init(json: JSONValue) throws {
        guard let text = json.string else { throw JSONConversionError("expected a UUID string, found \(json.kind)") }
        guard let uuid = UUID(uuidString: text) else { throw JSONConversionError("\"\(text)\" is not a UUID") }
        self = uuid
    }

    public var jsonRepresentation: JSON { .string(uuidString) }
}

/// Data read from and written as base64 text.
extension Data: JSONConvertible {
    public init(json: JSONValue) throws {
        guard let text = json.string else { throw JSONConversionError("expected a base64 string, found \(json.kind)") }
        guard let data = Data(base64Encoded: text) else { throw JSONConversionError("the string is not valid base64") }
        self = data
    }

    public var jsonRepresentation: JSON { .string(base64EncodedString()) }
}
