#if Vapor
public import Vapor
public import YAJLModel
public import YAJLModelNIO

extension YAJLDecoder: ContentDecoder {
    /// Decodes a request body. A body that is not JSON, or not the JSON `decodable`
    /// reads, is a ``JSONErrorResponse`` whose response says what and where.
    ///
    /// A gzip body (`Content-Encoding: gzip`, see ``JSONContentEncoding``) is inflated to
    /// at most ``JSONContentEncoding/defaultMaxDecompressedBytes`` (another limit:
    /// `useYAJL(decoder:encoder:maxDecompressedBytes:)`) and
    /// answered 413 past that; the route's body limit counts its compressed bytes.
    /// Another coding is answered 415.
    public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
        try decode(decodable, from: body, headers: headers, maxDecompressedBytes: JSONContentEncoding.defaultMaxDecompressedBytes)
    }

    /// Decodes a request body, gzip inflated to at most `maxDecompressedBytes`.
    func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders, maxDecompressedBytes: Int) throws -> D {
        _ = try JSONContentEncoding(header: headers.contentEncoding)
        return try decode(decodable, fromRequestBody: body, maxDecompressedBytes: maxDecompressedBytes)
    }
}

/// ``YAJLDecoder`` as a content decoder with a decompressed-size limit of its own.
struct YAJLContentDecoder: ContentDecoder {
    let decoder: YAJLDecoder
    let maxDecompressedBytes: Int

    func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
        try decoder.decode(decodable, from: body, headers: headers, maxDecompressedBytes: maxDecompressedBytes)
    }
}

extension HTTPHeaders {
    /// The `Content-Encoding` headers' values, joined with commas; nil when there is none.
    var contentEncoding: String? {
        let values = self[.contentEncoding]
        return values.isEmpty ? nil : values.joined(separator: ",")
    }
}

extension JSONStreamOptions {
    /// The default options for reading `request`'s body as it arrives (a `body: .stream`
    /// route), which read a gzip body (`Content-Encoding: gzip`) to at most
    /// ``maxDecompressedBytes`` (by default ``JSONContentEncoding/defaultMaxDecompressedBytes``;
    /// raise it for a route that takes large compressed feeds):
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

extension YAJLEncoder: ContentEncoder {
    /// Encodes a response body, `application/json; charset=utf-8`.
    public func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws {
        headers.contentType = .json
        try encode(encodable, into: &body)
    }
}

extension ContentConfiguration {
    /// Decodes and encodes JSON content with ``YAJLDecoder`` and ``YAJLEncoder``: one line of setup,
    ///
    /// ```swift
    /// ContentConfiguration.global.useYAJL()
    /// ```
    ///
    /// A gzip request body is inflated to at most `maxDecompressedBytes` (by default
    /// ``JSONContentEncoding/defaultMaxDecompressedBytes``) and answered 413 past that.
    public mutating func useYAJL(
        decoder: YAJLDecoder = YAJLDecoder(), encoder: YAJLEncoder = YAJLEncoder(),
        maxDecompressedBytes: Int = JSONContentEncoding.defaultMaxDecompressedBytes
    ) {
        use(decoder: YAJLContentDecoder(decoder: decoder, maxDecompressedBytes: maxDecompressedBytes), for: .json)
        use(encoder: encoder, for: .json)
    }
}
#endif
