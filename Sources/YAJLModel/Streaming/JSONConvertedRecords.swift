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
    let conversion: any RecordConversion<Value>

    public func makeAsyncIterator() -> Iterator {
        Iterator(records: records.makeAsyncIterator(), conversion: conversion)
    }

    /// Reads and converts records as they are asked for.
    public struct Iterator: AsyncIteratorProtocol {
        var records: Records.AsyncIterator
        let conversion: any RecordConversion<Value>

        /// The next record's value converted, or nil after the last.
        public mutating func next() async throws -> Value? {
            guard let value = try await records.nextRecord()?.value else { return nil }
            return try conversion.convert(value)
        }
    }
}

extension JSONConvertedRecords: Sendable where Records: Sendable {}

extension JSONConvertedRecords {
    /// Each record decoded by `decoder`.
    init(_ records: Records, decoding type: Value.Type, using decoder: YAJLDecoder) where Value: Decodable {
        self.init(records: records, conversion: DecodingConversion(decoder: decoder))
    }

    /// Each record read as a model or another ``JSONConvertible`` type.
    init(_ records: Records, reading type: Value.Type) where Value: JSONConvertible {
        self.init(records: records, conversion: ReadingConversion())
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
