import Foundation
import Testing
@testable import YAJLModel

/// A model as `@JSONModel` writes one: `{"id": Int, "actor": {…}}`, its `actor` an object.
struct StreamEvent: JSONModel, Codable {
    let _jsonStorage: _JSONModelStorage
    var json: JSONValue { _jsonStorage.json }
    init(_validatedJSON json: JSONValue) { _jsonStorage = _JSONModelStorage(json: json) }
    static func _validateProperties(of json: JSONValue, into validation: inout JSONValidation) {
        guard let actor = json["actor"] else { return validation.reportMissing("actor", in: json) }
        if actor.kind != .object { validation.reportKind("object", at: actor) }
    }
    var _propertyValues: KeyValuePairs<String, Any> { ["actor": json["actor"] as Any] }
}

/// The same, decoded: its `actor` a keyed container.
struct DecodedStreamEvent: Decodable {
    struct Actor: Decodable { var login: String }
    var id: Int
    var actor: Actor
}

/// A 5,000-element array of events, one a line, with `"actor": 42` in element `bad`.
struct StreamErrorFeed {
    static let count = 5000
    let bad: Int
    let text: [UInt8]
    /// Where the bad `42` is, counted from the start of the text.
    let offset: Int, line: Int, column: Int

    init(bad: Int, prefix: String = "[\n") {
        self.bad = bad
        var text = prefix
        var found = (offset: 0, line: 0, column: 0)
        for index in 0..<Self.count {
            let head = #"  {"id": \#(index), "name": "é \#(index)", "actor": "#
            if index == bad {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                found = (text.utf8.count + head.utf8.count, lines.count, head.unicodeScalars.count + 1)
            }
            text += head + (index == bad ? "42" : #"{"login": "u\#(index)"}"#) + "}" + (index == Self.count - 1 ? "\n" : ",\n")
        }
        text += prefix.hasPrefix("{") ? "]}" : "]"
        self.text = Array(text.utf8)
        (offset, line, column) = found
    }

    /// The text in chunks of `size` bytes.
    func chunks(_ size: Int) -> [ArraySlice<UInt8>] {
        stride(from: 0, to: text.count, by: size).map { text[$0..<min($0 + size, text.count)] }
    }

    var place: String { "line \(line), column \(column) (byte \(offset))" }

    /// The JSON Lines form: one event a line, no array.
    var lines: (text: [UInt8], offset: Int, line: Int, column: Int) {
        let body = String(decoding: text, as: UTF8.self).split(separator: "\n").dropFirst().dropLast()
            .map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }
        let before = body[..<(body.startIndex + bad)].reduce(0) { $0 + $1.utf8.count + 1 }
        let head = body[body.startIndex + bad].components(separatedBy: #""actor": "#)[0] + #""actor": "#
        return (Array((body.joined(separator: "\n") + "\n").utf8), before + head.utf8.count, bad + 1, head.unicodeScalars.count + 1)
    }
}

@Suite struct StreamRecordErrorTests {
    static let feeds = [StreamErrorFeed(bad: 999), StreamErrorFeed(bad: StreamErrorFeed.count - 1)]

    /// Checks a model error of element `feed.bad`, as a whole-document error reads.
    static func checkModelError(_ error: any Error, _ feed: StreamErrorFeed, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = error as? JSONRecordError, let model = error.underlying as? JSONModelError else {
            Issue.record("not a record's model error: \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.index == feed.bad, sourceLocation: sourceLocation)
        #expect(error.location == JSONSourceLocation(offset: feed.offset, line: feed.line, column: feed.column), sourceLocation: sourceLocation)
        #expect(model.issues.map(\.path) == ["[\(feed.bad)].actor"], sourceLocation: sourceLocation)
        #expect("\(error)" == "[\(feed.bad)].actor: expected object, found number at \(feed.place)", sourceLocation: sourceLocation)
        #expect(feed.text[feed.offset] == UInt8(ascii: "4") && feed.text[feed.offset + 1] == UInt8(ascii: "2"), sourceLocation: sourceLocation)
    }

    /// Checks a decoding error of element `feed.bad`: its coding path from the index, its place in the stream.
    static func checkDecodingError(_ error: any Error, _ feed: StreamErrorFeed, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = error as? JSONRecordError, let decoding = error.underlying as? DecodingError else {
            Issue.record("not a record's decoding error: \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.index == feed.bad, sourceLocation: sourceLocation)
        #expect(error.location == JSONSourceLocation(offset: feed.offset, line: feed.line, column: feed.column), sourceLocation: sourceLocation)
        #expect(decoding.jsonPath == "[\(feed.bad)].actor", sourceLocation: sourceLocation)
        #expect("\(error)".hasPrefix("[\(feed.bad)].actor: expected "), sourceLocation: sourceLocation)
        #expect("\(error)".hasSuffix(" at \(feed.place)"), "\(error)", sourceLocation: sourceLocation)
    }

    @Test(arguments: feeds, [1 << 10, 64 << 10])
    func syncReaderNamesTheElementAndItsPlaceInTheWholeInput(feed: StreamErrorFeed, readSize: Int) throws {
        var options = JSONStreamOptions()
        options.readSize = readSize
        var reader = try JSONElementReader(chunks: feed.chunks(777), options: options)
        var read = 0
        var failures: [any Error] = []
        while true {
            do {
                guard try reader.next(StreamEvent.self) != nil else { break }
                read += 1
            } catch {
                failures.append(error)  // the reader moves on past the element
            }
        }
        #expect(read == StreamErrorFeed.count - 1 && failures.count == 1)
        failures.first.map { Self.checkModelError($0, feed) }

        var decoding = try JSONElementReader(chunks: feed.chunks(4096))
        let error = try #require(#expect(throws: JSONRecordError.self) {
            while try decoding.next(DecodedStreamEvent.self, using: YAJLDecoder()) != nil {}
        })
        Self.checkDecodingError(error, feed)
        var closure = try JSONElementReader(chunks: feed.chunks(4096))
        let built = try #require(#expect(throws: JSONRecordError.self) {
            while try closure.next(as: { try StreamEvent(json: $0) }) != nil {}
        })
        Self.checkModelError(built, feed)
    }

    @Test func aTargetInsideAnObjectCountsFromTheWholeInput() throws {
        let feed = StreamErrorFeed(bad: 999, prefix: "{\"title\": \"é feed\",\n \"items\": [\n")
        var reader = try JSONElementReader(chunks: feed.chunks(1000), at: "/items")
        let error = try #require(#expect(throws: JSONRecordError.self) { while try reader.next(StreamEvent.self) != nil {} })
        Self.checkModelError(error, feed)
    }

    @Test(arguments: feeds)
    func asyncReadersNameTheElementAndItsPlace(feed: StreamErrorFeed) async throws {
        let chunks = AsyncChunks(feed.chunks(1500))
        var models = JSONElementReader.elements(of: chunks).makeAsyncIterator()
        var modelError: (any Error)?
        do { while try await models.next(StreamEvent.self) != nil {} } catch { modelError = error }
        Self.checkModelError(try #require(modelError), feed)

        var decodingError: (any Error)?
        do {
            for try await _ in JSONElementReader.elements(of: chunks, as: DecodedStreamEvent.self, using: YAJLDecoder()) {}
        } catch { decodingError = error }
        Self.checkDecodingError(try #require(decodingError), feed)

        var typedError: (any Error)?
        do { for try await _ in JSONElementReader.elements(of: chunks, as: StreamEvent.self) {} } catch { typedError = error }
        Self.checkModelError(try #require(typedError), feed)
    }

    @Test(arguments: feeds)
    func badElementsAreSkippedAndReported(feed: StreamErrorFeed) async throws {
        let reported = Reported()
        var ids: [Int] = []
        let elements = JSONElementReader.elements(
            of: AsyncChunks(feed.chunks(2000)), as: DecodedStreamEvent.self, using: YAJLDecoder(),
            invalidRecords: .skip { reported.append($0) })
        for try await event in elements { ids.append(event.id) }
        #expect(ids == Array(0..<StreamErrorFeed.count).filter { $0 != feed.bad })
        #expect(reported.errors.count == 1)
        reported.errors.first.map { Self.checkDecodingError($0, feed) }
        #expect(reported.errors.first?.start.line == feed.line)

        // A syntax error still ends the stream, after the elements before it.
        var broken = feed.text
        broken[feed.offset] = UInt8(ascii: "}")
        var count = 0
        let error = await #expect(throws: JSONError.self) {
            for try await _ in JSONElementReader.elements(of: AsyncChunks([broken[...]]), as: StreamEvent.self, invalidRecords: .skip()) { count += 1 }
        }
        #expect(count == feed.bad && error?.line == feed.line)
    }

    @Test(arguments: feeds)
    func jsonLinesNameTheLineAndItsPlace(feed: StreamErrorFeed) async throws {
        let lines = feed.lines
        let expected = JSONSourceLocation(offset: lines.offset, line: lines.line, column: lines.column)
        let chunks = stride(from: 0, to: lines.text.count, by: 999).map { lines.text[$0..<min($0 + 999, lines.text.count)] }
        var reader = JSONLinesReader(chunks: chunks)
        let error = try #require(#expect(throws: JSONRecordError.self) { while try reader.next(StreamEvent.self) != nil {} })
        #expect(error.index == nil && error.location == expected && error.start.line == lines.line)
        #expect("\(error)" == "actor: expected object, found number at \(expected)")

        let reported = Reported()
        var count = 0
        for try await _ in JSONLinesReader.records(of: AsyncChunks(chunks), as: DecodedStreamEvent.self, using: YAJLDecoder(), invalidRecords: .skip { reported.append($0) }) {
            count += 1
        }
        #expect(count == StreamErrorFeed.count - 1 && reported.errors.map(\.location) == [expected])

        var parallel: [Int] = []
        let parallelReported = Reported()
        try await JSONLinesReader.forEachRecord(
            in: Data(lines.text), invalidRecords: .skip { parallelReported.append($0) }, concurrency: 2,
            transform: { try StreamEvent(json: $0.value) }, { parallel.append($0.json["id"]?.int ?? -1) })
        #expect(parallel == Array(0..<StreamErrorFeed.count).filter { $0 != feed.bad })
        #expect(parallelReported.errors.map(\.location) == [expected])
        #expect(parallelReported.errors.map { "\($0)" } == ["actor: expected object, found number at \(expected)"])
    }

    @Test func wholeDocumentDecodingReadsAsAModelError() throws {
        let feed = StreamErrorFeed(bad: 999)
        let error = try #require(#expect(throws: DecodingError.self) { try YAJLDecoder().decode([StreamEvent].self, from: feed.text) })
        guard case .dataCorrupted(let context) = error, let model = context.underlyingError as? JSONModelError else {
            Issue.record("\(error)")
            return
        }
        #expect("\(model)" == "[999].actor: expected object, found number at \(feed.place)")
    }

    @Test func theTopLevelValueIsNamedAsSuch() throws {
        var reader = try JSONElementReader(chunks: [Array(#"{"a": 1}"#.utf8)])
        let error = try #require(#expect(throws: JSONError.self) { while try reader.next() != nil {} })
        #expect("\(error)" == "the top-level value is not an array: found an object at line 1, column 1 (byte 0)")
        let decoding = try #require(#expect(throws: DecodingError.self) { try YAJLDecoder().decode([Int].self, from: #"{"a": 1}"#) })
        #expect(decoding.jsonDescription.hasPrefix("the top-level value: expected Array"), "\(decoding.jsonDescription)")
        #expect(decoding.jsonDescription.contains("found a dictionary"), "\(decoding.jsonDescription)")
        let model = try #require(#expect(throws: JSONModelError.self) { try StreamEvent(json: JSONDocument(parsing: "[1]").root) })
        #expect("\(model)" == "the top-level value: expected object, found array at line 1, column 1 (byte 0)")
    }
}

/// Chunks handed out by an asynchronous sequence.
struct AsyncChunks: AsyncSequence, Sendable {
    let chunks: [ArraySlice<UInt8>]
    init(_ chunks: [ArraySlice<UInt8>]) { self.chunks = chunks }
    struct AsyncIterator: AsyncIteratorProtocol {
        var rest: ArraySlice<ArraySlice<UInt8>>
        mutating func next() async -> ArraySlice<UInt8>? { rest.popFirst() }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rest: chunks[...]) }
}

/// Errors reported by a skipping reader.
final class Reported: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [JSONRecordError] = []
    func append(_ error: JSONRecordError) { lock.withLock { collected.append(error) } }
    var errors: [JSONRecordError] { lock.withLock { collected } }
}
