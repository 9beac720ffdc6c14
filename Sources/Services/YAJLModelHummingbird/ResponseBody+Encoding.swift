#if Hummingbird
public import Hummingbird
public import NIOCore
public import YAJLModel
import YAJLModelNIO

extension ResponseBody {
    /// A body that encodes `values` with `encoder` as they come, a chunk at a time, in memory
    /// bounded by one chunk plus one value; see ``YAJLModel/YAJLEncoder/chunks(encoding:framing:chunkSize:)``.
    ///
    /// ```swift
    /// router.get("/events") { _, context in
    ///     Response(status: .ok, headers: [.contentType: "application/x-ndjson"],
    ///              body: ResponseBody(encoding: events, framing: .jsonLines, pacedBy: context.eventLoop))
    /// }
    /// ```
    ///
    /// Values are pulled as the connection takes the chunks, and not after the client goes
    /// away. A value that fails to encode ends the body after the values before it, and the
    /// connection is closed, so that the client sees a truncated body rather than a complete one.
    ///
    /// Pass the connection's event loop as `eventLoop` (``YAJLRequestContext/eventLoop``) to bound
    /// what waits in memory to about two chunks beyond the connection's own buffer. Without it,
    /// Hummingbird's writer takes each chunk at once until its event loop has seen the connection's
    /// buffer fill, so a producer faster than the connection runs ahead by what it makes meanwhile.
    public init<Values: AsyncSequence & Sendable>(
        encoding values: Values, with encoder: YAJLEncoder = YAJLEncoder(), framing: JSONOutputFraming = .array,
        chunkSize: Int = YAJLEncoder.defaultChunkSize, pacedBy eventLoop: (any EventLoop)? = nil
    ) where Values.Element: Encodable {
        let chunks = encoder.byteBuffers(encoding: values, framing: framing, chunkSize: chunkSize)
        guard let eventLoop else {
            self.init(asyncSequence: chunks)
            return
        }
        self.init { writer in
            var previousChunkHandled: EventLoopFuture<Void>?
            for try await chunk in chunks {
                try await writer.write(chunk)
                // The event loop runs tasks in the order they are submitted, so this one runs after
                // the write's own task; once it has, the writer knows whether the connection's buffer
                // is full and makes the next write wait. Waiting one chunk behind keeps the encoding
                // of a chunk and the sending of the one before it overlapped.
                let chunkHandled = eventLoop.submit {}
                try await previousChunkHandled?.get()
                previousChunkHandled = chunkHandled
            }
            try await writer.finish(nil)
        }
    }
}
#endif
