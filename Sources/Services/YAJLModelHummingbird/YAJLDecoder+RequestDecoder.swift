#if Hummingbird
public import Hummingbird
public import YAJLModel
public import YAJLModelNIO

extension YAJLDecoder: RequestDecoder {
    /// Decodes the request body, collected up to the context's `maxUploadSize`
    /// (``YAJLRequestContext/maxUploadSize``). A longer body is answered 413 with a JSON
    /// body that names the limit (``JSONErrorResponse/contentTooLarge(limit:)``). A body
    /// that is not JSON, or not the JSON `type` reads, is an error whose response says
    /// what and where (see ``JSONErrorResponse``).
    ///
    /// A gzip body (`Content-Encoding: gzip`, see ``JSONContentEncoding``) is inflated to
    /// at most ``YAJLRequestContext/maxDecompressedSize`` bytes (another context:
    /// ``JSONContentEncoding/defaultMaxDecompressedBytes``), and answered 413 past that;
    /// `maxUploadSize` counts its compressed bytes. Another coding is answered 415.
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        _ = try JSONContentEncoding(header: request.headers.contentEncoding)
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: context.maxUploadSize)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            // The collection's own error (NIO's too-many-bytes) answers 413 with no body.
            throw JSONErrorResponse.contentTooLarge(limit: context.maxUploadSize)
        }
        let limit = (context as? YAJLRequestContext)?.maxDecompressedSize ?? JSONContentEncoding.defaultMaxDecompressedBytes
        return try decode(type, fromRequestBody: buffer, maxDecompressedBytes: limit)
    }
}

extension HTTPFields {
    /// The `Content-Encoding` headers' values, joined with commas; nil when there is none.
    var contentEncoding: String? {
        let values = self[values: .contentEncoding]
        return values.isEmpty ? nil : values.joined(separator: ",")
    }
}

extension JSONStreamOptions {
    /// The default options for reading `request`'s body as it arrives, which read a gzip
    /// body (`Content-Encoding: gzip`) to at most ``maxDecompressedBytes`` (by default
    /// ``JSONContentEncoding/defaultMaxDecompressedBytes``; raise it for a route that takes
    /// large compressed feeds):
    ///
    /// ```swift
    /// let options = try JSONStreamOptions(for: request)
    /// for try await item in JSONElementReader.elements(of: request.body, at: "/items", options: options) { … }
    /// ```
    ///
    /// - Throws: ``JSONErrorResponse/unsupportedContentEncoding(_:)``, answered 415, for a
    ///   coding other than gzip.
    public init(for request: Request) throws(JSONErrorResponse) {
        try self.init(contentEncoding: request.headers.contentEncoding)
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
