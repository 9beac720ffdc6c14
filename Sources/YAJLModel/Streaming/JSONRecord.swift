/// One record of a stream, an element of an array, a top-level value or a line
/// of JSON Lines, with where it starts.
///
/// The records that end in the same 16 KiB of a ``JSONElementReader``'s or a
/// ``JSONLinesReader``'s input share a small ``JSONDocument``, the array of their
/// texts (`[e1,e2,…]`); a line read by `forEachRecord` has one of its own, holding
/// just its bytes. Either way, keeping a record keeps a small document alive, not the stream.
public struct JSONRecord: Sendable {
    /// The record's value. Its ``JSONValue/byteRange`` counts from the start of its
    /// document's text: from the document's `[` for a shared one, or the line's first byte.
    public let value: JSONValue
    /// The byte offset of the record's first byte from the start of the stream (for a
    /// line, of the line's first byte, white space included).
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
