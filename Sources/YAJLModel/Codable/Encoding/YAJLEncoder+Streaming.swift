/// Encoding a sequence of values in chunks, with bounded memory.
extension YAJLEncoder {
    /// The chunk size used when none is given: 64 KiB.
    public static let defaultChunkSize = 65_536

    /// Encodes `values` one at a time as one JSON array (or as JSON Lines, or an array inside an
    /// object; see ``JSONOutputFraming``), handing the output to `body` in chunks of `chunkSize`
    /// bytes (the last one shorter), as each fills.
    ///
    /// ```swift
    /// try YAJLEncoder().encode(statuses, framing: .jsonLines) { chunk in
    ///     try handle.write(contentsOf: chunk)
    /// }
    /// ```
    ///
    /// The output is byte for byte what ``encode(_:)`` writes for the whole array or object,
    /// with every option: pretty-printed (each element indented to its depth), sorted keys, the
    /// key, date and data strategies. Memory stays near `chunkSize` plus one encoded value,
    /// however many values there are. `JSONValue`s, `@JSONModel` values and types holding them
    /// are written as `encode(_:)` writes them: as their original bytes when the output is neither
    /// pretty-printed nor sorted.
    ///
    /// - Parameters:
    ///   - chunkSize: The size of each chunk but the last; at least 1.
    ///   - body: Called with each chunk, which is valid only during the call.
    /// - Throws: What `encode(_:)` throws for a value (`EncodingError`, or the value's own error),
    ///   after `body` got every byte of the values before it and none of its own; what `body`
    ///   throws, which ends the encoding; `EncodingError.invalidValue` for an envelope whose keys
    ///   cannot be written (see ``JSONOutputFraming/object(before:key:after:)``).
    public func encode<Values: Sequence>(
        _ values: Values, framing: JSONOutputFraming = .array, chunkSize: Int = defaultChunkSize,
        chunks body: (UnsafeRawBufferPointer) throws -> Void
    ) throws where Values.Element: Encodable {
        let writer = JSONStreamWriter(options: options.snapshot, framing: framing, chunkSize: chunkSize)
        try writer.begin()
        for value in values {
            do {
                try writer.append(value)
            } catch {
                try writer.drain(all: true, body)
                throw error
            }
            try writer.drain(all: false, body)
        }
        try writer.finish()
        try writer.drain(all: true, body)
    }

    /// The JSON of `values`, encoded one at a time as they come, as an asynchronous sequence of
    /// chunks of `chunkSize` bytes (the last one shorter); see
    /// ``encode(_:framing:chunkSize:chunks:)`` for the output and its errors.
    ///
    /// ```swift
    /// for try await chunk in YAJLEncoder().chunks(encoding: events, framing: .jsonLines) {
    ///     try await socket.write(chunk)
    /// }
    /// ```
    ///
    /// Nothing is pulled from `values` until a chunk is asked for, and then only until one is
    /// full: the producer is never more than one chunk ahead of the consumer.
    public func chunks<Values: AsyncSequence>(
        encoding values: Values, framing: JSONOutputFraming = .array, chunkSize: Int = defaultChunkSize
    ) -> AsyncChunks<Values> where Values.Element: Encodable {
        AsyncChunks(values: values, options: options.snapshot, framing: framing, chunkSize: chunkSize)
    }

    /// The JSON of an asynchronous sequence of values, in chunks: see ``YAJLEncoder/chunks(encoding:framing:chunkSize:)``.
    ///
    /// Each iteration encodes the values from a new iterator of the base sequence, with the
    /// encoder's options as they were when the sequence was made.
    public struct AsyncChunks<Values: AsyncSequence>: AsyncSequence where Values.Element: Encodable {
        public typealias Element = [UInt8]

        let values: Values
        let options: Options
        let framing: JSONOutputFraming
        let chunkSize: Int

        public func makeAsyncIterator() -> Iterator {
            Iterator(values: values.makeAsyncIterator(), writer: JSONStreamWriter(options: options, framing: framing, chunkSize: chunkSize))
        }

        /// Encodes values as chunks are asked for.
        ///
        /// Its errors are those of ``YAJLEncoder/encode(_:framing:chunkSize:chunks:)``, the base
        /// sequence's, or `CancellationError` once its task is cancelled: it checks before each
        /// pull from the base sequence. An error comes after the chunks holding every byte of the
        /// values before it; the sequence ends after it.
        public struct Iterator: AsyncIteratorProtocol {
            var values: Values.AsyncIterator
            let writer: JSONStreamWriter
            private var phase = Phase.start

            private enum Phase {
                case start, elements, ending
                /// Failed: the remaining bytes go out, then the error.
                case failing(any Error)
                case done
            }

            init(values: Values.AsyncIterator, writer: JSONStreamWriter) {
                self.values = values
                self.writer = writer
            }

            /// The next chunk, or nil after the last.
            public mutating func next() async throws -> [UInt8]? {
                while true {
                    switch phase {
                    case .done:
                        return nil
                    case .ending:
                        if let chunk = writer.nextChunk(all: true) { return chunk }
                        phase = .done
                        return nil
                    case .failing(let error):
                        if let chunk = writer.nextChunk(all: true) { return chunk }
                        phase = .done
                        throw error
                    case .start, .elements:
                        if let chunk = writer.nextChunk(all: false) { return chunk }
                        do {
                            try await advance()
                        } catch {
                            phase = .failing(error)
                        }
                    }
                }
            }

            /// Writes the framing's start, or the next value, or the framing's end.
            private mutating func advance() async throws {
                if case .start = phase {
                    try writer.begin()
                    phase = .elements
                    return
                }
                try Task.checkCancellation()
                if let value = try await values.next() {
                    try writer.append(value)
                } else {
                    try writer.finish()
                    phase = .ending
                }
            }
        }
    }
}

extension YAJLEncoder.AsyncChunks: Sendable where Values: Sendable {}
