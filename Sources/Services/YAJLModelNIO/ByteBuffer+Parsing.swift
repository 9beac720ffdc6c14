#if NIO
import Foundation
public import NIOCore
public import YAJLModel

// Whole bodies: a ByteBuffer's readable bytes parsed as a document, decoded, read as a
// model, and a value encoded into a ByteBuffer. A document keeps a copy of its input of
// its own, as it does of any bytes: one copy, as with an array.

extension JSONDocument {
    /// Parses the readable bytes of `buffer` (its reader index is not moved).
    public convenience init(parsing buffer: ByteBuffer, options: JSONParseOptions = .init()) throws(JSONError) {
        try self.init(parsing: Array(buffer.readableBytesView), options: options)
    }
}

extension JSONModel {
    /// Parses the readable bytes of `buffer` (after ``JSONModel/preprocess(_:)``) and reads a model from it.
    public init(parsing buffer: ByteBuffer, options: JSONParseOptions = .init()) throws(JSONModelError) {
        try self.init(parsing: Array(buffer.readableBytesView), options: options)
    }
}

extension YAJLDecoder {
    /// Decodes a value of `type` from the readable bytes of `buffer`.
    /// - Throws: `DecodingError`; for text that is not JSON, `dataCorrupted` with the
    ///   ``JSONError`` (and its location) as the underlying error.
    public func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
        try decode(type, from: Array(buffer.readableBytesView))
    }
}

extension YAJLEncoder {
    /// Encodes `value` as JSON and writes it at the writer index of `buffer`.
    public func encode<T: Encodable>(_ value: T, into buffer: inout ByteBuffer) throws {
        let data: Data = try encode(value)
        buffer.writeBytes(data)
    }
}
#endif
