#if NIO
import YAJLModel

// The answers to a request refused before its body is read as JSON: too large to
// collect, or not of a JSON media type. Same shape as every other answer:
// `{"error": {"message": …, …}}`, with what a client needs to retry as fields.

extension JSONErrorResponse {
    /// 413 Content Too Large for a body longer than `limit` bytes, the limit on what a
    /// route collects before decoding: `{"error": {"message": "…", "limit": 2097152}}`.
    public static func contentTooLarge(limit: Int) -> JSONErrorResponse {
        JSONErrorResponse(
            statusCode: 413, message: "the request body is larger than the limit of \(limit) bytes",
            [JSONMember(key: "limit", value: .number(JSONNumber(limit)))])
    }

    /// 415 Unsupported Media Type for a request whose `Content-Type` (nil: none) is not
    /// one of `accepted`: `{"error": {"message": "…", "contentType": "text/plain",
    /// "accepted": ["application/json", "application/*+json"]}}`.
    public static func unsupportedContentType(_ contentType: String?, accepted: JSONMediaTypes) -> JSONErrorResponse {
        let expected = accepted.names.joined(separator: " or ")
        let message = contentType.map { "unsupported Content-Type \($0): expected \(expected)" } ?? "no Content-Type: expected \(expected)"
        var members: [JSONMember] = []
        if let contentType { members.append(JSONMember(key: "contentType", value: .string(contentType))) }
        members.append(JSONMember(key: "accepted", value: .array(accepted.names.map { .string($0) })))
        return JSONErrorResponse(statusCode: 415, message: message, members)
    }
}
#endif
