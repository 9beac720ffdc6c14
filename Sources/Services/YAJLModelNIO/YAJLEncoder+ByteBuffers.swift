#if NIO
public import NIOCore
public import YAJLModel

extension YAJLEncoder {
    /// The JSON of `values`, encoded one at a time as they come, as an asynchronous sequence of
    /// `ByteBuffer`s of `chunkSize` bytes (the last one shorter): ``YAJLEncoder/chunks(encoding:framing:chunkSize:)``
    /// for SwiftNIO, with the same output, backpressure, cancellation and errors.
    public func byteBuffers<Values: AsyncSequence>(
        encoding values: Values, framing: JSONOutputFraming = .array, chunkSize: Int = defaultChunkSize
    ) -> ByteBufferChunks<Values> where Values.Element: Encodable {
        ByteBufferChunks(chunks: chunks(encoding: values, framing: framing, chunkSize: chunkSize))
    }

    /// The JSON of an asynchronous sequence of values as `ByteBuffer` chunks: see
    /// ``YAJLEncoder/byteBuffers(encoding:framing:chunkSize:)``.
    public struct ByteBufferChunks<Values: AsyncSequence>: AsyncSequence where Values.Element: Encodable {
        public typealias Element = ByteBuffer

        let chunks: AsyncChunks<Values>

        public func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks.makeAsyncIterator()) }

        /// Encodes values as buffers are asked for; see ``YAJLEncoder/AsyncChunks/Iterator``.
        public struct Iterator: AsyncIteratorProtocol {
            var chunks: AsyncChunks<Values>.Iterator

            /// The next chunk, or nil after the last.
            public mutating func next() async throws -> ByteBuffer? {
                try await chunks.next().map { ByteBuffer(bytes: $0) }
            }
        }
    }
}

extension YAJLEncoder.ByteBufferChunks: Sendable where Values: Sendable {}
#endif
