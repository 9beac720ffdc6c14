#if Vapor
public import Vapor
import YAJLModelNIO

/// Collects the body of a buffered route up to a limit, and answers a longer one with
/// 413 Content Too Large and a JSON body that names the limit:
/// `{"error": {"message": "the request body is larger than the limit of 16384 bytes", "limit": 16384}}`.
///
/// Vapor itself collects a buffered route's body up to `app.routes.defaultMaxBodySize`
/// (16 KB unless set) or the route's `body: .collect(maxSize:)`, and answers a longer
/// one with its own error body; a body that arrives in one read is not checked at all.
/// Behind this middleware the body is collected, and checked, before the route runs:
///
/// ```swift
/// let uploads = app.grouped(JSONBodyLimitMiddleware(maxSize: "256mb"))
/// uploads.post("uploads") { request async throws -> Receipt in
///     try store(request.content.decode(Upload.self))
/// }
/// ```
///
/// The limit is ``maxSize``, or, when that is nil, the application's
/// `routes.defaultMaxBodySize` at the time of the request. A body of up to that many
/// bytes is let through.
///
/// Add it only to buffered routes: it collects the body, so a route with
/// `body: .stream` behind it would lose the point of streaming. A streamed body
/// (`JSONElementReader.elements(of: request.body, …)`) is bounded instead by the
/// reader's ``JSONStreamOptions`` (``JSONStreamOptions/maxRecordBytes``), however long it is.
public struct JSONBodyLimitMiddleware: AsyncMiddleware {
    /// The most bytes a body may have; nil: the application's `routes.defaultMaxBodySize`.
    public let maxSize: ByteCount?

    /// A middleware that collects bodies of up to `maxSize` bytes (nil: the
    /// application's `routes.defaultMaxBodySize`).
    public init(maxSize: ByteCount? = nil) {
        self.maxSize = maxSize
    }

    /// Collects the body, or answers 413; then hands the request on to `next`.
    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let limit = (maxSize ?? request.application.routes.defaultMaxBodySize).value
        if let body = request.body.data {
            if body.readableBytes > limit { return JSONErrorResponse.contentTooLarge(limit: limit).vaporResponse }
        } else {
            // Vapor's collection refuses a body that reaches `max`: one more lets `limit` bytes through.
            let max = limit == .max ? limit : limit + 1
            do {
                // On the request's event loop, as Vapor's own collection of a route's body is.
                _ = try await request.eventLoop.flatSubmit { request.body.collect(max: max) }.get()
            } catch let error as any AbortError where error.status == .payloadTooLarge {
                return JSONErrorResponse.contentTooLarge(limit: limit).vaporResponse
            }
        }
        return try await next.respond(to: request)
    }
}
#endif
