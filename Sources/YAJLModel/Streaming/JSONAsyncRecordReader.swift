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
    /// - Throws: the reader's ``JSONError``, or the type's error (a ``JSONModelError`` for a model).
    public mutating func next<T: JSONConvertible>(_ type: T.Type) async throws -> T? {
        guard let value = try await nextRecord()?.value else { return nil }
        return try T(json: value)
    }

    /// The next record decoded as a `Decodable` type by `decoder`, without re-parsing; nil
    /// after the last.
    ///
    /// ```swift
    /// var events = JSONLinesReader.records(of: body).makeAsyncIterator()
    /// while let event = try await events.next(Event.self, using: YAJLDecoder()) { … }
    /// ```
    /// - Throws: the reader's ``JSONError``, or the decoder's `DecodingError`.
    public mutating func next<T: Decodable>(_ type: T.Type, using decoder: YAJLDecoder) async throws -> T? {
        guard let value = try await nextRecord()?.value else { return nil }
        return try decoder.decode(T.self, from: value)
    }
}
