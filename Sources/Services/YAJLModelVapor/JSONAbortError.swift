#if Vapor
public import Vapor
public import YAJLModel
public import YAJLModelNIO

/// A JSON error as a Vapor error: the status and message of ``JSONErrorResponse``, which
/// Vapor's `ErrorMiddleware` sends as `{"error": true, "reason": "<what and where>"}`.
/// ``YAJLDecoder``'s content decoding throws it, and ``JSONError`` and ``JSONModelError``
/// thrown from a route answer as it does.
public struct JSONAbortError: AbortError, CustomStringConvertible {
    public let answer: JSONErrorResponse

    public init(_ answer: JSONErrorResponse) {
        self.answer = answer
    }

    public var status: HTTPResponseStatus { .init(statusCode: answer.status) }
    public var reason: String { answer.message }
    public var description: String { "\(answer.status) \(answer.message)" }
}

extension JSONError: AbortError {
    public var status: HTTPResponseStatus { JSONAbortError(JSONErrorResponse(self)).status }
    public var reason: String { description }
}

extension JSONModelError: AbortError {
    public var status: HTTPResponseStatus { JSONAbortError(JSONErrorResponse(self)).status }
    public var reason: String { JSONErrorResponse(self).message }
}
#endif
