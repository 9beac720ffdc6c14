#if NIO
public import NIOCore
public import YAJLModel

// A `ByteBuffer` is read through its `readableBytesView`, whose contiguous storage the
// readers copy straight into their own buffer: no array is made of each chunk.

extension JSONElementReader {
    /// The elements of the array at `target` in an asynchronous sequence of `ByteBuffer`s
    /// (a Hummingbird or Vapor request body, a NIO channel's reads), split anywhere.
    ///
    /// ```swift
    /// for try await item in JSONElementReader.elements(of: request.body, at: "/items") {
    ///     try await store(item)
    /// }
    /// ```
    public static func elements<Buffers: AsyncSequence>(
        of buffers: Buffers, at target: Target = "", options: JSONStreamOptions = .init()
    ) -> AsyncElements<AsyncMapSequence<Buffers, ByteBufferView>> where Buffers.Element == ByteBuffer {
        elements(of: buffers.map { $0.readableBytesView }, at: target, options: options)
    }

    /// The elements of the array at `target` in an asynchronous sequence of `ByteBuffer`s,
    /// each decoded as `type` by `decoder`. An element that does not decode is a
    /// ``JSONRecordError`` (with its index and place in the body), or is reported and
    /// skipped with `invalidRecords: .skip(report:)`.
    public static func elements<Buffers: AsyncSequence, T: Decodable>(
        of buffers: Buffers, at target: Target = "", as type: T.Type, using decoder: YAJLDecoder,
        options: JSONStreamOptions = .init(), invalidRecords: InvalidRecords = .fail
    ) -> JSONConvertedRecords<AsyncElements<AsyncMapSequence<Buffers, ByteBufferView>>, T> where Buffers.Element == ByteBuffer {
        elements(of: buffers.map { $0.readableBytesView }, at: target, as: type, using: decoder, options: options, invalidRecords: invalidRecords)
    }

    /// The elements of the array at `target` in an asynchronous sequence of `ByteBuffer`s,
    /// each read as a model (or another ``JSONConvertible`` type); errors as for decoding.
    public static func elements<Buffers: AsyncSequence, T: JSONConvertible>(
        of buffers: Buffers, at target: Target = "", as type: T.Type, options: JSONStreamOptions = .init(),
        invalidRecords: InvalidRecords = .fail
    ) -> JSONConvertedRecords<AsyncElements<AsyncMapSequence<Buffers, ByteBufferView>>, T> where Buffers.Element == ByteBuffer {
        elements(of: buffers.map { $0.readableBytesView }, at: target, as: type, options: options, invalidRecords: invalidRecords)
    }
}
#endif
