#if Hummingbird
import Hummingbird
import Logging
import NIOCore
import Testing
import YAJLModel
import YAJLModelHummingbird
import YAJLModelNIO

/// The buffered body limit (``YAJLRequestContext/maxUploadSize``) and the Content-Type
/// check (``JSONContentTypeMiddleware``), through a live Hummingbird server on 127.0.0.1.
@Suite struct HummingbirdRequestLimitTests {
    static let raisedLimit = 128 << 20

    /// The length in bytes of the title of the item in the body, decoded through the context.
    static func titleBytes(_ request: Request, _ context: YAJLRequestContext) async throws -> String {
        let item = try await request.decode(as: ServiceFeed.Item.self, context: context)
        return "\(item.title.utf8.count)"
    }

    static func router() -> Router<YAJLRequestContext> {
        let router = Router(context: YAJLRequestContext.self)
        // Each answers the decoded title's length in bytes.
        router.post("/items") { request, context -> String in
            try await titleBytes(request, context)
        }
        router.post("/items/large") { request, context -> String in
            var context = context
            context.maxUploadSize = Self.raisedLimit
            return try await titleBytes(request, context)
        }
        router.post("/count") { request, _ -> String in
            var count = 0
            for try await _ in JSONElementReader.elements(of: request.body, at: "items") { count += 1 }
            return "\(count)"
        }
        router.group("typed").add(middleware: JSONContentTypeMiddleware())
            .post("/items") { request, context -> String in
                try await titleBytes(request, context)
            }
        router.group("typed").add(middleware: JSONContentTypeMiddleware(accepting: .jsonLines))
            .post("/lines") { request, _ -> String in
                var count = 0
                for try await _ in JSONLinesReader.records(of: request.body) { count += 1 }
                return "\(count)"
            }
        return router
    }

    /// Runs `body` with the port of a server on 127.0.0.1 serving ``router()``, then stops it.
    static func withServer(_ body: @Sendable (Int) async throws -> Void) async throws {
        try await withServer(router: router(), body)
    }

    /// Runs `body` with the port of a server on 127.0.0.1 serving `router`, then stops it.
    static func withServer<Context: RequestContext & InitializableFromSource<ApplicationRequestContextSource>>(
        router: Router<Context>, _ body: @Sendable (Int) async throws -> Void
    ) async throws {
        let (ports, portFound) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "HummingbirdTests")
        logger.logLevel = .warning
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portFound.yield(channel.localAddress?.port ?? 0)
                portFound.finish()
            },
            logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            defer { group.cancelAll() }
            var iterator = ports.makeAsyncIterator()
            let port = await iterator.next()
            try await body(try #require(port))
        }
    }

    @Test func aBufferedBodyOverTheLimitIs413WithTheLimit() async throws {
        try await Self.withServer { port in
            let limit = YAJLRequestContext.defaultMaxUploadSize
            #expect(limit == 2 << 20)
            try await LoopbackClient.expectLimit(limit, on: "/items", port: port)
            // A route that raises the limit takes 100 MB.
            try await LoopbackClient.expectAccepted(bytes: 100 << 20, on: "/items/large", port: port)

            // A streamed body is not collected, so the limit does not apply to it.
            let items = (0..<40_000).map { #"{"id": \#($0), "title": "item \#($0) with a title long enough"}"# }
            let stream = ByteBuffer(string: #"{"items": [\#(items.joined(separator: ","))]}"#)
            #expect(stream.readableBytes > limit)
            let streamed = try await LoopbackClient.post(stream, to: "/count", port: port)
            #expect(streamed.status == 200 && streamed.body == "\(items.count)", "\(streamed.body)")
        }
    }

    @Test func theContentTypeCheckAnswers415ToOtherTypes() async throws {
        try await Self.withServer { port in try await LoopbackClient.expectContentTypeChecks(port: port) }
    }
}
#endif
