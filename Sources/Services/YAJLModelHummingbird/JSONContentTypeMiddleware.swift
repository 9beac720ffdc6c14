#if Hummingbird
public import Hummingbird
public import YAJLModelNIO

/// Answers 415 Unsupported Media Type, with a JSON body, to a request whose
/// `Content-Type` is not JSON, before a route reads its body. Off unless added: add it to
/// a router or a group of JSON routes,
///
/// ```swift
/// router.add(middleware: JSONContentTypeMiddleware())                        // application/json, application/*+json
/// router.group("lines").add(middleware: JSONContentTypeMiddleware(accepting: .jsonLines))  // application/x-ndjson
/// ```
///
/// The body: `{"error": {"message": "unsupported Content-Type text/plain: expected
/// application/json or application/*+json", "contentType": "text/plain", "accepted": […]}}`.
/// A request that carries no body and names no type passes (see
/// ``JSONMediaTypes/unsupportedContentTypeResponse(contentType:method:contentLength:)``).
public struct JSONContentTypeMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The types let through.
    public let accepted: JSONMediaTypes

    /// A middleware that lets through requests of the `accepted` types (by default JSON:
    /// `application/json` and `application/*+json`).
    public init(accepting accepted: JSONMediaTypes = .json) {
        self.accepted = accepted
    }

    /// Answers 415 (by throwing ``JSONErrorResponse``), or hands the request on to `next`.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let refusal = accepted.unsupportedContentTypeResponse(
            contentType: request.headers[.contentType], method: request.method.rawValue, contentLength: request.headers[.contentLength])
        {
            throw refusal
        }
        return try await next(request, context)
    }
}
#endif
