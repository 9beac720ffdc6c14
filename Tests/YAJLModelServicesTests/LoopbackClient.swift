#if Hummingbird || Vapor
import AsyncHTTPClient
import NIOCore
import Testing

/// Requests to a test server on 127.0.0.1 with AsyncHTTPClient, and bodies of exact sizes.
enum LoopbackClient {
    struct Answer: Sendable {
        var status: Int
        var body: String
    }

    /// POSTs `body` to `path` on 127.0.0.1:`port`, with `contentType` (nil: no `Content-Type`
    /// header) and `contentEncoding` (nil: no `Content-Encoding` header).
    static func post(
        _ body: ByteBuffer, to path: String, port: Int, contentType: String? = "application/json", contentEncoding: String? = nil
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = .POST
        if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
        if let contentEncoding { request.headers.add(name: "Content-Encoding", value: contentEncoding) }
        request.body = .bytes(body)
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(300))
        let text = try await response.body.collect(upTo: 1 << 20)
        return Answer(status: Int(response.status.code), body: String(buffer: text))
    }

    static let itemHead = #"{"id": 1, "title": ""#
    static let itemTail = #""}"#

    /// An item, `{"id": 1, "title": "xx…"}`, of exactly `bytes` bytes.
    static func item(bytes: Int) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(bytes)
        buffer.writeString(itemHead)
        buffer.writeRepeatingByte(UInt8(ascii: "x"), count: titleBytes(ofItemOf: bytes))
        buffer.writeString(itemTail)
        return buffer
    }

    /// The title's length in an ``item(bytes:)`` of `bytes` bytes: what the test routes answer.
    static func titleBytes(ofItemOf bytes: Int) -> Int { bytes - itemHead.utf8.count - itemTail.utf8.count }

    /// Checks the answers of a server whose `/typed/items` route takes JSON and
    /// `/typed/lines` JSON Lines behind each framework's `JSONContentTypeMiddleware`, and
    /// whose `/items` has no such check; the `items` routes answer the decoded title's
    /// length in bytes, `lines` the number of records.
    static func expectContentTypeChecks(port: Int) async throws {
        let item = item(bytes: 100)
        let title = "\(titleBytes(ofItemOf: 100))"
        for type in ["application/json", "application/json; charset=utf-8", "Application/JSON", "application/vnd.api+json", "application/problem+json; charset=utf-8"] {
            let answer = try await post(item, to: "/typed/items", port: port, contentType: type)
            #expect(answer.status == 200 && answer.body == title, "\(type): \(answer.body)")
        }
        let plain = try await post(item, to: "/typed/items", port: port, contentType: "text/plain")
        #expect(plain.status == 415)
        #expect(
            plain.body
                == #"{"error":{"message":"unsupported Content-Type text/plain: expected application/json or application/*+json","contentType":"text/plain","accepted":["application/json","application/*+json"]}}"#,
            "\(plain.body)")
        for type in [nil, "application/x-ndjson", "application/+json", "application/jsonp", "text/json"] {
            let answer = try await post(item, to: "/typed/items", port: port, contentType: type)
            #expect(answer.status == 415, "\(type ?? "no type"): \(answer.body)")
            #expect(answer.body.hasSuffix(#""accepted":["application/json","application/*+json"]}}"#), "\(answer.body)")
        }

        // JSON Lines routes take application/x-ndjson, and not application/json.
        let lines = ByteBuffer(bytes: ServiceFeed.lines)
        let ndjson = try await post(lines, to: "/typed/lines", port: port, contentType: "application/x-ndjson")
        #expect(ndjson.status == 200 && ndjson.body == "\(ServiceFeed.items.count)", "\(ndjson.body)")
        let json = try await post(lines, to: "/typed/lines", port: port, contentType: "application/json")
        #expect(json.status == 415 && json.body.hasSuffix(#""accepted":["application/x-ndjson"]}}"#), "\(json.body)")

        // Off (no middleware), any type is read.
        let unchecked = try await post(item, to: "/items", port: port, contentType: "text/plain")
        #expect(unchecked.status == 200 && unchecked.body == title, "\(unchecked.body)")
    }

    /// Checks that `path`, a route that answers the decoded title's length in bytes, takes
    /// an item of `limit` bytes and answers one of a byte more with 413 and a JSON body
    /// that names the limit.
    static func expectLimit(_ limit: Int, on path: String, port: Int) async throws {
        let over = try await post(item(bytes: limit + 1), to: path, port: port)
        #expect(over.status == 413, "\(path): \(over.body)")
        #expect(over.body == #"{"error":{"message":"the request body is larger than the limit of \#(limit) bytes","limit":\#(limit)}}"#)
        try await expectAccepted(bytes: limit, on: path, port: port)
    }

    /// Checks that `path`, a route that answers the decoded title's length in bytes, takes an item of `bytes` bytes.
    static func expectAccepted(bytes: Int, on path: String, port: Int) async throws {
        let answer = try await post(item(bytes: bytes), to: path, port: port)
        #expect(answer.status == 200 && answer.body == "\(titleBytes(ofItemOf: bytes))", "\(path): \(answer.body.prefix(200))")
    }
}
#endif
