extension JSONRecordReader {
    /// The next record read as a model or another ``JSONConvertible`` type; nil after the last.
    ///
    /// ```swift
    /// var reader = try JSONElementReader(contentsOf: url, at: "/items")
    /// while let photo = try reader.next(Photo.self) { … }     // a @JSONModel type
    /// ```
    /// - Throws: the reader's ``JSONError``, which ends the stream, or a ``JSONRecordError``
    ///   that names the record, says where in the stream, and holds the type's error (a
    ///   ``JSONModelError`` for a model, its paths from the element's index: `[999].actor`);
    ///   the reader then moves on past that record.
    public mutating func next<T: JSONConvertible>(_ type: T.Type) throws -> T? {
        try nextRecord()?.convert { try T(json: $0) }
    }

    /// The next record decoded as a `Decodable` type by `decoder`, without re-parsing; nil
    /// after the last.
    ///
    /// ```swift
    /// var lines = try JSONLinesReader(contentsOf: url)
    /// while let event = try lines.next(Event.self, using: YAJLDecoder()) { … }
    /// ```
    /// - Throws: the reader's ``JSONError``, or a ``JSONRecordError`` that holds the
    ///   decoder's error, as `next(_:)` does.
    public mutating func next<T: Decodable>(_ type: T.Type, using decoder: YAJLDecoder) throws -> T? {
        try nextRecord()?.convert { try decoder.decode(T.self, from: $0) }
    }
}
