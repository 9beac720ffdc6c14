#if Vapor
public import Vapor
public import YAJLModel
import YAJLModelNIO

extension YAJLDecoder: ContentDecoder {
    /// Decodes a request body. A body that is not JSON, or not the JSON `decodable`
    /// reads, is a ``JSONErrorResponse`` whose response says what and where.
    public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
        do {
            return try decode(decodable, from: body)
        } catch {
            throw JSONErrorResponse(for: error) ?? error
        }
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
    public mutating func useYAJL(decoder: YAJLDecoder = YAJLDecoder(), encoder: YAJLEncoder = YAJLEncoder()) {
        use(decoder: decoder, for: .json)
        use(encoder: encoder, for: .json)
    }
}
#endif
