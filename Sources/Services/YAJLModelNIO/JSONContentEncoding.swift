#if NIO
import Foundation
import NIOCore
public import YAJLModel

/// How a request body is encoded, as its `Content-Encoding` header says: as it is, or
/// gzip. The Hummingbird and Vapor adapters read it for both buffered bodies (their
/// request and content decoders) and streamed ones (`JSONStreamOptions(for: request)`).
///
/// The header may say `gzip` or `x-gzip` (in any case), `deflate`, `identity`, or nothing;
/// any other coding (`br`, `zstd`) is answered 415 Unsupported Media Type. The
/// body's first bytes then decide, as for every reader of this library: a body that starts
/// with gzip's magic bytes (`1f 8b`, which no JSON text starts with) is inflated with the
/// readers' own inflater, to at most ``defaultMaxDecompressedBytes`` unless raised (past
/// that the answer is 413 with the limit), and any other body is read as it is. So a body
/// that the server or a proxy has already inflated, leaving the header, reads as JSON.
public enum JSONContentEncoding: Sendable, Hashable {
    /// No coding, or `identity`: the body is read as it is (unless it is gzip).
    case identity
    /// `gzip` or `x-gzip`.
    case gzip
    /// `deflate`, which the adapters do not inflate: a server that does (Vapor's, unless told
    /// not to) leaves the header on the inflated body, which is then read as it is. A body
    /// that is still deflated is not JSON text, and is answered as such (400).
    case deflate

    /// The most bytes a gzip request body may inflate to unless raised: 16 MiB.
    ///
    /// The frameworks' body limits count the bytes received, which for a gzip body are
    /// the compressed ones, and deflate can shrink repeated text about a thousandfold: a
    /// 2 MiB upload (Hummingbird's default limit) could otherwise become 2 GiB to hold
    /// and parse. 16 MiB is eight times that upload size, enough for JSON that compresses
    /// as JSON usually does, and a buffered body of that size is held in memory.
    public static let defaultMaxDecompressedBytes = 16 << 20

    /// The coding named by a `Content-Encoding` header's value (nil: no header; several
    /// headers joined with commas).
    /// - Throws: ``JSONErrorResponse/unsupportedContentEncoding(_:)`` (415) for a coding
    ///   other than gzip or deflate, or for more than one.
    public init(header: String?) throws(JSONErrorResponse) {
        let codings = (header ?? "").split(separator: ",").map { trimmingWhiteSpace($0).lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
        switch codings {
        case []: self = .identity
        case ["gzip"], ["x-gzip"]: self = .gzip
        case ["deflate"]: self = .deflate
        default: throw JSONErrorResponse.unsupportedContentEncoding(header ?? "")
        }
    }
}

extension JSONErrorResponse {
    /// 415 Unsupported Media Type for a request body in a coding the adapters do not
    /// read: `{"error": {"message": "unsupported Content-Encoding br: expected gzip or
    /// identity", "contentEncoding": "br", "accepted": ["gzip", "x-gzip", "deflate", "identity"]}}`.
    public static func unsupportedContentEncoding(_ contentEncoding: String) -> JSONErrorResponse {
        JSONErrorResponse(
            statusCode: 415, message: "unsupported Content-Encoding \(contentEncoding): expected gzip or identity",
            [
                JSONMember(key: "contentEncoding", value: .string(contentEncoding)),
                JSONMember(key: "accepted", value: .array(["gzip", "x-gzip", "deflate", "identity"].map { .string($0) })),
            ])
    }
}

extension JSONStreamOptions {
    /// The default options for reading a request body whose `Content-Encoding` header
    /// says `contentEncoding` (nil: none), with ``maxDecompressedBytes`` at
    /// ``JSONContentEncoding/defaultMaxDecompressedBytes``. Raise that for a route that
    /// takes large compressed feeds.
    /// - Throws: ``JSONErrorResponse/unsupportedContentEncoding(_:)`` (415) for a coding
    ///   other than gzip or deflate.
    public init(contentEncoding: String?) throws(JSONErrorResponse) {
        _ = try JSONContentEncoding(header: contentEncoding)
        self.init()
        maxDecompressedBytes = JSONContentEncoding.defaultMaxDecompressedBytes
    }
}

extension YAJLDecoder {
    /// Decodes `type` from a buffered request body, inflated to at most
    /// `maxDecompressedBytes` when it is gzip: the adapters' request and content decoding.
    /// - Throws: ``JSONErrorResponse``: 413 past the limit, 400 for damaged gzip or text
    ///   that is not JSON, 422 for JSON that is not `type`; or an error it does not answer.
    package func decode<T: Decodable>(_ type: T.Type, fromRequestBody body: ByteBuffer, maxDecompressedBytes: Int) throws -> T {
        do {
            if let text = try inflatedRequestBody(body.readableBytesView, limit: maxDecompressedBytes) {
                return try decode(type, from: text)
            }
            return try decode(type, from: body)
        } catch {
            throw JSONErrorResponse(for: error) ?? error
        }
    }
}
#endif
