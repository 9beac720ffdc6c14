/// A reader that hands out the records of a stream one at a time:
/// ``JSONElementReader`` and ``JSONLinesReader``.
///
/// Generic code can read either; extensions can add ways to build a type from each
/// record, as ``next(as:)`` does with a closure.
public protocol JSONRecordReader {
    /// The next record, with where it starts in the stream; nil after the last.
    mutating func nextRecord() throws -> JSONRecord?
}

extension JSONRecordReader {
    /// The next record's value, or nil after the last.
    public mutating func next() throws -> JSONValue? {
        try nextRecord()?.value
    }

    /// The next record's value, built into a value of your type by `build`; nil after the last.
    ///
    /// This is where models and `Decodable` types plug in: `reader.next { try Item(json: $0) }`.
    /// An error from `build` is thrown as a ``JSONRecordError`` that names the record and
    /// says where in the stream; the reader moves on past that record.
    public mutating func next<T>(as build: (JSONValue) throws -> T) throws -> T? {
        try nextRecord()?.convert(build)
    }
}
