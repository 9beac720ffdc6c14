#if Hummingbird
public import Hummingbird
public import YAJLModel
public import YAJLModelNIO

/// A JSON error's answer as a Hummingbird response: ``YAJLDecoder``'s request decoding
/// throws it, and ``JSONError`` and ``JSONModelError`` thrown from a route answer with it.
extension JSONErrorResponse: HTTPResponseError {
    /// ``statusCode`` as Hummingbird's status.
    public var status: HTTPResponse.Status { .init(code: statusCode) }

    /// The response: the status, and the body as `application/json`.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: bodyText)))
    }
}

// Errors thrown while streaming a body in a route (`elements(of: request.body, …)`),
// or by a model's `init(parsing:)`, answer with what went wrong and where instead of 500.

extension JSONError: HTTPResponseError {
    /// 400, 413 or 422: see ``JSONErrorResponse``.
    public var status: HTTPResponse.Status { JSONErrorResponse(self).status }

    /// ``JSONErrorResponse``'s response to this error.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try JSONErrorResponse(self).response(from: request, context: context)
    }
}

// The same answer for a model error.
extension JSONModelError: HTTPResponseError {
    /// 422, or 400 when the text was not JSON: see ``JSONErrorResponse``.
    public var status: HTTPResponse.Status { JSONErrorResponse(self).status }

    /// ``JSONErrorResponse``'s response to this error.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try JSONErrorResponse(self).response(from: request, context: context)
    }
}

// The same answer for an element of a streamed body that is not the type read.
extension JSONRecordError: HTTPResponseError {
    /// 422, or the status of its underlying error: see ``JSONErrorResponse``.
    public var status: HTTPResponse.Status { JSONErrorResponse(self).status }

    /// ``JSONErrorResponse``'s response to this error, with the element's index and where it is.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try JSONErrorResponse(self).response(from: request, context: context)
    }
}
// The same answer for damaged or too large gzip input in a streamed body.
extension JSONDecompressionError: HTTPResponseError {
    /// 413 past the decompressed-size limit, otherwise 400: see ``JSONErrorResponse``.
    public var status: HTTPResponse.Status { JSONErrorResponse(self).status }

    /// ``JSONErrorResponse``'s response to this error, with the compressed and decompressed offsets.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try JSONErrorResponse(self).response(from: request, context: context)
    }
}
#endif
