/// One record of a stream, an element of an array, a top-level value or a line
/// of JSON Lines, with where it starts.
///
/// The value has a small ``JSONDocument`` of its own, holding just the record's
/// bytes: keeping a record keeps nothing else of the stream alive.
public struct JSONRecord: Sendable {
    /// The record's value. Its ``JSONValue/byteRange`` counts from the record's first byte.
    public let value: JSONValue
    /// The byte offset of the record's first byte from the start of the stream.
    public let offset: Int
    /// The 1-based line of the record's first byte in the stream.
    public let line: Int

    /// Creates a record.
    public init(value: JSONValue, offset: Int, line: Int) {
        self.value = value
        self.offset = offset
        self.line = line
    }
}
