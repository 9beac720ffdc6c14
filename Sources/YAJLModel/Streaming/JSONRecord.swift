/// One record of a stream, an element of an array, a top-level value or a line
/// of JSON Lines, with where it starts.
///
/// A line of JSON Lines has a small ``JSONDocument`` of its own, holding just its
/// bytes. The elements (or top-level values) that end in the same 16 KiB of a
/// ``JSONElementReader``'s input share one, the array of their texts (`[e1,e2,…]`).
/// Either way, keeping a record keeps a small document alive, not the stream.
public struct JSONRecord: Sendable {
    /// The record's value. Its ``JSONValue/byteRange`` counts from the start of its
    /// document's text: the record's first byte for a line, the document's `[` for an element.
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
