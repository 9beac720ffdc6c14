import Foundation

/// Decodes `Decodable` values from JSON, as a drop-in replacement for `JSONDecoder`.
///
/// Switching is one line: the same strategies (Foundation's own strategy types, and for dates
/// ``DateDecodingStrategy``, spelled as Foundation's), the same `DecodingError`s with the same
/// coding paths, and the same results.
///
/// ```swift
/// let decoder = YAJLDecoder()              // in place of JSONDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// let user = try decoder.decode(User.self, from: data)
/// ```
///
/// yajl parses the input into YAJLModel's node tree, and values are decoded from the tree
/// directly: keys are compared as bytes, numbers are converted from their text, and no
/// Foundation objects are built. Numbers are exact: `Decimal` comes from the digits as written,
/// `UInt64.max` and `Int64.min` read exactly, `Double` is correctly rounded whatever the locale,
/// and a number that does not fit the requested type is a `DecodingError`, never a trap.
///
/// ``decode(_:from:at:)-(_,Data,_)`` decodes one part of a document, such as the `items` of a
/// large response, and ``decode(_:from:)-(_,JSONValue)`` decodes a ``JSONValue`` already parsed,
/// both without parsing again.
///
/// A decoder can be shared: it is `Sendable`, and its options sit behind a lock.
public final class YAJLDecoder: Sendable {
    let options = LockedOptions(Options())

    /// Creates a decoder with `JSONDecoder`'s default strategies.
    public init() {}

    // MARK: Decoding a whole input

    /// Decodes a value of `type` from JSON `data`.
    ///
    /// - Throws: `DecodingError`. Input that is not JSON is `.dataCorrupted` with an empty
    ///   coding path and the ``JSONError`` as its underlying error.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decode(type, input: .data(data), at: nil)
    }

    /// Decodes a value of `type` from the JSON in `bytes`.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try decode(type, input: .bytes(bytes), at: nil)
    }

    /// Decodes a value of `type` from the JSON text `string`.
    public func decode<T: Decodable>(_ type: T.Type, from string: String) throws -> T {
        try decode(type, from: Array(string.utf8))
    }

    /// Decodes a value of `type` from an already parsed value, without parsing or copying.
    ///
    /// Coding paths in errors start at `value`.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try Self.decode(type, from: value, path: nil, options: options.snapshot)
    }

    // MARK: Decoding part of an input

    /// Decodes a value of `type` from the part of JSON `data` at `path`, skipping everything else.
    ///
    /// `path` is a JSON Pointer when it starts with `/` (`"/data/items"`, RFC 6901), and a dotted
    /// path otherwise (`"data.items"`, `"data.items[0]"`; see ``JSONValue/subscript(path:)``).
    /// The input is parsed once; the values outside `path` are skipped without being converted.
    ///
    /// ```swift
    /// let items = try YAJLDecoder().decode([Item].self, from: response, at: "data.items")
    /// ```
    ///
    /// Coding paths in errors start from the root, through `path`.
    /// - Throws: `DecodingError`: `.keyNotFound` when an object on the way has no such member,
    ///   `.valueNotFound` when an array has no such element or the path steps into a scalar.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, at path: String) throws -> T {
        try decode(type, input: .data(data), at: path)
    }

    /// Decodes a value of `type` from the part of the JSON in `bytes` at `path`;
    /// see ``decode(_:from:at:)-(_,Data,_)``.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], at path: String) throws -> T {
        try decode(type, input: .bytes(bytes), at: path)
    }

    /// Decodes a value of `type` from the part of the JSON text `string` at `path`;
    /// see ``decode(_:from:at:)-(_,Data,_)``.
    public func decode<T: Decodable>(_ type: T.Type, from string: String, at path: String) throws -> T {
        try decode(type, from: Array(string.utf8), at: path)
    }

    /// Decodes a value of `type` from the part of `value` at `path`, without parsing or copying;
    /// see ``decode(_:from:at:)-(_,Data,_)``. Coding paths in errors start at `value`.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at path: String) throws -> T {
        try Self.decode(type, from: value, path: path, options: options.snapshot)
    }

    // MARK: Implementation

    private func decode<T: Decodable>(_ type: T.Type, input: JSONInput, at path: String?) throws -> T {
        let options = options.snapshot
        return try Self.decode(type, from: try Self.parse(input, options), path: path, options: options)
    }

    private static func parse(_ input: JSONInput, _ options: Options) throws -> JSONValue {
        do {
            return try JSONDocument(input: input, options: options.parseOptions).root
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error))
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, path: String?, options: Options) throws -> T {
        let (target, prefix) = try path.map { try SubtreePath.resolve($0, in: value, decoding: type) } ?? (value, [])
        return try target.document.input.withBytes { bytes in
            let scope = DecodingScope(input: bytes.baseAddress, options: options)
            defer {
                scope.input = nil  // a decoder that escapes reads the input safely, through the document
                options.keyBytes.put(scope.caches.pointee.keyBytes)
                if !options.usesDefaultKeys { options.convertedKeys.put(scope.caches.pointee.convertedKeys) }
            }
            let decoder = JSONValueDecoder(target, options: options, scope: scope, prefix: prefix)
            return try decoder.unwrap(target.node, as: type, depth: 0, nil)
        }
    }
}
