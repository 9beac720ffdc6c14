import Foundation
import Testing
@testable import YAJLModel

/// `forEachElement` over a top-level array, whose text the calling task cuts into runs of
/// elements that the group's tasks parse: the records and the error of the sequential
/// reader, whatever the runs' sizes and wherever the chunks end.
@Suite struct StreamParallelRunsTests {
    typealias Setup = StreamParallelElementsTests.Setup

    static let setups = [
        Setup(concurrency: 2, readSize: 16, ordered: true),
        Setup(concurrency: 3, readSize: 64, ordered: false),
        Setup(concurrency: 2, readSize: 1024, ordered: true),
    ]

    /// Chunks of `bytes` cut at random places (the same for the same seed).
    static func randomChunks(of bytes: [UInt8], seed: UInt64, most: Int) -> [ArraySlice<UInt8>] {
        var generator = SplitMix64(seed: seed)
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int.random(in: 0...most, using: &generator))
            result.append(bytes[start..<end])
            start = end
        }
        return result
    }

    /// Reads `bytes` sequentially and in parallel with each setup, from random chunks, and
    /// checks that they agree; returns the sequential outcome.
    @discardableResult
    static func check(_ bytes: [UInt8], _ name: String, setups: [Setup] = setups, options: (Int) -> JSONStreamOptions = { .with(readSize: $0) })
        async throws -> ReadOutcome
    {
        var first: ReadOutcome?
        for (number, setup) in setups.enumerated() {
            let chunks = randomChunks(of: bytes, seed: UInt64(number + 1), most: 2 * setup.readSize)
            let sequential = readElements(chunks, at: "", options(setup.readSize))
            let reader = try JSONElementReader(chunks: chunks, options: options(setup.readSize))
            let parallel = await StreamParallelElementsTests.parallel(reader, setup)
            let agrees = StreamParallelElementsTests.agree(parallel, sequential, setup)
            if !agrees { print("DISAGREE \(name.debugDescription) \(setup): \(parallel.records.count) vs \(sequential.records.count); \(String(reflecting: parallel.error)) vs \(String(reflecting: sequential.error))") }
            #expect(agrees, "\(name), \(setup)")
            first = first ?? sequential
        }
        return first ?? ReadOutcome()
    }

    /// Each corpus file's arrays, as top-level arrays: the file's own, or each of its top-level
    /// object's members that is an array, cut into runs of every size from a few elements up.
    @Test(.enabled(if: SharedData.isAvailable, SharedData.unavailableReason), arguments: SharedData.corpusFiles)
    func corpusArraysGiveTheSequentialElements(_ name: String) async throws {
        let corpus = try SharedData.corpusDocument(name)
        let root = corpus.document.root
        let arrays = root.kind == .array ? [root] : (root.object?.map(\.value).filter { $0.kind == .array } ?? [])
        for array in arrays where array.count > 0 {
            let text = Array(array.rawJSON)
            let largest = array.array?.map(\.byteRange.count).max() ?? 0
            let setups = Self.setups.map { setup in
                var setup = setup
                setup.readSize = max(setup.readSize, largest / 8)  // the largest element in a few reads, as the sequential test has it
                return setup
            }
            let outcome = try await Self.check(text, name, setups: setups)
            #expect(outcome.error == nil && outcome.records.count == array.count, "\(name)")
        }
    }

    /// Every conformance case, as the elements of a top-level array, with small runs.
    @Test(.enabled(if: SharedData.isAvailable, SharedData.unavailableReason))
    func conformanceCasesGiveTheSequentialElementsAndErrors() async throws {
        var errors = 0
        for name in SharedData.conformanceFiles {
            let outcome = try await Self.check(try SharedData.conformanceBytes(name), name)
            if outcome.error != nil { errors += 1 }
        }
        #expect(errors > 100)
    }

    /// An array of every kind of element over several lines.
    static let array = Array("""
        [
          {"id": 1, "tags": ["a", "b,c"], "text": "caf\\u00e9 é \\"]\\\\"},
          [true, false, null], "[{,", -12.5e3, "line\\nbreak",
          {"nested": {"deep": [1, [2, [3]]]}}, 0, {}, [], 17
        ]
        """.utf8)

    /// Every prefix of the array, and the array with each byte replaced by one that breaks it
    /// or not: the elements before the error, then the sequential reader's error.
    @Test func errorsAtEveryPositionAreTheSequentialReadersAfterTheSameElements() async throws {
        var inputs = (0..<Self.array.count).map { Array(Self.array[..<$0]) }
        for position in Self.array.indices {
            for replacement in Array("}],\"\\[ \u{0C}x".utf8) {
                var broken = Self.array
                broken[position] = replacement
                inputs.append(broken)
            }
        }
        var errors = 0
        for input in inputs {
            let outcome = try await Self.check(input, String(decoding: input, as: UTF8.self), setups: [Self.setups[0], Self.setups[1]])
            if outcome.error != nil { errors += 1 }
        }
        #expect(errors > Self.array.count)
    }

    /// Limits: an element over the record limit, and one too deep, among others that are not.
    @Test func limitsAreTheSequentialReaders() async throws {
        let long = "[" + (0..<200).map { "\"\(String(repeating: "x", count: $0 == 150 ? 3000 : 10))\"" }.joined(separator: ",") + "]"
        let outcome = try await Self.check(Array(long.utf8), "long", options: { .with(maxRecordBytes: 1000, readSize: $0) })
        #expect(outcome.records.count == 150)
        guard case .tooLarge(.inputBytes, _, _) = outcome.error else {
            Issue.record("not the record limit: \(String(describing: outcome.error))")
            return
        }
        let deep = "[" + (0..<200).map { $0 == 120 ? String(repeating: "[", count: 40) + String(repeating: "]", count: 40) : "[1]" }.joined(separator: ",") + "]"
        let deepOutcome = try await Self.check(Array(deep.utf8), "deep", options: { .with(maxDepth: 20, readSize: $0) })
        #expect(deepOutcome.records.count == 120)
        #expect(deepOutcome.error != nil)
    }

    /// Unordered, no element after an error is delivered, even when its run parses first.
    @Test func unorderedReadsDeliverNothingAfterAnError() async throws {
        let good = (0..<3000).map { #"{"id":\#($0)}"# }
        var elements = good
        elements[40] = #"{"id":40 41}"#
        let text = Array(("[" + elements.joined(separator: ",") + "]").utf8)
        for _ in 0..<5 {
            var reader = try JSONElementReader(chunks: [text], options: .with(readSize: 32))
            var indices: [Int] = []
            await #expect(throws: JSONError.self) {
                try await reader.forEachElement(concurrency: 3, ordered: false) { indices.append($0.index ?? -1) }
            }
            #expect(indices.sorted() == Array(0..<40))
        }
    }

    @Test func theEnvelopeAndHeaderAreReadAfterTheLastElement() async throws {
        let text = Array(("\u{FEFF} \n[" + (0..<500).map { "\($0)" }.joined(separator: ", ") + "] \n").utf8)
        var reader = try JSONElementReader(chunks: Self.randomChunks(of: text, seed: 7, most: 40), options: .with(readSize: 16))
        var sum = 0
        try await reader.forEachElement(concurrency: 2) { sum += $0.value.int ?? 0 }
        #expect(sum == (0..<500).reduce(0, +))
        #expect(reader.envelope?.count == 0)
        #expect(reader.header?.kind == .array)
        #expect(try reader.next() == nil)
    }

    /// A file read in runs, as a model and with a decoder.
    @Test func filesGiveTheSequentialElements() async throws {
        let text = StreamParallelElementsTests.array(count: 5000)
        try await withTemporaryFile(text) { url in
            var expected: [StreamParallelElementsTests.Status] = []
            var sequential = try JSONElementReader(contentsOf: url)
            while let status = try sequential.next(StreamParallelElementsTests.Status.self, using: YAJLDecoder()) { expected.append(status) }
            var reader = try JSONElementReader(contentsOf: url, options: .with(readSize: 512))
            var statuses: [StreamParallelElementsTests.Status] = []
            try await reader.forEachElement(StreamParallelElementsTests.Status.self, using: YAJLDecoder()) { statuses.append($0) }
            #expect(statuses == expected)
            #expect(statuses.count == 5000)
        }
    }
}
