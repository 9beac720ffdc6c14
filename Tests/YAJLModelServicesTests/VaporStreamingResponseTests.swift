#if Vapor
import NIOCore
import Testing
import Vapor
import VaporTesting
import YAJLModel
import YAJLModelVapor

/// `Response.Body(encoding:with:framing:chunkSize:)` through a live Vapor server on 127.0.0.1.
@Suite struct VaporStreamingResponseTests {
    @Test func streamsAndStops() async throws {
        let counter = StreamedItems.Counter()
        try await VaporRequestLimitTests.withServer(configure: { app in
            app.get("stream", "items") { request -> Response in
                let count = request.query[Int.self, at: "count"] ?? 0
                let failAt = request.query[Int.self, at: "failAt"]
                let items = StreamedItems(count: count, failAt: failAt, counter: counter)
                return Response(status: .ok, headers: ["Content-Type": "application/json"], body: .init(encoding: items, chunkSize: 16 << 10))
            }
        }) { port in
            try await LoopbackClient.expectStreamedResponses(port: port, counter: counter)
        }
    }

    @Test func streamsAGigabyteInBoundedMemory() async throws {
        try await VaporRequestLimitTests.withServer(configure: { app in
            app.get("stream", "values") { request -> Response in
                let values = RepeatedValue(value: try RepeatedValue.statuses(), count: request.query[Int.self, at: "count"] ?? 0)
                return Response(status: .ok, headers: ["Content-Type": "application/json"], body: .init(encoding: values))
            }
        }) { port in
            try await LoopbackClient.expectGigabyte(port: port, framework: "Vapor", growingLessThan: 64 << 20)
        }
    }
}
#endif
