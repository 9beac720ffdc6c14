/// How ``YAJLEncoder`` frames a stream of values it writes in chunks: as one JSON array,
/// as JSON Lines, or as an array inside an object with other members around it.
///
/// ```swift
/// let framing = JSONOutputFraming.object(before: ["count": total], key: "items", after: ["next": cursor])
/// // {"count":2,"items":[…,…],"next":"b7"}
/// ```
public struct JSONOutputFraming: Sendable {
    /// A member of an envelope object: its key and its value.
    public typealias Member = (key: String, value: any Encodable & Sendable)

    enum Kind: Sendable {
        case array
        case jsonLines
        case object(before: [Member], key: String, after: Trailer)
    }

    /// The envelope's members after the array: given with the framing, or made once the
    /// values are written, from how many there were.
    enum Trailer: Sendable {
        case members([Member])
        case made(@Sendable (_ valueCount: Int) throws -> [Member])
    }

    let kind: Kind

    /// The values as the elements of one JSON array: `[v1,v2]`, or pretty-printed as
    /// `YAJLEncoder` writes an array, byte for byte.
    public static let array = JSONOutputFraming(kind: .array)

    /// The values as JSON Lines: each written compact (whatever `.prettyPrinted` says), on a
    /// line of its own ending in `\n`. White space between the tokens of a `JSONValue` copied as
    /// its text is dropped, so that a value never spans lines.
    public static let jsonLines = JSONOutputFraming(kind: .jsonLines)

    /// The values as the elements of an array under `key` in an object, after the members
    /// `before` and followed by the members `after`: `{"count":2,"items":[…],"next":"b7"}`, as
    /// `YAJLEncoder` writes that object whole.
    ///
    /// Member keys are written as given, as the keys of a dictionary are: the key encoding
    /// strategy does not convert them. Every key must be distinct. Under `.sortedKeys` the members
    /// of `before`, and those of `after`, are written in key order, and the keys of `before` must
    /// sort below `key` and those of `after` above it (in UTF-8 byte order), since the members
    /// cannot be reordered around the array once it is written. Otherwise writing fails with
    /// `EncodingError.invalidValue` before any byte.
    public static func object(
        before: KeyValuePairs<String, any Encodable & Sendable> = [:], key: String,
        after: KeyValuePairs<String, any Encodable & Sendable> = [:]
    ) -> JSONOutputFraming {
        object(before: before.map { ($0.key, $0.value) }, key: key, after: after.map { ($0.key, $0.value) })
    }

    /// The values as the elements of an array under `key` in an object, between the members
    /// `before` and `after`, given as arrays; see the form that takes literals.
    public static func object(before: [Member], key: String, after: [Member]) -> JSONOutputFraming {
        JSONOutputFraming(kind: .object(before: before, key: key, after: .members(after)))
    }

    /// The values as the elements of an array under `key` in an object, after the members
    /// `before` and followed by the members that `after` makes once the last value is written,
    /// from the number of values: a count, or a cursor that the values' producer kept.
    ///
    /// ```swift
    /// let framing = JSONOutputFraming.object(key: "items", after: { count in ["count": count] })
    /// // {"items":[…,…],"count":2}
    /// ```
    ///
    /// The keys follow the rules of the form that takes literals. Since the members made by
    /// `after` are known only at the end, a key of theirs that breaks those rules, or an error
    /// that `after` throws, ends the output after the array, as a value that fails to encode
    /// does: the envelope is left open, never complete.
    public static func object(
        before: KeyValuePairs<String, any Encodable & Sendable> = [:], key: String,
        after: @escaping @Sendable (_ valueCount: Int) throws -> KeyValuePairs<String, any Encodable & Sendable>
    ) -> JSONOutputFraming {
        JSONOutputFraming(kind: .object(
            before: before.map { ($0.key, $0.value) }, key: key, after: .made { count in try after(count).map { ($0.key, $0.value) } }))
    }
}
