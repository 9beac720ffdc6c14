#if Hummingbird
public import Hummingbird
public import YAJLModel
import YAJLModelNIO

extension ResponseBody {
    /// A body that encodes `values` with `encoder` as they come, a chunk at a time, in memory
    /// bounded by one chunk plus one value; see ``YAJLModel/YAJLEncoder/chunks(encoding:framing:chunkSize:)``.
    ///
    /// ```swift
    /// router.get("/events") { _, _ in
    ///     Response(status: .ok, headers: [.contentType: "application/x-ndjson"],
    ///              body: ResponseBody(encoding: events, framing: .jsonLines))
    /// }
    /// ```
    ///
    /// Values are pulled only as the connection takes the chunks, and not after the client goes
    /// away. A value that fails to encode ends the body after the values before it, and the
    /// connection is closed, so that the client sees a truncated body rather than a complete one.
    public init<Values: AsyncSequence & Sendable>(
        encoding values: Values, with encoder: YAJLEncoder = YAJLEncoder(), framing: JSONOutputFraming = .array,
        chunkSize: Int = YAJLEncoder.defaultChunkSize
    ) where Values.Element: Encodable {
        self.init(asyncSequence: encoder.byteBuffers(encoding: values, framing: framing, chunkSize: chunkSize))
    }
}
#endif
