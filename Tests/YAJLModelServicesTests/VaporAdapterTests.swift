#if Vapor
import NIOCore
import Testing
import Vapor
import VaporTesting
import YAJLModel
import YAJLModelNIO
import YAJLModelVapor

extension ServiceFeed.Item: Content {}

/// YAJLDecoder and YAJLEncoder as Vapor's JSON content coders, and JSON errors as
/// responses, through Vapor's own test client. Serialized: the content configuration is global.
@Suite(.serialized) struct VaporAdapterTests {
    static func configure(_ app: Application) async throws {
        ContentConfiguration.global.useYAJL()
        app.post("echo") { request async throws -> ServiceFeed.Item in
            try request.content.decode(ServiceFeed.Item.self)
        }
        app.on(.POST, "count", body: .stream) { request async throws -> String in
            var count = 0
            for try await _ in JSONElementReader.elements(of: request.body, at: "items") { count += 1 }
            return "\(count)"
        }
    }

    static let json: HTTPHeaders = ["Content-Type": "application/json"]

    @Test func contentIsDecodedAndEncodedByYAJL() async throws {
        try await withApp(configure: Self.configure) { app in
            try await app.testing().test(.POST, "echo", headers: Self.json, body: ByteBuffer(string: #"{"id": 7, "title": "\u00e9"}"#)) { response in
                #expect(response.status == .ok)
                #expect(response.headers.contentType == .json)
                #expect(response.body.string == #"{"id":7,"title":"é"}"#)
            }
            try await app.testing().test(.POST, "count", headers: Self.json, body: ByteBuffer(bytes: ServiceFeed.text)) { response in
                #expect(response.body.string == "\(ServiceFeed.items.count)")
            }
        }
    }

    @Test func badContentAnswersWhatAndWhere() async throws {
        try await withApp(configure: Self.configure) { app in
            try await app.testing().test(.POST, "echo", headers: Self.json, body: ByteBuffer(string: "{\"id\": 7,\n \"title\" \"x\"}")) { response in
                #expect(response.status == .badRequest)
                #expect(response.body.string.contains("syntax error at line 2, column 12 (byte 21)"), "\(response.body.string)")
            }
            try await app.testing().test(.POST, "echo", headers: Self.json, body: ByteBuffer(string: #"{"id": "7", "title": "x"}"#)) { response in
                #expect(response.status == .unprocessableEntity)
                #expect(response.body.string.contains("id: expected Int"), "\(response.body.string)")
            }
            try await app.testing().test(.POST, "count", headers: Self.json, body: ByteBuffer(string: #"{"items": {}}"#)) { response in
                #expect(response.status == .unprocessableEntity)
                #expect(response.body.string.contains(#"no array at \"items\": found an object"#), "\(response.body.string)")
            }
            try await app.testing().test(.POST, "echo", headers: Self.json, body: ByteBuffer(string: #"{"id": 1, "title": "ok"}"#)) { response in
                #expect(response.status == .ok)
            }
        }
    }
}
#endif
