#if Vapor
import NIOCore
import Testing
import Vapor
import VaporTesting
import YAJLModel
import YAJLModelNIO
import YAJLModelVapor

/// ``JSONBodyLimitMiddleware`` and ``JSONContentTypeMiddleware`` through a live Vapor
/// server on 127.0.0.1.
@Suite struct VaporRequestLimitTests {
    static let mebibyte = 1 << 20
    static let raisedLimit = 128 << 20

    static func configure(_ app: Application) {
        let decoder = YAJLDecoder()
        // Each answers the decoded title's length in bytes. The decoder is named, since
        // Vapor's content configuration chooses by exact media type.
        let title: @Sendable (Request) throws -> String = { request in
            let item = try request.content.decode(ServiceFeed.Item.self, using: decoder)
            return "\(item.title.utf8.count)"
        }
        app.grouped(JSONBodyLimitMiddleware()).post("items", use: title)
        app.grouped(JSONBodyLimitMiddleware(maxSize: .init(value: Self.mebibyte))).post("items", "mebibyte", use: title)
        app.grouped(JSONBodyLimitMiddleware(maxSize: .init(value: Self.raisedLimit))).post("items", "large", use: title)
        app.grouped(JSONContentTypeMiddleware(), JSONBodyLimitMiddleware()).post("typed", "items", use: title)
        app.grouped(JSONContentTypeMiddleware(accepting: .jsonLines)).on(.POST, "typed", "lines", body: .stream) { request async throws -> String in
            var count = 0
            for try await _ in JSONLinesReader.records(of: request.body) { count += 1 }
            return "\(count)"
        }
    }

    /// Runs `body` with the port of a server on 127.0.0.1 configured by ``configure(_:)``, then stops it.
    static func withServer(_ body: (Int) async throws -> Void) async throws {
        try await withServer(configure: Self.configure, body)
    }

    /// Runs `body` with the port of a server on 127.0.0.1 configured by `configure`, then stops it.
    static func withServer(configure: (Application) -> Void, _ body: (Int) async throws -> Void) async throws {
        try await withApp { app in
            configure(app)
            app.logger.logLevel = .warning
            try await app.asyncBoot()
            let server = app.http.server.shared
            try await server.start(address: .hostname("127.0.0.1", port: 0))
            do {
                try await body(try #require(server.localAddress?.port))
            } catch {
                await server.shutdown()
                throw error
            }
            await server.shutdown()
        }
    }

    @Test func aBufferedBodyOverTheLimitIs413WithTheLimit() async throws {
        try await Self.withServer { port in
            // Vapor's default limit, 16 KiB unless the application sets another: a body
            // that small arrives in one read, which Vapor's own collection would not check.
            try await LoopbackClient.expectLimit(16 << 10, on: "/items", port: port)
            // A body of many reads, which Vapor streams to the collection.
            try await LoopbackClient.expectLimit(Self.mebibyte, on: "/items/mebibyte", port: port)
            // A raised limit takes 100 MB.
            try await LoopbackClient.expectAccepted(bytes: 100 << 20, on: "/items/large", port: port)
        }
    }

    @Test func theContentTypeCheckAnswers415ToOtherTypes() async throws {
        try await Self.withServer { port in try await LoopbackClient.expectContentTypeChecks(port: port) }
    }
}
#endif
