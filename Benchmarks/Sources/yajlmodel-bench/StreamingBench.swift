import Foundation
import YAJLModel

/// `--streaming`: the streaming readers against the whole-document parse, from data
/// generated at run time (nothing is committed; the JSON Lines file is a temporary
/// file, deleted at the end).
///
/// 1. Peak resident memory while reading a generated feed of ≥ 1 GB element by
///    element: the feed is a sequence of 64 KiB chunks made on the fly, so it never
///    exists whole. Measured first, before anything else has grown the heap.
/// 2. Throughput of chunked parsing (``JSONStreamParser``) and of element streaming
///    (``JSONElementReader``) ÷ the whole-document parse of the same bytes.
/// 3. Parallel JSON Lines (``JSONLinesReader/forEachRecord``) on 2 cores ÷ on 1.
enum StreamingBench {
    static let chunkSize = 64 << 10

    /// Runs the rows whose name (`memory`, `throughput`, `parallel`) contains one of
    /// `filters`, or all of them.
    static func run(plan: Plan, feedMegabytes: Int, inputs: [Input], filters: [String]) throws {
        func selected(_ row: String) -> Bool { filters.isEmpty || filters.contains { row.contains($0.lowercased()) } }
        let items = twitterItems()
        log("streaming: \(items.count) twitter-like statuses as elements")

        print("yajlmodel-bench --streaming: \(plan.runs) measured runs after \(plan.warmup) warm-up, medians; "
              + "machine: \(ProcessInfo.processInfo.activeProcessorCount) cores\n")
        if selected("memory") { try memoryRow(items: items, megabytes: feedMegabytes) }
        if selected("throughput") { throughputRows(items: items, inputs: inputs, plan: plan) }
        if selected("parallel") { try parallelRow(items: items, plan: plan) }
    }

    // MARK: Memory

    /// Reads a generated feed of `megabytes` element by element and reports the peak RSS.
    static func memoryRow(items: [[UInt8]], megabytes: Int) throws {
        let baseline = ResidentMemory.current
        let resetWorked = ResidentMemory.resetPeak()
        let feed = FeedChunks(items: items, totalBytes: megabytes << 20, chunkSize: chunkSize)
        let start = ContinuousClock.now
        var reader = try JSONElementReader(chunks: feed, at: "/items")
        var count = 0
        var idSum = 0
        while let item = try reader.next() {
            count += 1
            idSum &+= item["id"]?.int ?? 0
        }
        let seconds = (ContinuousClock.now - start).seconds
        let peak = ResidentMemory.peak
        let bytes = feed.totalBytes
        var table = Table(columns: [
            ("feed (generated)", .left), ("size", .right), ("elements", .right), ("MB/s", .right),
            ("RSS before", .right), ("peak RSS", .right), ("target", .left),
        ])
        table.addRow([
            "{header, items: [twitter-like statuses], trailer}", formatBytes(bytes), String(count),
            format(Double(bytes) / seconds / 1e6, 1), megabytesText(baseline), megabytesText(peak),
            peak.map { $0 <= 64 << 20 ? "≤ 64 MB: ok" : "≤ 64 MB: ABOVE" } ?? "-",
        ])
        print("Peak resident memory while streaming the elements of a generated feed"
              + (resetWorked ? " (peak reset before reading)" : " (process peak since start)") + ":")
        print(table.render())
        print(reader.envelope?["title"]?.string == "Generated feed" ? "" : "warning: the envelope did not parse\n")
        if idSum == Int.min { log("\(idSum)") }
    }

    // MARK: Throughput

    static func throughputRows(items: [[UInt8]], inputs: [Input], plan: Plan) {
        var table = Table(columns: [
            ("input", .left), ("size", .right), ("way", .left), ("median ms", .right), ("MB/s", .right),
            ("÷ whole parse", .right), ("target", .left),
        ])
        // The corpus (or generated) inputs, chunked; and a generated feed, chunked and element by element.
        let feed = FeedChunks(items: items, totalBytes: 32 << 20, chunkSize: chunkSize).reduce(into: Data()) { $0.append(contentsOf: $1) }
        let chunked: [(String, (Data) throws -> Int)] = [
            ("JSONStreamParser, 64 KiB chunks", { try chunkedParse($0, sized: false) }),
            ("JSONStreamParser, 64 KiB chunks, size known", { try chunkedParse($0, sized: true) }),
        ]
        var cases: [(name: String, bytes: Data, ways: [(String, (Data) throws -> Int)])] = inputs.map {
            ($0.name, $0.bytes, chunked)
        }
        cases.append(("generated feed", feed, chunked + [("JSONElementReader /items, 64 KiB chunks", elementStream)]))
        // Small records (about 140 bytes), where each element's own document costs the most.
        let logFeed = FeedChunks(items: logItems(), totalBytes: 16 << 20, chunkSize: chunkSize).reduce(into: Data()) { $0.append(contentsOf: $1) }
        cases.append(("generated log feed", logFeed, [("JSONElementReader /items, 64 KiB chunks", elementStream)]))
        for (index, item) in cases.enumerated() {
            log("streaming throughput: \(item.name) (\(formatBytes(item.bytes.count)))")
            let contenders = [("whole-document parse", wholeParse)] + item.ways
            let medians = timeInterleaved(contenders.map(\.1), on: item.bytes, plan: plan)
            if index > 0 { table.addSeparator() }
            for (position, (name, _)) in contenders.enumerated() {
                let ratio = medians[0] / medians[position]
                table.addRow([
                    position == 0 ? item.name : "", position == 0 ? formatBytes(item.bytes.count) : "", name,
                    milliseconds(medians[position]), format(Double(item.bytes.count) / medians[position] / 1e6, 1),
                    position == 0 ? "" : format(ratio, 3), position == 0 ? "" : (ratio >= 0.9 ? "≥ 0.9: ok" : "≥ 0.9: BELOW"),
                ])
            }
        }
        print("Streaming throughput ÷ whole-document parse of the same bytes (in memory):")
        print(table.render() + "\n")
    }

    static func wholeParse(_ data: Data) throws -> Int {
        try JSONDocument(parsing: data).nodeCount
    }

    static func chunkedParse(_ data: Data, sized: Bool) throws -> Int {
        let parser = JSONStreamParser(expectedByteCount: sized ? data.count : nil)
        var start = data.startIndex
        while start < data.endIndex {
            let end = min(start + chunkSize, data.endIndex)
            try parser.feed(data[start..<end])
            start = end
        }
        return try parser.finish().nodeCount
    }

    static func elementStream(_ data: Data) throws -> Int {
        let chunks = stride(from: data.startIndex, to: data.endIndex, by: chunkSize).lazy.map {
            data[$0..<min($0 + chunkSize, data.endIndex)]
        }
        var reader = try JSONElementReader(chunks: chunks, at: "/items")
        var count = 0
        while let item = try reader.next() { count += item.document.nodeCount }
        return count
    }

    /// Median seconds of each body, in rounds that run every body once in turn.
    static func timeInterleaved(_ bodies: [(Data) throws -> Int], on data: Data, plan: Plan) -> [Double] {
        var samples = [[Double]](repeating: [], count: bodies.count)
        var sink = 0
        for round in 0..<(plan.warmup + plan.runs) {
            for (index, body) in bodies.enumerated() {
                settleHeap()
                let start = ContinuousClock.now
                sink &+= (try? body(data)) ?? 0
                settleHeap()
                if round >= plan.warmup { samples[index].append((ContinuousClock.now - start).seconds) }
            }
        }
        if sink == Int.min { log("\(sink)") }
        return samples.map { Statistics($0).median }
    }

    // MARK: Parallel JSON Lines

    static func parallelRow(items: [[UInt8]], plan: Plan) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("yajlmodel-bench-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        var lines = Data()
        while lines.count < 128 << 20 {
            for item in items {
                lines.append(contentsOf: item)
                lines.append(UInt8(ascii: "\n"))
            }
        }
        try lines.write(to: url)
        let size = lines.count
        lines = Data()
        log("parallel JSON Lines: \(formatBytes(size)) in \(url.path)")

        let cores = ProcessInfo.processInfo.activeProcessorCount
        let concurrencies = Array(Set([1, 2, cores])).sorted()
        var samples = [Int: [Double]]()
        var counts = [Int: Int]()
        for round in 0..<(plan.warmup + plan.runs) {
            for concurrency in concurrencies {
                let start = ContinuousClock.now
                let count = try runBlocking { try await countRecords(url, concurrency: concurrency) }
                if round >= plan.warmup { samples[concurrency, default: []].append((ContinuousClock.now - start).seconds) }
                counts[concurrency] = count
            }
        }
        var table = Table(columns: [
            ("JSON Lines (generated)", .left), ("size", .right), ("records", .right), ("cores", .right),
            ("median ms", .right), ("MB/s", .right), ("÷ 1 core", .right), ("target", .left),
        ])
        let one = Statistics(samples[1] ?? [1]).median
        for concurrency in concurrencies {
            let median = Statistics(samples[concurrency] ?? [1]).median
            let ratio = one / median
            table.addRow([
                concurrency == 1 ? "twitter-like statuses, one per line" : "", concurrency == 1 ? formatBytes(size) : "",
                String(counts[concurrency] ?? 0), String(concurrency), milliseconds(median),
                format(Double(size) / median / 1e6, 1), format(ratio, 3),
                concurrency == 2 ? (ratio >= 1.7 ? "≥ 1.7: ok" : "≥ 1.7: BELOW") : "",
            ])
        }
        print("Parallel JSON Lines (forEachRecord over a temporary file, mapped):")
        print(table.render())
        let scaling = try runBlocking { await spinScaling() }
        print("(meanwhile, a pure CPU loop ran \(format(scaling, 2))× as fast on 2 tasks as on 1: "
              + "what this machine could give at the time)")
    }

    /// How much faster the same CPU work finishes on 2 tasks than on 1, now: 2.0 on an
    /// idle 2-core machine, less when other processes hold the cores.
    static func spinScaling() async -> Double {
        @Sendable func spin() -> Int {
            var x = 0
            for i in 0..<150_000_000 { x = x &* 31 &+ i }
            return x
        }
        func time(tasks: Int) async -> Double {
            let start = ContinuousClock.now
            let sum = await withTaskGroup(of: Int.self) { group in
                // The same work either way: twice the loop, in one task or in two.
                if tasks == 1 {
                    group.addTask { spin() &+ spin() }
                } else {
                    for _ in 0..<2 { group.addTask { spin() } }
                }
                return await group.reduce(0, &+)
            }
            if sum == 42 { log("\(sum)") }
            return (ContinuousClock.now - start).seconds
        }
        return await time(tasks: 1) / time(tasks: 2)
    }

    static func countRecords(_ url: URL, concurrency: Int) async throws -> Int {
        var count = 0
        try await JSONLinesReader.forEachRecord(contentsOf: url, concurrency: concurrency) { record in
            count += record.value.kind == .object ? 1 : 0
        }
        return count
    }

    // MARK: Data

    /// The statuses of the twitter-like generator, each as compact text: the elements.
    static func twitterItems() -> [[UInt8]] {
        let text = GeneratedData.twitterLike(scale: 1)
        guard let statuses = (try? JSONDocument(parsing: text))?.root["statuses"]?.array else { return [] }
        return statuses.map { Array($0.rawJSON) }
    }

    /// Log records of about 140 bytes each: small elements.
    static func logItems() -> [[UInt8]] {
        var random = SplitMix64(seed: 0x6c6f_6773)
        return (0..<2000).map { _ in
            let level = random.pick(["info", "warn", "error"])
            let status = random.pick([200, 201, 404, 500])
            let text = #"{"ts":"2026-11-21T12:\#(random.int(10..<60)):\#(random.int(10..<60)).\#(random.int(100..<1000))Z","level":"\#(level)","#
                + #""msg":"request handled in \#(random.int(0..<1000)) ms","path":"/api/v1/items/\#(random.int(0..<100_000))","#
                + #""status":\#(status),"user":\#(random.int(0..<1_000_000))}"#
            return Array(text.utf8)
        }
    }

    private static func megabytesText(_ bytes: Int?) -> String {
        bytes.map { format(Double($0) / 1e6, 1) + " MB" } ?? "-"
    }
}

/// A feed of `totalBytes` or a little more, made on the fly: a header, the items
/// repeated as elements of `items`, and a trailer, cut into `chunkSize` chunks.
struct FeedChunks: Sequence {
    let items: [[UInt8]]
    let totalBytes: Int
    let chunkSize: Int

    func makeIterator() -> Iterator { Iterator(feed: self) }

    struct Iterator: IteratorProtocol {
        let feed: FeedChunks
        private var pending = Array(#"{"title": "Generated feed", "version": 1, "items": ["#.utf8)
        private var produced = 0
        private var index = 0
        private var ended = false

        init(feed: FeedChunks) { self.feed = feed }

        mutating func next() -> [UInt8]? {
            while pending.count < feed.chunkSize && !ended {
                if produced + pending.count < feed.totalBytes && !feed.items.isEmpty {
                    if index > 0 { pending.append(UInt8(ascii: ",")) }
                    pending += feed.items[index % feed.items.count]
                    index += 1
                } else {
                    pending += Array(#"], "modified": "2026-11-21T12:00:00Z"}"#.utf8)
                    ended = true
                }
            }
            guard !pending.isEmpty else { return nil }
            let chunk = Array(pending.prefix(feed.chunkSize))
            pending.removeFirst(chunk.count)
            produced += chunk.count
            return chunk
        }
    }
}

/// The process's resident memory, from /proc/self/status (Linux).
enum ResidentMemory {
    static var current: Int? { field("VmRSS:") }
    static var peak: Int? { field("VmHWM:") }

    /// Resets the peak to the current size (Linux ≥ 4.0: `echo 5 > /proc/self/clear_refs`).
    static func resetPeak() -> Bool {
        guard let file = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? file.close() }
        return (try? file.write(contentsOf: Data("5".utf8))) != nil
    }

    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) })
        else { return nil }
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first
        return kilobytes.map { $0 * 1024 }
    }
}

/// Runs an async body to completion from synchronous code (the command is synchronous).
func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
