extension JSONLinesReader {
    /// The records of JSON Lines in an asynchronous sequence of chunks of bytes (an HTTP
    /// body, a socket), split anywhere, pulled only as records are asked for.
    ///
    /// ```swift
    /// for try await record in JSONLinesReader.records(of: body) {
    ///     print(record.line, record.value["event"]?.string ?? "")
    /// }
    /// ```
    public static func records<Chunks: AsyncSequence>(
        of chunks: Chunks, options: JSONStreamOptions = .init(), invalidRecords: InvalidRecords = .fail
    ) -> AsyncRecords<Chunks> where Chunks.Element: Sequence<UInt8> {
        AsyncRecords(base: chunks, options: options, invalidRecords: invalidRecords, reading: ChunkReading())
    }

    /// The records of JSON Lines in an asynchronous sequence of bytes (`FileHandle.bytes`),
    /// gathered into chunks of up to ``JSONStreamOptions/readSize`` and handed over at each line feed.
    public static func records<Bytes: AsyncSequence>(
        of bytes: Bytes, options: JSONStreamOptions = .init(), invalidRecords: InvalidRecords = .fail
    ) -> AsyncRecords<Bytes> where Bytes.Element == UInt8 {
        AsyncRecords(base: bytes, options: options, invalidRecords: invalidRecords, reading: ByteReading())
    }

    /// The records of JSON Lines in an asynchronous sequence of chunks of bytes, each
    /// decoded as `type` by `decoder` without re-parsing it.
    ///
    /// ```swift
    /// for try await event in JSONLinesReader.records(of: body, as: Event.self, using: YAJLDecoder()) { … }
    /// ```
    public static func records<Chunks: AsyncSequence, T: Decodable>(
        of chunks: Chunks, as type: T.Type, using decoder: YAJLDecoder, options: JSONStreamOptions = .init(),
        invalidRecords: InvalidRecords = .fail
    ) -> JSONConvertedRecords<AsyncRecords<Chunks>, T> where Chunks.Element: Sequence<UInt8> {
        JSONConvertedRecords(
            records(of: chunks, options: options, invalidRecords: invalidRecords), decoding: type, using: decoder,
            invalidRecords: invalidRecords)
    }

    /// The records of JSON Lines in an asynchronous sequence of chunks of bytes, each read
    /// as a model (or another ``JSONConvertible`` type).
    public static func records<Chunks: AsyncSequence, T: JSONConvertible>(
        of chunks: Chunks, as type: T.Type, options: JSONStreamOptions = .init(), invalidRecords: InvalidRecords = .fail
    ) -> JSONConvertedRecords<AsyncRecords<Chunks>, T> where Chunks.Element: Sequence<UInt8> {
        JSONConvertedRecords(records(of: chunks, options: options, invalidRecords: invalidRecords), reading: type, invalidRecords: invalidRecords)
    }

    /// The records of JSON Lines, read from an asynchronous sequence of bytes or chunks:
    /// see `JSONLinesReader.records(of:options:invalidRecords:)`.
    ///
    /// Each iteration reads the input from its start. Its errors are ``JSONError``s, the
    /// base sequence's, or `CancellationError` once its task is cancelled: it checks before
    /// each pull from the base sequence.
    public struct AsyncRecords<Base: AsyncSequence>: AsyncSequence {
        public typealias Element = JSONRecord

        let base: Base
        let options: JSONStreamOptions
        let invalidRecords: InvalidRecords
        let reading: any AsyncReading<Base>

        public func makeAsyncIterator() -> Iterator {
            Iterator(reader: AsyncRecordReader(framer: .success(LineFramer(options: options, invalidRecords: invalidRecords)), base: base, reading: reading))
        }

        /// Reads records as they are asked for; ``JSONAsyncRecordReader/next(_:using:)``
        /// reads the next one as a `Decodable` type.
        public struct Iterator: AsyncIteratorProtocol, JSONAsyncRecordReader {
            var reader: AsyncRecordReader<LineFramer, Base>

            /// The next record, or nil after the last line.
            public mutating func next() async throws -> JSONRecord? {
                try await reader.next()
            }

            /// The next record, or nil after the last line (as ``next()``).
            public mutating func nextRecord() async throws -> JSONRecord? {
                try await reader.next()
            }
        }
    }
}

extension JSONLinesReader.AsyncRecords: Sendable where Base: Sendable {}
