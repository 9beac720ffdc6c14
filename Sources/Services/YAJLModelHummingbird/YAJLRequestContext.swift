#if Hummingbird
public import Hummingbird
public import YAJLModel

/// A Hummingbird request context that decodes request bodies with ``YAJLDecoder`` and
/// encodes responses with ``YAJLEncoder``: one line of setup,
///
/// ```swift
/// let router = Router(context: YAJLRequestContext.self)
/// ```
///
/// A context of your own gets the same with `typealias Decoder = YAJLDecoder` and
/// `typealias Encoder = YAJLEncoder` (see the extensions of `RequestContext`).
public struct YAJLRequestContext: RequestContext {
    public typealias Decoder = YAJLDecoder
    public typealias Encoder = YAJLEncoder

    public var coreContext: CoreRequestContextStorage

    /// A context for a request from `source`.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
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
