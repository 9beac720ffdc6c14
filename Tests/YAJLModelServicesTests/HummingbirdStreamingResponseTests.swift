#if Hummingbird
import Hummingbird
import NIOCore
import Testing
import YAJLModel
import YAJLModelHummingbird

/// ``ResponseBody/init(encoding:with:framing:chunkSize:)`` through a live Hummingbird server on 127.0.0.1.
@Suite struct HummingbirdStreamingResponseTests {
    static func router(counter: StreamedItems.Counter) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/stream/items") { request, _ -> Response in
            let count = request.uri.queryParameters.get("count", as: Int.self) ?? 0
            let failAt = request.uri.queryParameters.get("failAt", as: Int.self)
            let items = StreamedItems(count: count, failAt: failAt, counter: counter)
            return Response(
                status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(encoding: items, chunkSize: 16 << 10))
        }
        return router
    }

    @Test func streamsAndStops() async throws {
        let counter = StreamedItems.Counter()
        try await HummingbirdRequestLimitTests.withServer(router: Self.router(counter: counter)) { port in
            try await LoopbackClient.expectStreamedResponses(port: port, counter: counter)
        }
    }
}
#endif
