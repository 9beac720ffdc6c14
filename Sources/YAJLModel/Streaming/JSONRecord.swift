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
    /// The element's 0-based index in the array read by a ``JSONElementReader`` (for
    /// ``JSONElementReader/Target/values``, how many values come before it); nil for a
    /// line of JSON Lines, which its ``line`` names.
    public let index: Int?
    /// Where the value's first byte is in the stream: its offset, line and column (for a
    /// line, past any white space before the value).
    public let start: JSONSourceLocation

    /// Creates a record whose value starts at `start`, by default at column 1 of `line`,
    /// at `offset`.
    public init(value: JSONValue, offset: Int, line: Int, index: Int? = nil, start: JSONSourceLocation? = nil) {
        self.value = value
        self.offset = offset
        self.line = line
        self.index = index
        self.start = start ?? JSONSourceLocation(offset: offset, line: line, column: 1)
    }
}
