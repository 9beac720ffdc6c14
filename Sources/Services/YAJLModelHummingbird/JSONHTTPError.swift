#if Hummingbird
public import Hummingbird
public import YAJLModel
public import YAJLModelNIO

/// A JSON error as a Hummingbird response: the status and body of ``JSONErrorResponse``.
/// ``YAJLDecoder``'s request decoding throws it, and so do ``JSONError`` and
/// ``JSONModelError`` thrown from a route (they answer as it does).
public struct JSONHTTPError: HTTPResponseError, CustomStringConvertible {
    public let answer: JSONErrorResponse

    public init(_ answer: JSONErrorResponse) {
        self.answer = answer
    }

    public var status: HTTPResponse.Status { .init(code: answer.status) }

    public var description: String { "\(status.code) \(answer.message)" }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: answer.bodyText)))
    }
}

// Errors thrown while streaming a body in a route (`elements(of: request.body, …)`),
// or by a model's `init(parsing:)`, answer with what went wrong and where instead of 500.

extension JSONError: ResponseGenerator, HTTPResponseError {
    public var status: HTTPResponse.Status { JSONHTTPError(JSONErrorResponse(self)).status }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try JSONHTTPError(JSONErrorResponse(self)).response(from: request, context: context)
    }
}

extension JSONModelError: ResponseGenerator, HTTPResponseError {
    public var status: HTTPResponse.Status { JSONHTTPError(JSONErrorResponse(self)).status }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try JSONHTTPError(JSONErrorResponse(self)).response(from: request, context: context)
    }
}
#endif
