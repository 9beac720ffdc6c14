#if Vapor
public import Vapor
public import YAJLModel
public import YAJLModelNIO

/// A JSON error's answer as a Vapor error, which Vapor's `ErrorMiddleware` sends as
/// `{"error": true, "reason": "<what and where>"}`: ``YAJLDecoder``'s content decoding
/// throws it, and ``JSONError`` and ``JSONModelError`` thrown from a route answer as it does.
extension JSONErrorResponse: AbortError {
    /// ``statusCode`` as Vapor's status.
    public var status: HTTPResponseStatus { .init(statusCode: statusCode) }
    /// ``message``: what went wrong, and where.
    public var reason: String { message }
}

extension JSONError: AbortError {
    /// 400, 413 or 422: see ``JSONErrorResponse``.
    public var status: HTTPResponseStatus { JSONErrorResponse(self).status }
    /// The description: what went wrong, at which line, column and byte.
    public var reason: String { description }
}

extension JSONModelError: AbortError {
    /// 422, or 400 when the text was not JSON: see ``JSONErrorResponse``.
    public var status: HTTPResponseStatus { JSONErrorResponse(self).status }
    /// Every problem, with its path, line, column and byte.
    public var reason: String { JSONErrorResponse(self).message }
}

extension JSONRecordError: AbortError {
    /// 422, or the status of its underlying error: see ``JSONErrorResponse``.
    public var status: HTTPResponseStatus { JSONErrorResponse(self).status }
    /// The element's index, the problem's path, and where it is in the whole body.
    public var reason: String { description }
}
extension JSONDecompressionError: AbortError {
    /// 413 past the decompressed-size limit, otherwise 400: see ``JSONErrorResponse``.
    public var status: HTTPResponseStatus { JSONErrorResponse(self).status }
    /// What is wrong with the gzip body, at which compressed and decompressed byte.
    public var reason: String { description }
}
#endif
