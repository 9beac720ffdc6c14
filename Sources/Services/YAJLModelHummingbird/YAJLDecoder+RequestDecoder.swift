#if Hummingbird
public import Hummingbird
public import YAJLModel
import YAJLModelNIO

extension YAJLDecoder: RequestDecoder {
    /// Decodes the request body, collected up to the context's `maxUploadSize`
    /// (``YAJLRequestContext/maxUploadSize``). A longer body is answered 413 with a JSON
    /// body that names the limit (``JSONErrorResponse/contentTooLarge(limit:)``). A body
    /// that is not JSON, or not the JSON `type` reads, is an error whose response says
    /// what and where (see ``JSONErrorResponse``).
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: context.maxUploadSize)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            // The collection's own error (NIO's too-many-bytes) answers 413 with no body.
            throw JSONErrorResponse.contentTooLarge(limit: context.maxUploadSize)
        }
        do {
            return try decode(type, from: buffer)
        } catch {
            throw JSONErrorResponse(for: error) ?? error
        }
    }
}

extension YAJLEncoder: ResponseEncoder {
    /// Encodes `value` as the response body, `application/json; charset=utf-8`.
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        var buffer = ByteBuffer()
        try encode(value, into: &buffer)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: buffer))
    }
}
#endif
