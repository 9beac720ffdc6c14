import Foundation
import Synchronization
import Testing
@testable import YAJLModel

/// `JSONElementReader.forEachElement` gives what the sequential reader gives: the same
/// records with the same places, in order or (unordered) the same set, then the same error.
@Suite struct StreamParallelElementsTests {
    /// How a parallel read is set up: tasks, the read size (a batch is 16 of them), order.
    struct Setup: CustomStringConvertible, Sendable {
        var concurrency: Int
        var readSize: Int
        var ordered: Bool
        var description: String { "concurrency \(concurrency), read size \(readSize), \(ordered ? "ordered" : "unordered")" }
    }

    static let setups = [
        Setup(concurrency: 1, readSize: 64, ordered: true),
        Setup(concurrency: 2, readSize: 256, ordered: true),
        Setup(concurrency: 2, readSize: 64, ordered: false),
        Setup(concurrency: 3, readSize: 4096, ordered: true),
        Setup(concurrency: 4, readSize: 1024, ordered: false),
    ]

    /// Reads `reader` in parallel: its records in the order `body` received them, then its error.
    static func parallel(_ reader: consuming JSONElementReader, _ setup: Setup) async -> (records: [JSONRecord], error: (any Error)?) {
        var records: [JSONRecord] = []
        do {
            try await reader.forEachElement(concurrency: setup.concurrency, ordered: setup.ordered) { records.append($0) }
        } catch {
            return (records, error)
        }
        return (records, nil)
    }

    /// What identifies a record in its stream, and its text.
    struct Place: Hashable {
        let index: Int?
        let offset: Int
        let start: JSONSourceLocation
        let text: [UInt8]
        init(_ record: JSONRecord) {
            index = record.index
            offset = record.offset
            start = record.start
            let range = record.value.byteRange
            text = record.value.document.input.withBytes { Array(UnsafeRawBufferPointer(rebasing: $0[range])) }
        }
    }

    /// Whether the parallel read gave the sequential one: the same records in the same
    /// order (unordered: each batch's in order, all of them), then the same error.
    static func agree(_ parallel: (records: [JSONRecord], error: (any Error)?), _ sequential: ReadOutcome, _ setup: Setup) -> Bool {
        let expected = sequential.records.map(Place.init)
        var read = parallel.records.map(Place.init)
        if !setup.ordered { read.sort { ($0.index ?? 0, $0.offset) < ($1.index ?? 0, $1.offset) } }
        let sameError = (parallel.error as? JSONError) == sequential.error && (parallel.error == nil) == (sequential.error == nil)
        return read == expected && sameError
    }

    /// The array to read in a corpus file: the top-level array, or the top-level
    /// object's member that is the longest array; the value itself if there is none.
    static func target(of document: JSONDocument) -> JSONElementReader.Target {
        let root = document.root
        if root.kind == .array { return "" }
        let arrays = root.object?.filter { $0.value.kind == .array } ?? []
        guard let longest = arrays.max(by: { $0.value.count < $1.value.count }) else { return .values }
        return .pointer("/" + longest.key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1"))
    }

    /// Each corpus file read sequentially, then in parallel with several setups.
    @Test(.enabled(if: SharedData.isAvailable, SharedData.unavailableReason), arguments: SharedData.corpusFiles)
    func everyCorpusFileGivesTheSequentialElements(_ name: String) async throws {
        let corpus = try SharedData.corpusDocument(name)
        let target = Self.target(of: corpus.document)
        let sequential = readElements(corpus.bytes, at: target)
        #expect(sequential.error == nil && !sequential.records.isEmpty, "\(name)")
        // The largest element in a few reads: the reader counts lines over the part of an
        // element it holds at each read, which a debug build is slow at for a large one.
        let largest = sequential.records.map(\.value.byteRange.count).max() ?? 0
        for var setup in Self.setups {
            setup.readSize = max(setup.readSize, largest / 8)
            let options = JSONStreamOptions.with(readSize: setup.readSize)
            let reader = try JSONElementReader(chunks: chunks(of: corpus.bytes, first: 1000, period: 65_536), at: target, options: options)
            let parallel = await Self.parallel(reader, setup)
            #expect(Self.agree(parallel, sequential, setup), "\(name), \(setup)")
        }
    }

    /// A small feed over several lines: elements of every kind, the array in an envelope.
    static let feed = Array("""
        {"title": "feed", "items": [
          {"id": 1, "tags": ["a", "b"], "text": "caf\\u00e9 é"},
          [true, false, null],
          -12.5e3, "line\\nbreak",
          {"nested": {"deep": [1, [2, [3]]]}}, 0, {}, []
        ], "modified": "today"}
        """.utf8)

    /// Every prefix of the feed, and the feed with each byte replaced by one that breaks it
    /// or not, read in parallel with batches of 64 bytes: the elements before the error,
    /// then the error of the sequential reader (kind, offset, line and column).
    @Test(arguments: [Setup(concurrency: 2, readSize: 4, ordered: true), Setup(concurrency: 3, readSize: 8, ordered: false)])
    func errorsAtEveryPositionAreTheSequentialReadersAfterTheSameElements(setup: Setup) async throws {
        let options = JSONStreamOptions.with(readSize: setup.readSize)
        var inputs = (0..<Self.feed.count).map { Array(Self.feed[..<$0]) }
        for position in Self.feed.indices {
            for replacement in Array("}#,\"".utf8) {
                var broken = Self.feed
                broken[position] = replacement
                inputs.append(broken)
            }
        }
        var errors = 0
        for input in inputs {
            let sequential = readElements(chunks(of: input, first: 3, period: 7), at: "/items", options)
            let reader = try JSONElementReader(chunks: chunks(of: input, first: 3, period: 7), at: "/items", options: options)
            let parallel = await Self.parallel(reader, setup)
            #expect(Self.agree(parallel, sequential, setup), "\(String(decoding: input, as: UTF8.self)), \(setup)")
            if sequential.error != nil { errors += 1 }
        }
        #expect(errors > Self.feed.count)  // every prefix but the whole feed, and most replacements
    }

    @Test func theEnvelopeIsReadAfterTheLastElement() async throws {
        var reader = try JSONElementReader(chunks: [Self.feed], at: "/items", options: .with(readSize: 16))
        var count = 0
        try await reader.forEachElement(concurrency: 2) { _ in count += 1 }
        #expect(count == 8)
        #expect(reader.envelope?["modified"]?.string == "today")
        #expect(reader.envelope?["items"]?.count == 0)
    }

    /// An array of `count` statuses-like objects.
    static func array(count: Int, id: (Int) -> String = { "\($0)" }) -> [UInt8] {
        Array(("[" + (0..<count).map { #"{"id":\#(id($0)),"text":"status \#($0) é","user":{"name":"u\#($0 % 7)"}}"# }.joined(separator: ",\n") + "]").utf8)
    }

    @Test func gzipFilesAndChunksGiveThePlainElements() async throws {
        let plain = Self.array(count: 3000)
        let compressed = gzip(plain)
        let setup = Setup(concurrency: 2, readSize: 512, ordered: true)
        let options = JSONStreamOptions.with(readSize: setup.readSize)
        let sequential = readElements(plain, at: "", options)
        #expect(sequential.records.count == 3000)
        let fromChunks = await Self.parallel(try JSONElementReader(chunks: chunks(of: compressed, first: 10, period: 333), options: options), setup)
        #expect(Self.agree(fromChunks, sequential, setup))
        try await withTemporaryFile(compressed) { url in
            let fromFile = await Self.parallel(try JSONElementReader(contentsOf: url, options: options), setup)
            #expect(Self.agree(fromFile, sequential, setup))
            let descriptor = open(url.path, O_RDONLY)
            defer { close(descriptor) }
            let fromDescriptor = await Self.parallel(try JSONElementReader(fileDescriptor: descriptor, options: options), setup)
            #expect(Self.agree(fromDescriptor, sequential, setup))
        }
        // Damage: the elements inflated before it, then the sequential reader's error.
        let cut = Array(compressed[..<(compressed.count * 2 / 3)])
        let damagedSequential = readAny(elements: cut, options: options)
        let damagedParallel = await Self.parallel(try JSONElementReader(chunks: [cut], options: options), setup)
        #expect(damagedSequential.error is JSONDecompressionError)
        #expect(damagedParallel.records.map(Place.init) == damagedSequential.records.map(Place.init))
        #expect((damagedParallel.error as? JSONDecompressionError) == (damagedSequential.error as? JSONDecompressionError))
    }

    struct Stop: Error {}

    @Test(arguments: [true, false])
    func aThrowingBodyStopsTheWork(ordered: Bool) async throws {
        let transformed = Atomic<Int>(0)
        var reader = try JSONElementReader(chunks: [Self.array(count: 20_000)], options: .with(readSize: 64))
        var delivered = 0
        await #expect(throws: Stop.self) {
            try await reader.forEachElement(concurrency: 2, ordered: ordered, transform: { record in
                transformed.add(1, ordering: .relaxed)
                return record.index ?? -1
            }) { _ in
                delivered += 1
                if delivered == 100 { throw Stop() }
            }
        }
        #expect(delivered == 100)
        // Batches of at most 16 elements (1 KiB of input, 64 bytes an element at least):
        // what was cut before the throw and no more.
        #expect(transformed.load(ordering: .relaxed) < 100 + 16 * 6)
    }

    @Test func cancellingTheTaskStopsAfterTheBatchesCutBeforeIt() async throws {
        let text = Self.array(count: 20_000)
        let outcome = await Task { () async -> (delivered: Int, error: (any Error)?) in
            var delivered = 0
            do {
                var reader = try JSONElementReader(chunks: [text], options: .with(readSize: 64))
                try await reader.forEachElement(concurrency: 2) { record in
                    #expect(record.index == delivered)
                    delivered += 1
                    if delivered == 50 { withUnsafeCurrentTask { $0?.cancel() } }
                }
            } catch {
                return (delivered, error)
            }
            return (delivered, nil)
        }.value
        #expect(outcome.error is CancellationError)
        // The batches cut before the cancellation are delivered, 16 elements each.
        #expect(outcome.delivered >= 50 && outcome.delivered < 50 + 16 * 6)
    }

    @Test func aFailingTransformIsThrownInItsTurnOrReported() async throws {
        let text = Self.array(count: 500)
        let failing: @Sendable (JSONRecord) throws -> Int = { record in
            guard let index = record.index, index % 100 != 37 else { throw Stop() }
            return index
        }
        var reader = try JSONElementReader(chunks: [text], options: .with(readSize: 64))
        var received: [Int] = []
        do {
            try await reader.forEachElement(concurrency: 3, transform: failing) { received.append($0) }
            Issue.record("no error")
        } catch let error as JSONRecordError {
            #expect(error.index == 37)
            #expect(error.underlying is Stop)
        }
        #expect(received == Array(0..<37))

        let reported = Mutex<[Int]>([])
        var lossy = try JSONElementReader(chunks: [text], options: .with(readSize: 64))
        received = []
        try await lossy.forEachElement(
            invalidRecords: .skip { error in reported.withLock { $0.append(error.index ?? -1) } }, concurrency: 3, transform: failing
        ) { received.append($0) }
        #expect(reported.withLock { $0 } == [37, 137, 237, 337, 437])
        #expect(received == (0..<500).filter { $0 % 100 != 37 })
    }

    /// Elements of the same size, 16 to a batch: when `body` receives an element, no more
    /// than the batches being worked on and waiting (two per task) beyond the one being
    /// delivered have been transformed.
    @Test(arguments: [1, 2, 3])
    func batchesInFlightAreBounded(concurrency: Int) async throws {
        let text = Array(("[" + (0..<8000).map { _ in "1000000" }.joined(separator: ",") + "]").utf8)
        let transformed = Atomic<Int>(0)
        var reader = try JSONElementReader(chunks: chunks(of: text, first: 100, period: 100), options: .with(readSize: 64))
        var delivered = 0
        var mostAhead = 0
        try await reader.forEachElement(concurrency: concurrency, transform: { record in
            transformed.add(1, ordering: .relaxed)
            return record.index
        }) { index in
            #expect(index == delivered)
            mostAhead = max(mostAhead, transformed.load(ordering: .relaxed) - delivered)
            delivered += 1
        }
        #expect(delivered == 8000)
        #expect(mostAhead <= (2 * concurrency + 1) * 16)
    }

    struct Status: Decodable, Sendable, Equatable {
        struct User: Decodable, Sendable, Equatable { let name: String }
        let id: Int
        let text: String
        let user: User
    }

    @Test func decodableElementsWithAYAJLDecoder() async throws {
        let text = Self.array(count: 1000)
        var expected: [Status] = []
        var sequential = try JSONElementReader(chunks: [text])
        while let status = try sequential.next(Status.self, using: YAJLDecoder()) { expected.append(status) }
        for ordered in [true, false] {
            var reader = try JSONElementReader(chunks: chunks(of: text, first: 5, period: 999), options: .with(readSize: 128))
            var statuses: [Status] = []
            try await reader.forEachElement(Status.self, using: YAJLDecoder(), concurrency: 2, ordered: ordered) { statuses.append($0) }
            if !ordered { statuses.sort { $0.id < $1.id } }
            #expect(statuses == expected)
        }
        // An element that does not decode: its index and coding path, in its turn.
        let broken = Self.array(count: 1000) { $0 == 500 ? #""500""# : "\($0)" }
        var reader = try JSONElementReader(chunks: [broken], options: .with(readSize: 128))
        var count = 0
        await #expect {
            try await reader.forEachElement(Status.self, using: YAJLDecoder(), concurrency: 2) { _ in count += 1 }
        } throws: { error in
            (error as? JSONRecordError)?.index == 500
        }
        #expect(count == 500)
    }
}

/// Reads the elements of `bytes` with any error, gzip's included.
func readAny(elements bytes: [UInt8], options: JSONStreamOptions) -> (records: [JSONRecord], error: (any Error)?) {
    var records: [JSONRecord] = []
    do {
        var reader = try JSONElementReader(chunks: [bytes], options: options)
        while let record = try reader.nextRecord() { records.append(record) }
    } catch {
        return (records, error)
    }
    return (records, nil)
}
