/// The records of an asynchronous reader, each read as a value of your type: what
/// `JSONElementReader.elements(of:at:as:using:options:)` and
/// `JSONLinesReader.records(of:as:using:options:invalidRecords:)` return.
///
/// Its errors are the reader's, and the conversion's (a `DecodingError`, a
/// ``JSONModelError``); a `for try await` loop ends at the first.
public struct JSONConvertedRecords<Records: AsyncSequence, Value>: AsyncSequence
where Records.AsyncIterator: JSONAsyncRecordReader {
    public typealias Element = Value

    let records: Records
    let convert: @Sendable (JSONValue) throws -> Value

    public func makeAsyncIterator() -> Iterator {
        Iterator(records: records.makeAsyncIterator(), convert: convert)
    }

    /// Reads and converts records as they are asked for.
    public struct Iterator: AsyncIteratorProtocol {
        var records: Records.AsyncIterator
        let convert: @Sendable (JSONValue) throws -> Value

        /// The next record's value converted, or nil after the last.
        public mutating func next() async throws -> Value? {
            guard let value = try await records.nextRecord()?.value else { return nil }
            return try convert(value)
        }
    }
}

extension JSONConvertedRecords: Sendable where Records: Sendable {}

extension JSONConvertedRecords {
    /// Each record decoded by `decoder`.
    init(_ records: Records, decoding type: Value.Type, using decoder: YAJLDecoder) where Value: Decodable {
        self.init(records: records, convert: { try decoder.decode(Value.self, from: $0) })
    }

    /// Each record read as a model or another ``JSONConvertible`` type.
    init(_ records: Records, reading type: Value.Type) where Value: JSONConvertible {
        self.init(records: records, convert: { try Value(json: $0) })
    }
}
