#if Vapor
import Vapor
import YAJLModelNIO

extension JSONErrorResponse {
    /// This answer as a response of its own, with ``JSONErrorResponse/body`` as
    /// `application/json`, for middleware that answers before a route runs (an error
    /// thrown instead would pass through Vapor's `ErrorMiddleware`, which writes a body of its own).
    var vaporResponse: Response {
        Response(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: .init(string: bodyText))
    }
}
#endif
