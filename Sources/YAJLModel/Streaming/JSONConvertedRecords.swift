/// The records of an asynchronous reader, each read as a value of your type: what
/// `JSONElementReader.elements(of:at:as:using:options:invalidRecords:)` and
/// `JSONLinesReader.records(of:as:using:options:invalidRecords:)` return.
///
/// Its errors are the reader's (a ``JSONError`` ends the stream), and the conversion's,
/// as a ``JSONRecordError`` that names the record and says where in the stream; a
/// `for try await` loop ends at the first, unless ``JSONInvalidRecords/skip(report:)``
/// reports the records that do not convert and goes on.
public struct JSONConvertedRecords<Records: AsyncSequence, Value>: AsyncSequence
where Records.AsyncIterator: JSONAsyncRecordReader {
    public typealias Element = Value

    let records: Records
    let conversion: any RecordConversion<Value>
    let invalidRecords: JSONInvalidRecords

    public func makeAsyncIterator() -> Iterator {
        Iterator(records: records.makeAsyncIterator(), conversion: conversion, invalidRecords: invalidRecords)
    }

    /// Reads and converts records as they are asked for.
    public struct Iterator: AsyncIteratorProtocol {
        var records: Records.AsyncIterator
        let conversion: any RecordConversion<Value>
        let invalidRecords: JSONInvalidRecords

        /// The next record's value converted, or nil after the last.
        public mutating func next() async throws -> Value? {
            while let record = try await records.nextRecord() {
                do {
                    return try record.convert(conversion.convert)
                } catch {
                    try invalidRecords.skipOrThrow(error)
                }
            }
            return nil
        }
    }
}

extension JSONConvertedRecords: Sendable where Records: Sendable {}

extension JSONConvertedRecords {
    /// Each record decoded by `decoder`.
    init(_ records: Records, decoding type: Value.Type, using decoder: YAJLDecoder, invalidRecords: JSONInvalidRecords)
    where Value: Decodable {
        self.init(records: records, conversion: DecodingConversion(decoder: decoder), invalidRecords: invalidRecords)
    }

    /// Each record read as a model or another ``JSONConvertible`` type.
    init(_ records: Records, reading type: Value.Type, invalidRecords: JSONInvalidRecords) where Value: JSONConvertible {
        self.init(records: records, conversion: ReadingConversion(), invalidRecords: invalidRecords)
    }
}

/// How a record's value becomes a `Value`. A value of a type generic over `Value` rather than a
/// closure, which would capture the metatype `Value.Type`, not `Sendable` for every `Value`.
protocol RecordConversion<Value>: Sendable {
    associatedtype Value
    func convert(_ json: JSONValue) throws -> Value
}

/// Decodes each record with a ``YAJLDecoder``.
struct DecodingConversion<Value: Decodable>: RecordConversion {
    let decoder: YAJLDecoder
    func convert(_ json: JSONValue) throws -> Value { try decoder.decode(Value.self, from: json) }
}

/// Reads each record as a ``JSONConvertible`` value.
struct ReadingConversion<Value: JSONConvertible>: RecordConversion {
    func convert(_ json: JSONValue) throws -> Value { try Value(json: json) }
}
