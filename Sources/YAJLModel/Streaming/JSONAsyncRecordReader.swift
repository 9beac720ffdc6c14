/// An asynchronous reader that hands out the records of a stream one at a time: the
/// iterators of `JSONElementReader.elements(of:at:options:)` and
/// `JSONLinesReader.records(of:options:invalidRecords:)`.
///
/// As ``JSONRecordReader`` is for the synchronous readers, it is where reading each
/// record as a model or a `Decodable` type plugs in.
public protocol JSONAsyncRecordReader {
    /// The next record, with where it starts in the stream; nil after the last.
    mutating func nextRecord() async throws -> JSONRecord?
}

extension JSONAsyncRecordReader {
    /// The next record read as a model or another ``JSONConvertible`` type; nil after the last.
    ///
    /// ```swift
    /// var items = JSONElementReader.elements(of: body, at: "/items").makeAsyncIterator()
    /// while let item = try await items.next(Item.self) { … }   // a @JSONModel type
    /// ```
    /// - Throws: the reader's ``JSONError``, which ends the stream, or a ``JSONRecordError``
    ///   that names the record, says where in the stream, and holds the type's error (see
    ///   `next(_:)`); the reader then moves on past that record.
    public mutating func next<T: JSONConvertible>(_ type: T.Type) async throws -> T? {
        try await nextRecord()?.convert { try T(json: $0) }
    }

    /// The next record decoded as a `Decodable` type by `decoder`, without re-parsing; nil
    /// after the last.
    ///
    /// ```swift
    /// var events = JSONLinesReader.records(of: body).makeAsyncIterator()
    /// while let event = try await events.next(Event.self, using: YAJLDecoder()) { … }
    /// ```
    /// - Throws: the reader's ``JSONError``, or a ``JSONRecordError`` that holds the
    ///   decoder's error, as `next(_:)` does.
    public mutating func next<T: Decodable>(_ type: T.Type, using decoder: YAJLDecoder) async throws -> T? {
        try await nextRecord()?.convert { try decoder.decode(T.self, from: $0) }
    }
}
