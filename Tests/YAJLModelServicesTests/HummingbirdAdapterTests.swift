#if Hummingbird
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import YAJLModel
import YAJLModelHummingbird
import YAJLModelNIO

extension ServiceFeed.Item: ResponseCodable {}

/// YAJLDecoder and YAJLEncoder as Hummingbird's coders, and JSON errors as responses,
/// through Hummingbird's own test client.
@Suite struct HummingbirdAdapterTests {
    static func application() -> some ApplicationProtocol {
        let router = Router(context: YAJLRequestContext.self)
        router.post("/echo") { request, context -> ServiceFeed.Item in
            try await request.decode(as: ServiceFeed.Item.self, context: context)
        }
        router.post("/count") { request, _ -> String in
            var count = 0
            for try await item in JSONElementReader.elements(of: request.body, at: "items", as: ServiceFeed.Item.self, using: YAJLDecoder()) {
                count += item.id >= 0 ? 1 : 0
            }
            return "\(count)"
        }
        return Application(router: router)
    }

    @Test func requestsAreDecodedAndResponsesEncodedByYAJL() async throws {
        try await Self.application().test(.router) { client in
            try await client.execute(uri: "/echo", method: .post, body: ByteBuffer(string: #"{"id": 7, "title": "\u00e9"}"#)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(String(buffer: response.body) == #"{"id":7,"title":"é"}"#)
            }
            try await client.execute(uri: "/count", method: .post, body: ByteBuffer(bytes: ServiceFeed.text)) { response in
                #expect(String(buffer: response.body) == "\(ServiceFeed.items.count)")
            }
        }
    }

    @Test func badBodiesAnswerWhatAndWhere() async throws {
        try await Self.application().test(.router) { client in
            try await client.execute(uri: "/echo", method: .post, body: ByteBuffer(string: "{\"id\": 7,\n \"title\" \"x\"}")) { response in
                #expect(response.status == .badRequest)
                let body = String(buffer: response.body)
                #expect(body.hasPrefix(#"{"error":{"message":"syntax error at line 2, column 12 (byte 21)"#), "\(body)")
                #expect(body.contains(#""offset":21,"line":2,"column":12}}"#), "\(body)")
            }
            try await client.execute(uri: "/echo", method: .post, body: ByteBuffer(string: #"{"id": "7", "title": "x"}"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains(#""message":"id: expected Int"#))
            }
            // Streaming: a missing target, and a syntax error in an element, after the ones before it.
            try await client.execute(uri: "/count", method: .post, body: ByteBuffer(string: #"{"itemz": []}"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains(#"no array at \"items\": nothing there"#), "\(String(buffer: response.body))")
            }
            try await client.execute(uri: "/count", method: .post, body: ByteBuffer(string: "{\"items\": [{\"id\": 1, \"title\": \"a\"},\n{\"id\": 2 \"title\": \"b\"}]}")) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body).contains(#""offset":46,"line":2,"column":11"#), "\(String(buffer: response.body))")
            }
            // The server goes on serving.
            try await client.execute(uri: "/echo", method: .post, body: ByteBuffer(string: #"{"id": 1, "title": "ok"}"#)) { response in
                #expect(response.status == .ok)
            }
        }
    }
}
#endif
