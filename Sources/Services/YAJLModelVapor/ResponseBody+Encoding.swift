#if Vapor
public import Vapor
public import YAJLModel
import YAJLModelNIO

extension Response.Body {
    /// A chunked body that encodes `values` with `encoder` as they come, a chunk at a time, in
    /// memory bounded by one chunk plus one value; see ``YAJLModel/YAJLEncoder/chunks(encoding:framing:chunkSize:)``.
    ///
    /// ```swift
    /// app.get("events") { _ in
    ///     Response(status: .ok, headers: ["Content-Type": "application/x-ndjson"],
    ///              body: .init(encoding: events, framing: .jsonLines))
    /// }
    /// ```
    ///
    /// Values are pulled only as the connection takes the chunks, and not after the client goes
    /// away. A value that fails to encode ends the body after the values before it, with the
    /// stream's error, so that the client sees a truncated body rather than a complete one.
    public init<Values: AsyncSequence & Sendable>(
        encoding values: Values, with encoder: YAJLEncoder = YAJLEncoder(), framing: JSONOutputFraming = .array,
        chunkSize: Int = YAJLEncoder.defaultChunkSize
    ) where Values.Element: Encodable {
        let buffers = encoder.byteBuffers(encoding: values, framing: framing, chunkSize: chunkSize)
        self.init(managedAsyncStream: { writer in
            for try await buffer in buffers { try await writer.writeBuffer(buffer) }
        })
    }
}
#endif
