extension JSONElementReader {
    /// The elements of the array at `target` in an asynchronous sequence of chunks of
    /// bytes (an HTTP body, a file read in chunks), split anywhere.
    ///
    /// The chunks are pulled only as elements are asked for, so a slow consumer slows
    /// the reading down rather than letting it pile up in memory:
    ///
    /// ```swift
    /// for try await item in JSONElementReader.elements(of: response.body, at: "/items") {
    ///     try await store(item)
    /// }
    /// ```
    public static func elements<Chunks: AsyncSequence>(
        of chunks: Chunks, at target: Target = "", options: JSONStreamOptions = .init()
    ) -> AsyncElements<Chunks> where Chunks.Element: Sequence<UInt8> {
        AsyncElements(base: chunks, target: target, options: options, reading: ChunkReading())
    }

    /// The elements of the array at `target` in an asynchronous sequence of bytes
    /// (`FileHandle.bytes`, `URLSession.AsyncBytes`). Bytes are gathered into chunks of
    /// up to ``JSONStreamOptions/readSize``, and handed over early after a `}`, `]` or line feed.
    public static func elements<Bytes: AsyncSequence>(
        of bytes: Bytes, at target: Target = "", options: JSONStreamOptions = .init()
    ) -> AsyncElements<Bytes> where Bytes.Element == UInt8 {
        AsyncElements(base: bytes, target: target, options: options, reading: ByteReading())
    }

    /// The elements of the array at `target` in an asynchronous sequence of chunks of bytes,
    /// each decoded as `type` by `decoder` without re-parsing it.
    ///
    /// ```swift
    /// for try await item in JSONElementReader.elements(of: body, at: "/items", as: Item.self, using: YAJLDecoder()) {
    ///     try await store(item)
    /// }
    /// ```
    ///
    /// An element that does not decode is a ``JSONRecordError`` that gives its index and
    /// where it is; with `invalidRecords: .skip(report:)` it is reported and the next one read.
    public static func elements<Chunks: AsyncSequence, T: Decodable>(
        of chunks: Chunks, at target: Target = "", as type: T.Type, using decoder: YAJLDecoder,
        options: JSONStreamOptions = .init(), invalidRecords: InvalidRecords = .fail
    ) -> JSONConvertedRecords<AsyncElements<Chunks>, T> where Chunks.Element: Sequence<UInt8> {
        JSONConvertedRecords(elements(of: chunks, at: target, options: options), decoding: type, using: decoder, invalidRecords: invalidRecords)
    }

    /// The elements of the array at `target` in an asynchronous sequence of chunks of bytes,
    /// each read as a model (or another ``JSONConvertible`` type). Errors and `invalidRecords`
    /// are as for ``elements(of:at:as:using:options:invalidRecords:)``.
    public static func elements<Chunks: AsyncSequence, T: JSONConvertible>(
        of chunks: Chunks, at target: Target = "", as type: T.Type, options: JSONStreamOptions = .init(),
        invalidRecords: InvalidRecords = .fail
    ) -> JSONConvertedRecords<AsyncElements<Chunks>, T> where Chunks.Element: Sequence<UInt8> {
        JSONConvertedRecords(elements(of: chunks, at: target, options: options), reading: type, invalidRecords: invalidRecords)
    }

    /// The elements of an array, read from an asynchronous sequence of bytes or chunks:
    /// see `JSONElementReader.elements(of:at:options:)`.
    ///
    /// Each iteration reads the input from its start. Its errors are ``JSONError``s, the
    /// base sequence's, or `CancellationError` once its task is cancelled: it checks before
    /// each pull from the base sequence.
    public struct AsyncElements<Base: AsyncSequence>: AsyncSequence {
        public typealias Element = JSONValue

        let base: Base
        let target: Target
        let options: JSONStreamOptions
        let reading: any AsyncReading<Base>

        public func makeAsyncIterator() -> Iterator {
            let framer = Result { () throws(JSONError) in try ElementFramer(target: target, options: options) }
            return Iterator(reader: AsyncRecordReader(framer: framer, base: base, reading: reading))
        }

        /// Reads elements as they are asked for; ``JSONAsyncRecordReader/next(_:using:)``
        /// reads the next one as a `Decodable` type.
        public struct Iterator: AsyncIteratorProtocol, JSONAsyncRecordReader {
            var reader: AsyncRecordReader<ElementFramer, Base>

            /// The next element, or nil after the last.
            public mutating func next() async throws -> JSONValue? {
                try await reader.next()?.value
            }

            /// The next element with where it starts in the stream, or nil after the last.
            public mutating func nextRecord() async throws -> JSONRecord? {
                try await reader.next()
            }

            /// As ``JSONElementReader/header``.
            public var header: JSONValue? { try? reader.framer.get().header }

            /// As ``JSONElementReader/envelope``.
            public var envelope: JSONValue? { try? reader.framer.get().envelope }
        }
    }
}

extension JSONElementReader.AsyncElements: Sendable where Base: Sendable {}
