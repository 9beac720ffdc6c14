import Foundation
import Testing
@testable import YAJLModel

@Suite struct StreamParallelLinesTests {
    /// A few thousand lines of every kind, with CRLF, blank lines and no final line feed.
    static let log: String = (0..<3000).map { n in
        switch n % 6 {
        case 0: #"{"n": \#(n), "level": "info", "text": "café \u00e9 😀"}"#
        case 1: "[\(n), true, null]\r"
        case 2: ""
        case 3: #"  "line \#(n)"  "#
        case 4: #"{"nested": {"n": [\#(n), {"deep": [1, 2, 3]}]}}"#
        default: "\(n).5e-3"
        }
    }.joined(separator: "\n")

    /// Small pieces, so that a few thousand lines make many of them.
    static let options = JSONStreamOptions.with(readSize: 64)

    static func parallel(_ text: String, lossy: Bool = false, concurrency: Int = 2) async -> (outcome: ReadOutcome, skipped: [JSONError]) {
        let skipped = SkippedErrors()
        var outcome = ReadOutcome()
        do {
            try await JSONLinesReader.forEachRecord(
                in: Data(text.utf8), options: options, invalidRecords: lossy ? .skip { skipped.append($0) } : .fail,
                concurrency: concurrency
            ) { outcome.records.append($0) }
        } catch let error as JSONError {
            outcome.error = error
        } catch {
            Issue.record("unexpected \(error)")
        }
        return (outcome, skipped.errors)
    }

    @Test(arguments: [1, 2, 4])
    func theSameRecordsInTheSameOrderAsReadingInOneTask(concurrency: Int) async {
        let sequential = readLines(Self.log).outcome
        let parallel = await Self.parallel(Self.log, concurrency: concurrency).outcome
        #expect(parallel.error == nil)
        #expect(parallel.records.count == 2500)
        #expect(parallel.texts == sequential.texts)
        #expect(parallel.records.map(\.line) == sequential.records.map(\.line))
        #expect(parallel.records.map(\.offset) == sequential.records.map(\.offset))
    }

    @Test func aBadRecordStopsAfterTheRecordsBeforeIt() async {
        var lines = Self.log.utf8.split(separator: 10, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }  // "\r\n" is one Character
        lines[1717] = #"{"broken": }"#
        let text = lines.joined(separator: "\n")
        let sequential = readLines(text).outcome
        let parallel = await Self.parallel(text).outcome
        #expect(parallel.error == sequential.error)
        #expect(parallel.error?.line == 1718)
        #expect(parallel.texts == sequential.texts)
    }

    @Test func lossyModeReportsBadRecordsInOrder() async {
        var lines = Self.log.utf8.split(separator: 10, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }  // "\r\n" is one Character
        for bad in [5, 800, 801, 2999] { lines[bad] = "{\"truncated\": [" }
        let text = lines.joined(separator: "\n")
        let sequential = readLines(text, lossy: true)
        let parallel = await Self.parallel(text, lossy: true)
        #expect(parallel.outcome.error == nil)
        #expect(parallel.skipped == sequential.skipped)
        #expect(parallel.skipped.map(\.line) == [6, 801, 802, 3000])
        #expect(parallel.outcome.texts == sequential.outcome.texts)
    }

    @Test func aTransformRunsOnTheTasksAndTheBodyGetsItsOutputInOrder() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("yajlmodel-parallel-\(UUID().uuidString).jsonl")
        try Data(Self.log.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var lines: [Int] = []
        try await JSONLinesReader.forEachRecord(contentsOf: url, options: Self.options, transform: { record in
            record.line
        }) { lines.append($0) }
        #expect(lines == readLines(Self.log).outcome.records.map(\.line))

        struct Stop: Error {}
        var seen = 0
        await #expect(throws: Stop.self) {
            try await JSONLinesReader.forEachRecord(contentsOf: url, options: Self.options) { _ in
                seen += 1
                if seen == 10 { throw Stop() }
            }
        }
        #expect(seen == 10)
    }
}

extension StreamParallelLinesTests {
    /// The body runs on the caller's actor, so it may touch the actor's state.
    @MainActor @Test func fromAnActor() async throws {
        var count = 0
        try await JSONLinesReader.forEachRecord(in: Data(Self.log.utf8), options: Self.options) { _ in count += 1 }
        #expect(count == 2500)
        var lines: [Int] = []
        try await JSONLinesReader.forEachRecord(in: Data(Self.log.utf8), options: Self.options, transform: \.line) { lines.append($0) }
        #expect(lines.count == 2500)
        var items = 0
        for try await _ in JSONElementReader.elements(of: CountingChunks(chunks: [StreamElementReaderTests.feed]), at: "/items") { items += 1 }
        #expect(items == 9)
    }
}
