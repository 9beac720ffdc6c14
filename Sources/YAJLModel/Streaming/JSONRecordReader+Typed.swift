extension JSONRecordReader {
    /// The next record read as a model or another ``JSONConvertible`` type; nil after the last.
    ///
    /// ```swift
    /// var reader = try JSONElementReader(contentsOf: url, at: "/items")
    /// while let photo = try reader.next(Photo.self) { … }     // a @JSONModel type
    /// ```
    /// - Throws: the reader's ``JSONError``, or the type's error (a ``JSONModelError`` for a
    ///   model, its paths relative to the record); the reader then moves on past that record.
    public mutating func next<T: JSONConvertible>(_ type: T.Type) throws -> T? {
        guard let value = try nextRecord()?.value else { return nil }
        return try T(json: value)
    }

    /// The next record decoded as a `Decodable` type by `decoder`, without re-parsing; nil
    /// after the last.
    ///
    /// ```swift
    /// var lines = try JSONLinesReader(contentsOf: url)
    /// while let event = try lines.next(Event.self, using: YAJLDecoder()) { … }
    /// ```
    /// - Throws: the reader's ``JSONError``, or the decoder's `DecodingError`.
    public mutating func next<T: Decodable>(_ type: T.Type, using decoder: YAJLDecoder) throws -> T? {
        guard let value = try nextRecord()?.value else { return nil }
        return try decoder.decode(T.self, from: value)
    }
}
