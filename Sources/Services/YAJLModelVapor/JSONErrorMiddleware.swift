#if Vapor
public import Vapor
public import YAJLModel
public import YAJLModelNIO

/// Answers the JSON errors of this library with ``JSONErrorResponse``'s body, which says
/// where as JSON fields (`offset`, `line`, `column`, a streamed element's `index`, each
/// model issue's `path`), instead of Vapor's `{"error": true, "reason": …}`:
///
/// ```swift
/// app.middleware.use(JSONErrorMiddleware())
/// ```
///
/// Other errors pass on to the middleware after it (Vapor's `ErrorMiddleware`).
public struct JSONErrorMiddleware: AsyncMiddleware {
    /// A middleware that answers JSON errors.
    public init() {}

    /// The response of the responders after this one, or the answer to their JSON error.
    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            guard let answer = JSONErrorResponse(for: error) else { throw error }
            var headers = HTTPHeaders()
            headers.contentType = .json
            return Response(status: answer.status, headers: headers, body: .init(string: answer.bodyText))
        }
    }
}
#endif
