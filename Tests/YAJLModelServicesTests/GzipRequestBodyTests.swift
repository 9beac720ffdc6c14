#if NIO
import NIOCore
import Testing
import YAJLModel
import YAJLModelNIO

/// Gzip request bodies (`Content-Encoding: gzip`): buffered and streamed, through each
/// framework's test client; the decompressed-size limit (413), damaged gzip (400), and
/// codings the adapters do not read (415).
@Suite struct GzipRequestBodyTests {
    /// An item of `bytes` bytes, compressed: the body for a limit of `bytes` (accepted) or one less (413).
    static func gzipItem(bytes: Int) -> ByteBuffer {
        ByteBuffer(bytes: gzip(Array(LoopbackClient.item(bytes: bytes).readableBytesView)))
    }

    /// How the 413 body for a gzip body past `limit` decompressed bytes starts.
    static func tooLargeBody(limit: Int) -> String {
        #"{"error":{"message":"the gzip input decompresses to more than \#(limit) bytes, at compressed byte "#
    }

    @Test func theContentEncodingHeaderIsReadAndOtherCodingsAre415() throws {
        for header in [nil, "", "identity", "gzip", "GZIP", " x-gzip ", "gzip, identity", "deflate"] {
            _ = try JSONContentEncoding(header: header)
        }
        #expect(try JSONContentEncoding(header: "X-Gzip") == .gzip && JSONContentEncoding(header: nil) == .identity)
        // Servers that inflate deflate bodies leave the header, so deflate is read as it is.
        #expect(try JSONContentEncoding(header: "Deflate") == .deflate)
        for header in ["br", "gzip, br", "zstd", "compress", "deflate, gzip"] {
            let refusal = try #require(#expect(throws: JSONErrorResponse.self) { try JSONContentEncoding(header: header) })
            #expect(refusal.statusCode == 415)
            #expect(
                refusal.bodyText
                    == #"{"error":{"message":"unsupported Content-Encoding \#(header): expected gzip or identity","contentEncoding":"\#(header)","accepted":["gzip","x-gzip","deflate","identity"]}}"#)
        }
        let options = try JSONStreamOptions(contentEncoding: "gzip")
        #expect(options.maxDecompressedBytes == JSONContentEncoding.defaultMaxDecompressedBytes)
        #expect(JSONContentEncoding.defaultMaxDecompressedBytes == 16 << 20)
    }

    @Test(arguments: GzipBodies.damages)
    func damagedGzipIs400WithWhatAndWhere(damage: GzipBodies.Damage) async throws {
        var thrown: (any Error)?
        do {
            for try await _ in JSONElementReader.elements(of: BufferSequence(buffers: [ByteBuffer(bytes: damage.body)]), at: "items") {}
        } catch { thrown = error }
        let error = try #require(thrown as? JSONDecompressionError)
        #expect(error.description == damage.message)
        let answer = try #require(JSONErrorResponse(for: error))
        #expect(answer.statusCode == 400)
        #expect(answer.bodyText == #"{"error":{"message":"\#(damage.message)","# + damage.fields)
    }
}
#endif

#if Hummingbird
import Hummingbird
import HummingbirdTesting
import YAJLModelHummingbird

extension GzipRequestBodyTests {
    static let smallLimit = 1000

    static func hummingbirdHeaders(_ encoding: String?) -> HTTPFields {
        var headers = HTTPFields()
        if let encoding { headers[.contentEncoding] = encoding }
        return headers
    }

    static func hummingbird() -> some ApplicationProtocol {
        let router = Router(context: YAJLRequestContext.self)
        // The decoded item's title length; the count of the feed's items, as they arrive.
        router.post("/items") { request, context -> String in
            "\(try await request.decode(as: ServiceFeed.Item.self, context: context).title.utf8.count)"
        }
        router.post("/items/small") { request, context -> String in
            var context = context
            context.maxDecompressedSize = Self.smallLimit
            return "\(try await request.decode(as: ServiceFeed.Item.self, context: context).title.utf8.count)"
        }
        router.post("/feed") { request, context -> String in
            "\(try await request.decode(as: Feed.self, context: context).items.count)"
        }
        router.post("/count") { request, _ -> String in
            var count = 0
            let options = try JSONStreamOptions(for: request)
            for try await _ in JSONElementReader.elements(of: request.body, at: "items", as: ServiceFeed.Item.self, using: YAJLDecoder(), options: options) { count += 1 }
            return "\(count)"
        }
        return Hummingbird.Application(router: router)
    }

    @Test func hummingbirdDecodesGzipBodiesAsPlainOnes() async throws {
        let count = "\(ServiceFeed.items.count)"
        try await Self.hummingbird().test(.router) { client in
            // Gzip without the header, as every reader reads it; the header on a body already inflated.
            for (encoding, body) in [(nil, ServiceFeed.text), ("gzip", GzipBodies.feed), ("X-GZIP", GzipBodies.feed), (nil, GzipBodies.feed), ("gzip", ServiceFeed.text)] as [(String?, [UInt8])] {
                let headers = Self.hummingbirdHeaders(encoding)
                for uri in ["/feed", "/count"] {
                    try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(bytes: body)) { response in
                        #expect(response.status == .ok && String(buffer: response.body) == count, "\(uri) \(headers): \(String(buffer: response.body))")
                    }
                }
            }
        }
    }

    @Test func hummingbirdAnswers413PastTheDecompressedLimit() async throws {
        try await Self.hummingbird().test(.router) { client in
            let gzipHeader = Self.hummingbirdHeaders("gzip")
            for (uri, limit) in [("/items/small", Self.smallLimit), ("/items", JSONContentEncoding.defaultMaxDecompressedBytes)] {
                let over = Self.gzipItem(bytes: limit + 1)
                #expect(over.readableBytes < YAJLRequestContext.defaultMaxUploadSize)
                try await client.execute(uri: uri, method: .post, headers: gzipHeader, body: over) { response in
                    let body = String(buffer: response.body)
                    #expect(response.status == .contentTooLarge, "\(uri): \(body)")
                    #expect(body.hasPrefix(Self.tooLargeBody(limit: limit)) && body.contains(#""limit":\#(limit),"#), "\(body)")
                    #expect(body.hasSuffix(#""decompressedOffset":\#(limit)}}"#), "\(body)")
                }
                try await client.execute(uri: uri, method: .post, headers: gzipHeader, body: Self.gzipItem(bytes: limit)) { response in
                    #expect(response.status == .ok && String(buffer: response.body) == "\(LoopbackClient.titleBytes(ofItemOf: limit))")
                }
            }
            // A streamed body past its reader's limit.
            let feed = Array(#"{"items": ["#.utf8) + Array(repeating: UInt8(ascii: " "), count: JSONContentEncoding.defaultMaxDecompressedBytes) + Array("]}".utf8)
            try await client.execute(uri: "/count", method: .post, headers: gzipHeader, body: ByteBuffer(bytes: gzip(feed))) { response in
                let body = String(buffer: response.body)
                #expect(response.status == .contentTooLarge, "\(body)")
                #expect(body.hasPrefix(Self.tooLargeBody(limit: JSONContentEncoding.defaultMaxDecompressedBytes)), "\(body)")
            }
        }
    }

    @Test func hummingbirdReadsGzipBodiesOverLoopback() async throws {
        try await HummingbirdRequestLimitTests.withServer { port in
            let item = try await LoopbackClient.post(Self.gzipItem(bytes: 5000), to: "/items", port: port, contentEncoding: "gzip")
            #expect(item.status == 200 && item.body == "\(LoopbackClient.titleBytes(ofItemOf: 5000))", "\(item.body)")
            let lines = try await LoopbackClient.post(
                ByteBuffer(bytes: gzip(ServiceFeed.lines)), to: "/typed/lines", port: port, contentType: "application/x-ndjson", contentEncoding: "gzip")
            #expect(lines.status == 200 && lines.body == "\(ServiceFeed.items.count)", "\(lines.body)")
            let brotli = try await LoopbackClient.post(LoopbackClient.item(bytes: 100), to: "/items", port: port, contentEncoding: "br")
            #expect(brotli.status == 415, "\(brotli.body)")
        }
    }

    @Test func hummingbirdAnswersDamagedGzipWith400AndOtherCodingsWith415() async throws {
        try await Self.hummingbird().test(.router) { client in
            for damage in GzipBodies.damages {
                for uri in ["/feed", "/count"] {
                    try await client.execute(uri: uri, method: .post, headers: Self.hummingbirdHeaders("gzip"), body: ByteBuffer(bytes: damage.body)) { response in
                        let body = String(buffer: response.body)
                        #expect(response.status == .badRequest, "\(uri) \(damage.name): \(body)")
                        #expect(body == #"{"error":{"message":"\#(damage.message)","# + damage.fields, "\(uri) \(damage.name)")
                    }
                }
            }
            for uri in ["/feed", "/count"] {
                try await client.execute(uri: uri, method: .post, headers: Self.hummingbirdHeaders("br"), body: ByteBuffer(bytes: ServiceFeed.text)) { response in
                    let body = String(buffer: response.body)
                    #expect(response.status == .unsupportedMediaType, "\(uri): \(body)")
                    #expect(body.hasPrefix(#"{"error":{"message":"unsupported Content-Encoding br: expected gzip or identity","contentEncoding":"br""#), "\(body)")
                }
            }
        }
    }
}
#endif

#if Vapor
import Vapor
import VaporTesting
import YAJLModelVapor

extension GzipRequestBodyTests {
    /// Routes as the Hummingbird ones, buffered bodies collected up to 4 MiB.
    static func configureVapor(_ app: Vapor.Application) {
        app.middleware.use(JSONErrorMiddleware())
        let decoder = YAJLDecoder()
        app.on(.POST, "items", body: .collect(maxSize: "4mb")) { request async throws -> String in
            "\(try request.content.decode(ServiceFeed.Item.self, using: decoder).title.utf8.count)"
        }
        app.on(.POST, "feed", body: .collect(maxSize: "4mb")) { request async throws -> String in
            "\(try request.content.decode(Feed.self, using: decoder).items.count)"
        }
        app.on(.POST, "count", body: .stream) { request async throws -> String in
            var count = 0
            let options = try JSONStreamOptions(for: request)
            for try await _ in JSONElementReader.elements(of: request.body, at: "items", as: ServiceFeed.Item.self, using: YAJLDecoder(), options: options) { count += 1 }
            return "\(count)"
        }
    }

    static func vaporHeaders(_ encoding: String?) -> HTTPHeaders {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if let encoding { headers.add(name: .contentEncoding, value: encoding) }
        return headers
    }

    @Test func vaporDecodesGzipBodiesAsPlainOnes() async throws {
        try await withApp(configure: { Self.configureVapor($0) }) { app in
            for (encoding, body) in [(nil, ServiceFeed.text), ("gzip", GzipBodies.feed), ("x-gzip", GzipBodies.feed), (nil, GzipBodies.feed), ("gzip", ServiceFeed.text)] as [(String?, [UInt8])] {
                for path in ["feed", "count"] {
                    try await app.testing().test(.POST, path, headers: Self.vaporHeaders(encoding), body: ByteBuffer(bytes: body)) { response in
                        #expect(response.status == .ok && response.body.string == "\(ServiceFeed.items.count)", "\(path) \(encoding ?? "-"): \(response.body.string)")
                    }
                }
            }
        }
    }

    /// Vapor's server inflates gzip bodies itself unless configured not to, leaving the
    /// header: the adapter reads what it inflated as it is.
    @Test func vaporReadsBodiesItsServerInflatedOverLoopback() async throws {
        try await VaporRequestLimitTests.withServer { port in
            // Text that compresses less than Vapor's own limit on the ratio allows.
            let title = (0..<1000).map { "\($0 * 7919 % 10007)" }.joined(separator: " ")
            let body = ByteBuffer(bytes: gzip(Array(#"{"id": 1, "title": "\#(title)"}"#.utf8)))
            let item = try await LoopbackClient.post(body, to: "/items", port: port, contentEncoding: "gzip")
            #expect(item.status == 200 && item.body == "\(title.utf8.count)", "\(item.body)")
            let lines = try await LoopbackClient.post(
                ByteBuffer(bytes: gzip(ServiceFeed.lines)), to: "/typed/lines", port: port, contentType: "application/x-ndjson", contentEncoding: "gzip")
            #expect(lines.status == 200 && lines.body == "\(ServiceFeed.items.count)", "\(lines.body)")
        }
    }

    @Test func vaporAnswers413400And415() async throws {
        try await withApp(configure: { Self.configureVapor($0) }) { app in
            let limit = JSONContentEncoding.defaultMaxDecompressedBytes
            try await app.testing().test(.POST, "items", headers: Self.vaporHeaders("gzip"), body: Self.gzipItem(bytes: limit + 1)) { response in
                #expect(response.status == .payloadTooLarge, "\(response.body.string)")
                #expect(response.body.string.hasPrefix(Self.tooLargeBody(limit: limit)) && response.body.string.contains(#""limit":\#(limit),"#))
            }
            try await app.testing().test(.POST, "items", headers: Self.vaporHeaders("gzip"), body: Self.gzipItem(bytes: limit)) { response in
                #expect(response.status == .ok && response.body.string == "\(LoopbackClient.titleBytes(ofItemOf: limit))")
            }
            for damage in GzipBodies.damages {
                for path in ["feed", "count"] {
                    try await app.testing().test(.POST, path, headers: Self.vaporHeaders("gzip"), body: ByteBuffer(bytes: damage.body)) { response in
                        #expect(response.status == .badRequest, "\(path) \(damage.name): \(response.body.string)")
                        #expect(response.body.string == #"{"error":{"message":"\#(damage.message)","# + damage.fields, "\(path) \(damage.name)")
                    }
                }
            }
            for path in ["feed", "count"] {
                try await app.testing().test(.POST, path, headers: Self.vaporHeaders("br"), body: ByteBuffer(bytes: ServiceFeed.text)) { response in
                    #expect(response.status == .unsupportedMediaType, "\(path): \(response.body.string)")
                    #expect(response.body.string.contains(#""contentEncoding":"br""#), "\(response.body.string)")
                }
            }
        }
    }
}
#endif

#if NIO
/// The feed as one value: `{"title": "feed", "items": [...]}`.
struct Feed: Codable, Sendable {
    var title: String
    var items: [ServiceFeed.Item]
}
#endif
