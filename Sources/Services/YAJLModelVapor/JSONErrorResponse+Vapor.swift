#if Vapor
public import Vapor
public import YAJLModel
public import YAJLModelNIO

/// A JSON error's answer as a Vapor error, which Vapor's `ErrorMiddleware` sends as
/// `{"error": true, "reason": "<what and where>"}`: ``YAJLDecoder``'s content decoding
/// throws it, and ``JSONError`` and ``JSONModelError`` thrown from a route answer as it does.
extension JSONErrorResponse: AbortError {
    public var status: HTTPResponseStatus { .init(statusCode: statusCode) }
    public var reason: String { message }
}

extension JSONError: AbortError {
    public var status: HTTPResponseStatus { JSONErrorResponse(self).status }
    public var reason: String { description }
}

extension JSONModelError: AbortError {
    public var status: HTTPResponseStatus { JSONErrorResponse(self).status }
    public var reason: String { JSONErrorResponse(self).message }
}
#endif
