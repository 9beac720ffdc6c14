#if Hummingbird
import Hummingbird
import NIOCore
import Testing
import YAJLModel
import YAJLModelHummingbird

/// ``ResponseBody/init(encoding:with:framing:chunkSize:pacedBy:)`` through a live Hummingbird server on 127.0.0.1.
@Suite struct HummingbirdStreamingResponseTests {
    static func router(counter: StreamedItems.Counter) -> Router<YAJLRequestContext> {
        let router = Router(context: YAJLRequestContext.self)
        router.get("/stream/items") { request, _ -> Response in
            let count = request.uri.queryParameters.get("count", as: Int.self) ?? 0
            let failAt = request.uri.queryParameters.get("failAt", as: Int.self)
            let items = StreamedItems(count: count, failAt: failAt, counter: counter)
            return Response(
                status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(encoding: items, chunkSize: 16 << 10))
        }
        router.get("/stream/values") { request, context -> Response in
            let count = request.uri.queryParameters.get("count", as: Int.self) ?? 0
            let values = RepeatedValue(value: try RepeatedValue.statuses(), count: count)
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(encoding: values, pacedBy: context.eventLoop))
        }
        return router
    }

    @Test func streamsAndStops() async throws {
        let counter = StreamedItems.Counter()
        try await HummingbirdRequestLimitTests.withServer(router: Self.router(counter: counter)) { port in
            try await LoopbackClient.expectStreamedResponses(port: port, counter: counter)
        }
    }

    /// Paced by the connection's event loop, a producer as fast as copying waits for the
    /// connection, so the body is never held in memory, however fast its values come. The bound
    /// is a quarter of the 64 MiB a service may grow by: an unpaced producer outruns it.
    @Test func streamsAGigabyteInBoundedMemory() async throws {
        try await HummingbirdRequestLimitTests.withServer(router: Self.router(counter: StreamedItems.Counter())) { port in
            try await LoopbackClient.expectGigabyte(port: port, framework: "Hummingbird", growingLessThan: 16 << 20)
        }
    }
}
#endif
