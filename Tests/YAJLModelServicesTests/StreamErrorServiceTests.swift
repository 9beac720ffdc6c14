#if NIO
import Foundation
import NIOCore
import Testing
import YAJLModel
import YAJLModelNIO

/// A model as `@JSONModel` writes one: `{"id": Int, "actor": {…}}`, its `actor` an object.
struct ServiceEvent: JSONModel, Codable {
    let _jsonStorage: _JSONModelStorage
    var json: JSONValue { _jsonStorage.json }
    init(_validatedJSON json: JSONValue) { _jsonStorage = _JSONModelStorage(json: json) }
    static func _validateProperties(of json: JSONValue, into validation: inout JSONValidation) {
        guard let actor = json["actor"] else { return validation.reportMissing("actor", in: json) }
        if actor.kind != .object { validation.reportKind("object", at: actor) }
    }
    var _propertyValues: KeyValuePairs<String, Any> { ["actor": json["actor"] as Any] }
}

/// A 5,000-element array of events, one a line, with `"actor": 42` in element `bad`,
/// and where that `42` is, counted from the start of the text.
struct BadEventFeed: Sendable {
    static let count = 5000
    let bad: Int
    let text: [UInt8]
    let offset: Int, line: Int, column: Int

    init(bad: Int) {
        self.bad = bad
        var text = "[\n"
        var found = (offset: 0, line: 0, column: 0)
        for index in 0..<Self.count {
            let head = #"  {"id": \#(index), "name": "é \#(index)", "actor": "#
            if index == bad { found = (text.utf8.count + head.utf8.count, index + 2, head.unicodeScalars.count + 1) }
            text += head + (index == bad ? "42" : #"{"login": "u\#(index)"}"#) + "}" + (index == Self.count - 1 ? "\n" : ",\n")
        }
        self.text = Array((text + "]").utf8)
        (offset, line, column) = found
    }

    static let all = [BadEventFeed(bad: 999), BadEventFeed(bad: count - 1)]

    var buffers: [ByteBuffer] { ServiceFeed.buffers(text, size: 3000) }
    var message: String { "[\(bad)].actor: expected object, found number at line \(line), column \(column) (byte \(offset))" }
    /// The fields of the 422 body that say which element, and where.
    var fields: String { #""index":\#(bad),"offset":\#(offset),"line":\#(line),"column":\#(column)"# }
}

@Suite struct StreamErrorServiceTests {
    @Test(arguments: BadEventFeed.all)
    func byteBufferStreamsNameTheElementAndItsPlace(feed: BadEventFeed) async throws {
        #expect(feed.text[feed.offset] == UInt8(ascii: "4") && feed.text[feed.offset + 1] == UInt8(ascii: "2"))
        var thrown: (any Error)?
        do {
            for try await _ in JSONElementReader.elements(of: BufferSequence(buffers: feed.buffers), as: ServiceEvent.self) {}
        } catch { thrown = error }
        let error = try #require(thrown as? JSONRecordError)
        #expect(error.index == feed.bad && error.location.offset == feed.offset && "\(error)" == feed.message)
        let answer = try #require(JSONErrorResponse(for: error))
        #expect(answer.statusCode == 422 && answer.message == feed.message)
        #expect(answer.bodyText.contains(#""path":"[\#(feed.bad)].actor","reason":"expected object, found number""#), "\(answer.bodyText)")
        #expect(answer.bodyText.hasSuffix(feed.fields + "}}"), "\(answer.bodyText)")
    }

    @Test func aModelInsideADecodableAnswersAsAModelError() throws {
        let feed = BadEventFeed(bad: 999)
        let error = try #require(#expect(throws: DecodingError.self) { try YAJLDecoder().decode([ServiceEvent].self, from: ByteBuffer(bytes: feed.text)) })
        let answer = try #require(JSONErrorResponse(for: error))
        #expect(answer.statusCode == 422 && answer.message == feed.message, "\(answer.message)")
        let object = try #require(#expect(throws: DecodingError.self) { try YAJLDecoder().decode([ServiceEvent].self, from: ByteBuffer(string: #"{"a": 1}"#)) })
        #expect(JSONErrorResponse(for: object)?.message.hasPrefix("the top-level value: expected Array") == true)
    }
}
#endif

#if Hummingbird
import Hummingbird
import HummingbirdTesting
import YAJLModelHummingbird

extension StreamErrorServiceTests {
    static func hummingbird() -> some ApplicationProtocol {
        let router = Router(context: YAJLRequestContext.self)
        router.post("/events") { request, _ -> String in
            var count = 0
            for try await _ in JSONElementReader.elements(of: request.body, as: ServiceEvent.self) { count += 1 }
            return "\(count)"
        }
        router.post("/events/buffered") { request, context -> String in
            "\(try await request.decode(as: [ServiceEvent].self, context: context).count)"
        }
        return Application(router: router)
    }

    @Test(arguments: BadEventFeed.all)
    func hummingbirdAnswersWithTheElementAndItsPlace(feed: BadEventFeed) async throws {
        try await Self.hummingbird().test(.router) { client in
            for uri in ["/events", "/events/buffered"] {
                try await client.execute(uri: uri, method: .post, body: ByteBuffer(bytes: feed.text)) { response in
                    let body = String(buffer: response.body)
                    #expect(response.status == .unprocessableContent, "\(uri)")
                    #expect(body.hasPrefix(#"{"error":{"message":"\#(feed.message)""#), "\(uri): \(body)")
                    #expect(body.contains(#""path":"[\#(feed.bad)].actor""#) && body.contains(#""offset":\#(feed.offset)"#), "\(uri): \(body)")
                    if uri == "/events" { #expect(body.hasSuffix(feed.fields + "}}"), "\(body)") }
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

extension StreamErrorServiceTests {
    @Test(arguments: BadEventFeed.all)
    func vaporAnswersWithTheElementAndItsPlace(feed: BadEventFeed) async throws {
        try await withApp(configure: { app in
            app.middleware.use(JSONErrorMiddleware())
            app.on(.POST, "events", body: .stream) { request async throws -> String in
                var count = 0
                for try await _ in JSONElementReader.elements(of: request.body, as: ServiceEvent.self) { count += 1 }
                return "\(count)"
            }
        }) { app in
            try await app.testing().test(.POST, "events", headers: ["Content-Type": "application/json"], body: ByteBuffer(bytes: feed.text)) { response in
                #expect(response.status == .unprocessableEntity)
                #expect(response.headers.contentType == .json)
                #expect(response.body.string.hasPrefix(#"{"error":{"message":"\#(feed.message)""#), "\(response.body.string)")
                #expect(response.body.string.hasSuffix(feed.fields + "}}"), "\(response.body.string)")
            }
        }
    }
}
#endif

#if NIO
extension StreamErrorServiceTests {
    @Test(arguments: BadEventFeed.all)
    func badElementsOfByteBuffersAreSkippedAndReported(feed: BadEventFeed) async throws {
        let reported = ReportedRecords()
        var count = 0
        let events = JSONElementReader.elements(
            of: BufferSequence(buffers: feed.buffers), as: ServiceEvent.self, invalidRecords: .skip { reported.append($0) })
        for try await _ in events { count += 1 }
        #expect(count == BadEventFeed.count - 1)
        #expect(reported.errors.map(\.index) == [feed.bad] && reported.errors.map(\.location.offset) == [feed.offset])
        #expect(reported.errors.map(\.description) == [feed.message])
    }
}

/// Errors reported by a skipping reader.
final class ReportedRecords: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [JSONRecordError] = []
    func append(_ error: JSONRecordError) { lock.withLock { collected.append(error) } }
    var errors: [JSONRecordError] { lock.withLock { collected } }
}
#endif
