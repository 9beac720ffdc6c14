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
        router.get("/stream/values") { request, _ -> Response in
            let count = request.uri.queryParameters.get("count", as: Int.self) ?? 0
            let values = RepeatedValue(value: try RepeatedValue.statuses(), count: count)
            return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(encoding: values))
        }
        return router
    }

    @Test func streamsAndStops() async throws {
        let counter = StreamedItems.Counter()
        try await HummingbirdRequestLimitTests.withServer(router: Self.router(counter: counter)) { port in
            try await LoopbackClient.expectStreamedResponses(port: port, counter: counter)
        }
    }

    /// Hummingbird's writer takes a chunk without waiting while its event loop has not yet seen
    /// the connection's buffer fill, so a producer as fast as copying runs ahead by what it
    /// makes in that time, more on a loaded machine (FeedIngest's export, whose values are
    /// encoded, stays under 64 MiB in a process of its own). The bound here is a quarter of the body:
    /// the body is never held whole.
    @Test func streamsAGigabyteInBoundedMemory() async throws {
        try await HummingbirdRequestLimitTests.withServer(router: Self.router(counter: StreamedItems.Counter())) { port in
            try await LoopbackClient.expectGigabyte(port: port, framework: "Hummingbird", growingLessThan: 256 << 20)
        }
    }
}
#endif
