#if Vapor
public import Vapor
public import YAJLModelNIO

/// Answers 415 Unsupported Media Type, with a JSON body, to a request whose
/// `Content-Type` is not JSON, before a route reads its body. Off unless added: add it
/// to the application or to a group of JSON routes, ahead of ``JSONBodyLimitMiddleware``
/// so that a body of the wrong type is not collected first,
///
/// ```swift
/// let api = app.grouped(JSONContentTypeMiddleware())                        // application/json, application/*+json
/// let lines = app.grouped(JSONContentTypeMiddleware(accepting: .jsonLines)) // application/x-ndjson
/// ```
///
/// The body: `{"error": {"message": "unsupported Content-Type text/plain: expected
/// application/json or application/*+json", "contentType": "text/plain", "accepted": […]}}`.
/// A request that carries no body and names no type passes (see
/// ``JSONMediaTypes/unsupportedContentTypeResponse(contentType:method:contentLength:)``).
///
/// Vapor's content configuration picks a decoder by exact media type, so
/// `request.content.decode(_:)` knows `application/json` only; decode a body of an
/// `application/*+json` type with `request.content.decode(T.self, using: YAJLDecoder())`.
public struct JSONContentTypeMiddleware: AsyncMiddleware {
    /// The types let through.
    public let accepted: JSONMediaTypes

    /// A middleware that lets through requests of the `accepted` types (by default JSON:
    /// `application/json` and `application/*+json`).
    public init(accepting accepted: JSONMediaTypes = .json) {
        self.accepted = accepted
    }

    /// Answers 415, or hands the request on to `next`.
    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if let refusal = accepted.unsupportedContentTypeResponse(
            contentType: request.headers.first(name: .contentType), method: request.method.rawValue,
            contentLength: request.headers.first(name: .contentLength))
        {
            return refusal.vaporResponse
        }
        return try await next.respond(to: request)
    }
}
#endif
