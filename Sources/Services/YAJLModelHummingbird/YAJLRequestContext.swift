#if Hummingbird
public import Hummingbird
public import NIOCore
public import YAJLModel
import YAJLModelNIO

/// A Hummingbird request context that decodes request bodies with ``YAJLDecoder`` and
/// encodes responses with ``YAJLEncoder``: one line of setup,
///
/// ```swift
/// let router = Router(context: YAJLRequestContext.self)
/// ```
///
/// A context of your own gets the same with `typealias Decoder = YAJLDecoder` and
/// `typealias Encoder = YAJLEncoder` (see the extensions of `RequestContext`).
///
/// A buffered body (`request.decode(as:context:)`) is collected up to
/// ``maxUploadSize`` bytes, 2 MiB unless a route or a middleware raises it; a longer
/// one is answered 413 with a JSON body that names the limit.
public struct YAJLRequestContext: RequestContext {
    public typealias Decoder = YAJLDecoder
    public typealias Encoder = YAJLEncoder

    public var coreContext: CoreRequestContextStorage

    /// The most bytes a buffered body may have: `request.decode(as:context:)` collects
    /// up to this many and answers a longer body with 413 Content Too Large and
    /// `{"error": {"message": "the request body is larger than the limit of 2097152 bytes", "limit": 2097152}}`.
    ///
    /// ``defaultMaxUploadSize`` (2 MiB, Hummingbird's own default) unless set. Set it for
    /// one route on a copy of the context, or for a group of routes in a middleware that
    /// passes a copy on to `next`:
    ///
    /// ```swift
    /// router.post("/uploads") { request, context -> Upload in
    ///     var context = context
    ///     context.maxUploadSize = 256 << 20
    ///     return try await request.decode(as: Upload.self, context: context)
    /// }
    /// ```
    ///
    /// A body read as it arrives (`JSONElementReader.elements(of: request.body, …)`,
    /// `JSONLinesReader.records(of: request.body, …)`) is never collected, so this limit
    /// does not apply to it: the reader's ``JSONStreamOptions`` bound what one record may
    /// cost (``JSONStreamOptions/maxRecordBytes``), however long the body.
    public var maxUploadSize: Int = YAJLRequestContext.defaultMaxUploadSize

    /// The default ``maxUploadSize``: 2 MiB.
    public static let defaultMaxUploadSize = 2 << 20

    /// The most bytes a buffered gzip body (`Content-Encoding: gzip`) may inflate to:
    /// past it, `request.decode(as:context:)` answers 413 Content Too Large with the
    /// limit. ``maxUploadSize`` bounds the compressed bytes received; this bounds the text
    /// decoded, which a small compressed body can make large.
    /// ``JSONContentEncoding/defaultMaxDecompressedBytes`` (16 MiB) unless set, as
    /// ``maxUploadSize`` is. A body read as it arrives is bounded by its reader's
    /// ``JSONStreamOptions/maxDecompressedBytes`` instead (see `JSONStreamOptions(for:)`).
    public var maxDecompressedSize: Int = JSONContentEncoding.defaultMaxDecompressedBytes

    /// The event loop of the request's connection: pass it to
    /// ``Hummingbird/ResponseBody/init(encoding:with:framing:chunkSize:pacedBy:)`` so that a streamed
    /// response is made no faster than the connection sends it.
    public let eventLoop: any EventLoop

    /// A context for a request from `source`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        eventLoop = source.channel.eventLoop
    }
}

/// The coders every context shares: both are `Sendable`, with their options behind a lock.
let sharedDecoder = YAJLDecoder()
let sharedEncoder = YAJLEncoder()

extension RequestContext where Decoder == YAJLDecoder {
    /// A shared ``YAJLDecoder`` with the default options.
    public var requestDecoder: YAJLDecoder { sharedDecoder }
}

extension RequestContext where Encoder == YAJLEncoder {
    /// A shared ``YAJLEncoder`` with the default options.
    public var responseEncoder: YAJLEncoder { sharedEncoder }
}
#endif
