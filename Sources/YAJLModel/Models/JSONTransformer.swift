import Foundation

/// A per-property conversion between JSON and a value of another type, in both
/// directions: `@JSONTransform(EpochSeconds.self) var created: Date`.
///
/// This is the Swift form of NTJsonModel's `convertJsonTo<Property>` methods. Write
/// one by implementing ``read(_:)`` and ``write(_:)``:
///
/// ```swift
/// enum Cents: JSONTransformer {
///     typealias Decoded = Decimal
///     static func read(_ json: JSONValue) throws -> Decimal {
///         guard let cents = json.int else { throw JSONConversionError("expected whole cents") }
///         return Decimal(cents) / 100
///     }
///     static func write(_ value: Decimal) -> JSON { .number(JSONNumber(NSDecimalNumber(decimal: value * 100).intValue)) }
/// }
/// ```
public protocol JSONTransformer: JSONCodec {
    /// Reads a value, or throws (its description becomes the message).
    static func read(_ json: JSONValue) throws -> Decoded
    /// The JSON to write for `value`.
    static func write(_ value: Decoded) -> JSON
}

extension JSONTransformer {
    public static func _validate(_ json: JSONValue, into validation: inout JSONValidation) {
        do {
            _ = try read(json)
        } catch {
            validation.report(.invalidValue("\(error)"), at: json)
        }
    }

    public static func _decode(validated json: JSONValue) -> Decoded {
        do {
            return try read(json)
        } catch {
            // Validation ran the same conversion on the same immutable value and it succeeded.
            fatalError("\(Self.self).read failed on a value it accepted during validation: \(error)")
        }
    }

    public static func _encode(_ value: Decoded) -> JSON { write(value) }
}

/// Applies a transformer to an optional property: a missing key or `null` reads as `nil`.
/// The macro uses it for `@JSONTransform(T.self) var x: Value?`.
public enum _JSONOptionalTransform<Wrapped: JSONTransformer>: JSONCodec {
    public static func _validate(_ json: JSONValue, into validation: inout JSONValidation) {
        if !json.isNull { Wrapped._validate(json, into: &validation) }
    }

    public static func _decode(validated json: JSONValue) -> Wrapped.Decoded? {
        json.isNull ? nil : Wrapped._decode(validated: json)
    }

    public static func _encode(_ value: Wrapped.Decoded?) -> JSON { value.map(Wrapped.write) ?? .null }

    public static func _encode(_ value: Wrapped.Decoded?, like original: JSONValue?) -> JSON {
        value.map { Wrapped._encode($0, like: original) } ?? .null
    }

    public static var _valueForMissingKey: Wrapped.Decoded?? { .some(nil) }

    public static var _cachesDecodedValue: Bool { Wrapped._cachesDecodedValue }
}

/// ISO 8601 / W3C date-time strings, with or without fractional seconds, any offset.
/// This is what a `Date` property reads by default. Writes UTC with a `Z`.
public enum ISO8601Date: JSONTransformer {
    public typealias Decoded = Date

    public static func read(_ json: JSONValue) throws -> Date {
        guard let text = json.stringView else { throw JSONConversionError("expected an ISO 8601 date string, found \(json.kind)") }
        guard let date = text.withUnsafeBytes(ISO8601.date(from:)) else {
            throw JSONConversionError("\"\(text)\" is not an ISO 8601 date")
        }
        return date
    }

    public static func write(_ value: Date) -> JSON { .string(ISO8601.string(from: value)) }

    /// In the original's format: its offset, and its seconds and fraction digits.
    public static func _encode(_ value: Date, like original: JSONValue?) -> JSON {
        guard let text = original?.string else { return write(value) }
        return .string(ISO8601.string(from: value, like: text))
    }
}

/// Seconds since 1970 as a number (or numeric string): `1704449700`, `1704449700.25`.
public enum EpochSeconds: JSONTransformer {
    public typealias Decoded = Date

    public static func read(_ json: JSONValue) throws -> Date {
        guard let seconds = json.withNumberOrNumericString({ $0.double }) else {
            throw JSONConversionError("expected seconds since 1970, found \(json.kind)")
        }
        return Date(timeIntervalSince1970: seconds)
    }

    public static func write(_ value: Date) -> JSON {
        JSONNumber(value.timeIntervalSince1970).map(JSON.number) ?? .null
    }
}

/// Milliseconds since 1970 as a number (or numeric string): `1704449700250`.
public enum EpochMilliseconds: JSONTransformer {
    public typealias Decoded = Date

    public static func read(_ json: JSONValue) throws -> Date {
        guard let milliseconds = json.withNumberOrNumericString({ $0.double }) else {
            throw JSONConversionError("expected milliseconds since 1970, found \(json.kind)")
        }
        return Date(timeIntervalSince1970: milliseconds / 1000)
    }

    public static func write(_ value: Date) -> JSON {
        .number(JSONNumber(Int64((value.timeIntervalSince1970 * 1000).rounded())))
    }
}

/// A date format for ``DateFormatted``: a `DateFormatter` pattern, read in UTC with
/// the POSIX locale unless you say otherwise.
public protocol JSONDateFormat: Sendable {
    /// The pattern, such as `"yyyy-MM-dd"` or `"EEE MMM dd HH:mm:ss Z yyyy"`.
    static var pattern: String { get }
    /// The time zone for text without an offset; UTC by default.
    static var timeZone: TimeZone { get }
}

extension JSONDateFormat {
    public static var timeZone: TimeZone { TimeZone(identifier: "UTC") ?? .current }
}

/// Dates in a custom format: `@JSONTransform(DateFormatted<TwitterDate>.self) var createdAt: Date`.
///
/// Text written exactly in a fixed pattern such as Twitter's is read without a `DateFormatter`,
/// with the same result, as ``YAJLDecoder`` reads it (see ``YAJLDecoder/DateDecodingStrategy``).
public enum DateFormatted<Format: JSONDateFormat>: JSONTransformer {
    public typealias Decoded = Date

    // DateFormatter is not Sendable; each use gets its own, made from a constant pattern.
    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = Format.timeZone
        formatter.dateFormat = Format.pattern
        return formatter
    }

    public static func read(_ json: JSONValue) throws -> Date {
        guard let text = json.string else { throw JSONConversionError("expected a date string, found \(json.kind)") }
        // Text written exactly in a fixed pattern is read without a formatter, as `YAJLDecoder` reads it.
        if let shortcut = FormatterShortcut(pattern: Format.pattern, timeZone: Format.timeZone),
            let date = Array(text.utf8).withUnsafeBytes(shortcut.date(from:))
        {
            return date
        }
        guard let date = formatter().date(from: text) else {
            throw JSONConversionError("\"\(text)\" does not match the date format \"\(Format.pattern)\"")
        }
        return date
    }

    public static func write(_ value: Date) -> JSON { .string(formatter().string(from: value)) }
}
