#if NIO
public import NIOCore
public import YAJLModel

extension JSONLinesReader {
    /// The records of JSON Lines in an asynchronous sequence of `ByteBuffer`s (a request
    /// body), split anywhere, each buffer read in place.
    ///
    /// ```swift
    /// for try await record in JSONLinesReader.records(of: request.body) { … }
    /// ```
    public static func records<Buffers: AsyncSequence>(
        of buffers: Buffers, options: JSONStreamOptions = .init(), invalidRecords: InvalidRecords = .fail
    ) -> AsyncRecords<AsyncMapSequence<Buffers, ByteBufferView>> where Buffers.Element == ByteBuffer {
        records(of: buffers.map { $0.readableBytesView }, options: options, invalidRecords: invalidRecords)
    }

    /// The records of JSON Lines in an asynchronous sequence of `ByteBuffer`s, each decoded
    /// as `type` by `decoder`.
    public static func records<Buffers: AsyncSequence, T: Decodable>(
        of buffers: Buffers, as type: T.Type, using decoder: YAJLDecoder, options: JSONStreamOptions = .init(),
        invalidRecords: InvalidRecords = .fail
    ) -> JSONConvertedRecords<AsyncRecords<AsyncMapSequence<Buffers, ByteBufferView>>, T> where Buffers.Element == ByteBuffer {
        records(of: buffers.map { $0.readableBytesView }, as: type, using: decoder, options: options, invalidRecords: invalidRecords)
    }

    /// The records of JSON Lines in an asynchronous sequence of `ByteBuffer`s, each read as
    /// a model (or another ``JSONConvertible`` type).
    public static func records<Buffers: AsyncSequence, T: JSONConvertible>(
        of buffers: Buffers, as type: T.Type, options: JSONStreamOptions = .init(), invalidRecords: InvalidRecords = .fail
    ) -> JSONConvertedRecords<AsyncRecords<AsyncMapSequence<Buffers, ByteBufferView>>, T> where Buffers.Element == ByteBuffer {
        records(of: buffers.map { $0.readableBytesView }, as: type, options: options, invalidRecords: invalidRecords)
    }
}
#endif
