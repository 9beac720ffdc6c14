#if Hummingbird
public import Hummingbird
public import YAJLModel
public import YAJLModelNIO

/// A JSON error's answer as a Hummingbird response: ``YAJLDecoder``'s request decoding
/// throws it, and ``JSONError`` and ``JSONModelError`` thrown from a route answer with it.
extension JSONErrorResponse: HTTPResponseError {
    public var status: HTTPResponse.Status { .init(code: statusCode) }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: bodyText)))
    }
}

// Errors thrown while streaming a body in a route (`elements(of: request.body, …)`),
// or by a model's `init(parsing:)`, answer with what went wrong and where instead of 500.

extension JSONError: HTTPResponseError {
    public var status: HTTPResponse.Status { JSONErrorResponse(self).status }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try JSONErrorResponse(self).response(from: request, context: context)
    }
}

extension JSONModelError: HTTPResponseError {
    public var status: HTTPResponse.Status { JSONErrorResponse(self).status }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try JSONErrorResponse(self).response(from: request, context: context)
    }
}
#endif
