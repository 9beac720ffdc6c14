import Foundation

/// Encoding a sequence of values straight to a file, with bounded memory.
extension YAJLEncoder {
    /// Encodes `values` to the open file descriptor `descriptor`, a chunk at a time; see
    /// ``encode(_:framing:chunkSize:chunks:)`` for the output and its errors.
    ///
    /// ```swift
    /// try YAJLEncoder().encode(statuses, framing: .array, toFileDescriptor: descriptor)
    /// ```
    ///
    /// Each chunk is written with `write(2)`, again after a short write or `EINTR`. The
    /// descriptor is left open.
    /// - Throws: `CocoaError(.fileWriteUnknown)` whose underlying error is the `POSIXError` of a
    ///   failed write, after the chunks before it; or the encoding errors of `encode(_:framing:chunkSize:chunks:)`.
    public func encode<Values: Sequence>(
        _ values: Values, framing: JSONOutputFraming = .array, chunkSize: Int = defaultChunkSize,
        toFileDescriptor descriptor: Int32
    ) throws where Values.Element: Encodable {
        try encode(values, framing: framing, chunkSize: chunkSize) { try Self.write($0, to: descriptor) }
    }

    /// Encodes `values` to `handle`'s file descriptor; see `encode(_:framing:chunkSize:toFileDescriptor:)`.
    public func encode<Values: Sequence>(
        _ values: Values, framing: JSONOutputFraming = .array, chunkSize: Int = defaultChunkSize, to handle: FileHandle
    ) throws where Values.Element: Encodable {
        try encode(values, framing: framing, chunkSize: chunkSize, toFileDescriptor: handle.fileDescriptor)
    }

    /// Encodes the values of an asynchronous sequence to the open file descriptor `descriptor`,
    /// pulling each only as the chunks before it are written; see
    /// `encode(_:framing:chunkSize:toFileDescriptor:)` and ``chunks(encoding:framing:chunkSize:)``.
    public func encode<Values: AsyncSequence>(
        _ values: Values, framing: JSONOutputFraming = .array, chunkSize: Int = defaultChunkSize,
        toFileDescriptor descriptor: Int32
    ) async throws where Values.Element: Encodable {
        var chunks = chunks(encoding: values, framing: framing, chunkSize: chunkSize).makeAsyncIterator()
        while let chunk = try await chunks.next() {
            try chunk.withUnsafeBytes { try Self.write($0, to: descriptor) }
        }
    }

    /// Encodes the values of an asynchronous sequence to `handle`'s file descriptor; see
    /// `encode(_:framing:chunkSize:toFileDescriptor:)` for a `Sequence`.
    public func encode<Values: AsyncSequence>(
        _ values: Values, framing: JSONOutputFraming = .array, chunkSize: Int = defaultChunkSize, to handle: FileHandle
    ) async throws where Values.Element: Encodable {
        try await encode(values, framing: framing, chunkSize: chunkSize, toFileDescriptor: handle.fileDescriptor)
    }

    /// Writes all of `bytes` to `descriptor`.
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws {
        var offset = 0
        while offset < bytes.count {
            // Unsafe: `offset` stays below `bytes.count`, so the range written lies within `bytes`.
            let written = systemWrite(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                let code = written < 0 ? POSIXErrorCode(rawValue: errno) ?? .EIO : .EIO
                throw CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: POSIXError(code)])
            }
        }
    }
}
