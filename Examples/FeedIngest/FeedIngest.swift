// FeedIngest: a Hummingbird server that reads large JSON request bodies as they
// arrive, in memory bounded by the largest record, never the body.
//
//   POST /readings         {"readings": [{"id": 1, "value": 2.5, "tags": […]}, …]}  as Codable values
//   POST /readings/models  the same body, each element read as a JSONConvertible model
//   POST /readings/lines   the same records as JSON Lines
//   GET  /readings/export?count=N   writes {"readings": [ N generated readings ]}, a chunk at a time
//
// The POST routes answer {"count": <records>, "idSum": <sum of ids>, "valueSum": <sum of values>}.
// A body that is cut short or is not JSON is a 400 whose body says what and where; one
// of the wrong shape is a 422. Run: `swift run --traits Hummingbird FeedIngest [port]`;
// it prints "listening on 127.0.0.1:<port>" once it serves (port 0: any free port).
#if Hummingbird
import Foundation
import Hummingbird
import Logging
import YAJLModel
import YAJLModelHummingbird
import YAJLModelNIO

/// One record, as a `Decodable` value.
struct Reading: Codable, Sendable {
    var id: Int
    var value: Double
    var tags: [String]
}

/// One record, as a model read straight from the parsed element (no `Decoder`).
struct ReadingModel: JSONConvertible, Sendable {
    var id: Int
    var value: Double

    init(json: JSONValue) throws {
        guard let id = json["id"]?.int else { throw JSONConversionError("expected an integer id") }
        guard let value = json["value"]?.double else { throw JSONConversionError("expected a numeric value") }
        self.id = id
        self.value = value
    }

    var jsonRepresentation: JSON { .object([JSONMember(key: "id", value: .number(JSONNumber(id)))]) }
}

/// What a route answers: how many records, and sums that show each was read.
struct Summary: ResponseCodable, Sendable {
    var count = 0
    var idSum = 0
    var valueSum = 0.0

    mutating func add(id: Int, value: Double) {
        count += 1
        idSum &+= id
        valueSum += value
    }
}

func makeRouter() -> Router<YAJLRequestContext> {
    // The README's "Services" example is these lines down to the first route's end, line
    // for line: keep the two in step.
    let router = Router(context: YAJLRequestContext.self)
    let decoder = YAJLDecoder()
    router.post("/readings") { request, _ -> Summary in
        var summary = Summary()
        for try await reading in JSONElementReader.elements(of: request.body, at: "readings", as: Reading.self, using: decoder) {
            summary.add(id: reading.id, value: reading.value)
        }
        return summary
    }
    router.post("/readings/models") { request, _ -> Summary in
        var summary = Summary()
        for try await reading in JSONElementReader.elements(of: request.body, at: "readings", as: ReadingModel.self) {
            summary.add(id: reading.id, value: reading.value)
        }
        return summary
    }
    router.post("/readings/lines") { request, _ -> Summary in
        var summary = Summary()
        for try await reading in JSONLinesReader.records(of: request.body, as: Reading.self, using: decoder) {
            summary.add(id: reading.id, value: reading.value)
        }
        return summary
    }
    router.get("/readings/export") { request, context -> Response in
        let count = request.uri.queryParameters.get("count", as: Int.self) ?? 0
        return Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: ResponseBody(
                encoding: GeneratedReadings(count: count), framing: .object(key: "readings"), pacedBy: context.eventLoop))
    }
    return router
}

/// Readings `0..<count`, each made when the response body asks for it.
struct GeneratedReadings: AsyncSequence, Sendable {
    let count: Int

    static func reading(_ index: Int) -> Reading {
        Reading(id: index, value: Double(index) / 4, tags: ["sensor", "unit-\(index % 97)", "ok"])
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(count: count) }

    struct AsyncIterator: AsyncIteratorProtocol {
        let count: Int
        var index = 0

        mutating func next() async -> Reading? {
            guard index < count else { return nil }
            defer { index += 1 }
            return GeneratedReadings.reading(index)
        }
    }
}

@main
struct FeedIngest {
    static func main() async throws {
        let port = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 8080
        var logger = Logger(label: "FeedIngest")
        logger.logLevel = .warning
        let app = Application(
            router: makeRouter(),
            configuration: .init(address: .hostname("127.0.0.1", port: port)),  // loopback only
            onServerRunning: { channel in
                // Unbuffered, so that a parent process reading the pipe sees it at once.
                FileHandle.standardOutput.write(Data("listening on 127.0.0.1:\(channel.localAddress?.port ?? port)\n".utf8))
            },
            logger: logger
        )
        try await app.runService()
    }
}
#else
import Foundation

@main
struct FeedIngest {
    static func main() {
        FileHandle.standardError.write(Data("FeedIngest needs the Hummingbird trait: swift run --traits Hummingbird FeedIngest\n".utf8))
        exit(1)
    }
}
#endif
