import Foundation

/// Encodes `Encodable` values as JSON, as a drop-in replacement for `JSONEncoder`.
///
/// ```swift
/// let encoder = YAJLEncoder()              // in place of JSONEncoder()
/// encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
/// let data = try encoder.encode(user)
/// ```
///
/// The options and strategies are `JSONEncoder`'s own types, and the output is the same:
/// byte for byte with `.sortedKeys`, and otherwise with members in the order they were
/// encoded (where `JSONEncoder`'s order is its dictionaries'). Bytes are written directly as
/// values are encoded, with the same string escaper as ``JSONValue/jsonData(options:)``;
/// floating-point numbers are written in their shortest form that reads back exactly,
/// without a trailing `.0` (`1`, `0.1`, `1e+20`), whatever the locale: the rule ``JSONNumber``
/// follows too. A ``JSONValue`` inside an encoded value is copied as its bytes
/// (re-encoded from its tree when the output is pretty-printed or sorted).
///
/// A few uses of `Encoder` need every value kept until the end: `superEncoder()`, writing
/// to a container after its parent moved on, or encoding the same key twice. For those,
/// `YAJLEncoder` encodes the value again with `JSONEncoder` and the same options, so the
/// result is still right, just not faster.
///
/// An encoder can be shared: it is `Sendable`, and its options sit behind a lock.
public final class YAJLEncoder: Sendable {
    let options = LockedOptions(Options())

    /// Creates an encoder with `JSONEncoder`'s default options.
    public init() {}

    /// Encodes `value` as JSON.
    ///
    /// - Throws: `EncodingError`, as `JSONEncoder` throws it: `.invalidValue` for infinity or
    ///   NaN under `.throw`, for a top-level value that encodes nothing, and for nesting deeper
    ///   than 511 containers; or any error `value` throws.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        let options = options.snapshot
        let encoder = JSONStreamingEncoder(options: options)
        defer { encoder.saveKeyConversions() }
        do {
            try encoder.encodeTopLevel(value)
            return encoder.takeOutput()
        } catch is EncodingFallback {
            return try Self.foundationEncoder(options).encode(value)
        }
    }

    /// Encodes `value` as JSON text; see ``encode(_:)``.
    public func encodeToString<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }

    static func foundationEncoder(_ options: Options) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = options.outputFormatting
        encoder.dateEncodingStrategy = options.dateEncodingStrategy
        encoder.dataEncodingStrategy = options.dataEncodingStrategy
        encoder.nonConformingFloatEncodingStrategy = options.nonConformingFloatEncodingStrategy
        encoder.keyEncodingStrategy = options.keyEncodingStrategy
        encoder.userInfo = options.userInfo
        return encoder
    }
}
