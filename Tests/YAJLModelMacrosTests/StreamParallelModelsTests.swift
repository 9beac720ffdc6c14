import Foundation
import Testing
import YAJLModelMacros

@JSONModel(keys: .snakeCase)
struct Status {
    var id: Int
    var user: StatusUser
}

@JSONModel(keys: .snakeCase)
struct StatusUser {
    var screenName: String
}

/// The Streaming article's example of `forEachElement` with a `@JSONModel` type, as it is there.
func countByUser(feed url: URL) async throws -> [String: Int] {
    var counts: [String: Int] = [:]
    var reader = try JSONElementReader(contentsOf: url, at: "/statuses")
    try await reader.forEachElement(Status.self) { status in   // a @JSONModel type
        counts[status.user.screenName, default: 0] += 1
    }
    return counts
}

@Suite("The parallel element reader hands out models")
struct StreamParallelModelsTests {
    static func feed(count: Int, badAt bad: Int? = nil) -> [UInt8] {
        let statuses = (0..<count).map { n in
            n == bad ? #"{"id": \#(n), "user": {"screen_name": \#(n)}}"# : #"{"id": \#(n), "user": {"screen_name": "u\#(n % 3)"}}"#
        }
        return Array(#"{"statuses": [\#(statuses.joined(separator: ",\n"))], "count": \#(count)}"#.utf8)
    }

    @Test func theArticlesExampleCountsEveryStatus() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("yajlmodel-parallel-models-\(UUID().uuidString).json")
        try Data(Self.feed(count: 3000)).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try await countByUser(feed: url) == ["u0": 1000, "u1": 1000, "u2": 1000])
    }

    @Test(arguments: [true, false])
    func modelsAreTheSequentialReadersInOrderOrNot(ordered: Bool) async throws {
        let options = { var options = JSONStreamOptions(); options.readSize = 128; return options }()
        var sequential = try JSONElementReader(chunks: [Self.feed(count: 2000)], at: "/statuses", options: options)
        var expected: [Status] = []
        while let status = try sequential.next(Status.self) { expected.append(status) }
        var reader = try JSONElementReader(chunks: [Self.feed(count: 2000)], at: "/statuses", options: options)
        var statuses: [Status] = []
        try await reader.forEachElement(Status.self, concurrency: 3, ordered: ordered) { statuses.append($0) }
        if !ordered { statuses.sort { $0.id < $1.id } }
        #expect(statuses == expected)
        #expect(reader.envelope?["count"]?.int == 2000)
    }

    @Test func aStatusThatIsNotAModelIsThrownInItsTurnWithItsPath() async throws {
        var reader = try JSONElementReader(chunks: [Self.feed(count: 1000, badAt: 777)], at: "/statuses", options: { var options = JSONStreamOptions(); options.readSize = 64; return options }())
        var count = 0
        let error = await #expect(throws: JSONRecordError.self) {
            try await reader.forEachElement(Status.self, concurrency: 2) { _ in count += 1 }
        }
        #expect(count == 777)
        #expect(error?.index == 777)
        #expect((error?.underlying as? JSONModelError)?.issues.map(\.path) == ["[777].user.screen_name"])
    }
}
