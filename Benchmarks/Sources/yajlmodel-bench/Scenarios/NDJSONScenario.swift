import Foundation
import YAJLModel

/// JSON Lines on every core: `JSONLinesReader.forEachRecord` parses newline-aligned
/// pieces of the file in parallel and delivers the records in order; against the same
/// on one core, and JSONSerialization on each line (one core, and split across all).
struct NDJSONScenario: Scenario {
    let name = "ndjson"
    let title = "NDJSON on all cores"
    let aliases = ["streaming", "parallel", "jsonl"]

    static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }
    static var parallel: String { "YAJLModel forEachRecord, \(cores) cores" }
    static let serial = "YAJLModel forEachRecord, 1 core"
    static let foundation = "JSONSerialization per line, 1 core"
    static var foundationParallel: String { "JSONSerialization per line, \(cores) cores" }

    func cases(in context: BenchContext) throws -> [BenchCase] {
        let statuses = context.statuses()
        let target = context.scaled(16 << 20)
        let (url, size) = try context.file("records.jsonl") { handle in
            var written = 0
            var block = Data()
            while written < target {
                for status in statuses {
                    block.append(contentsOf: status)
                    block.append(UInt8(ascii: "\n"))
                }
                try handle.write(contentsOf: block)
                written += block.count
                block.removeAll(keepingCapacity: true)
            }
        }
        let cores = Self.cores
        var contenders = [Contender]()
        if cores > 1 { contenders.append(Self.forEachRecord(url, concurrency: cores, name: Self.parallel)) }
        contenders.append(Self.forEachRecord(url, concurrency: 1, name: Self.serial))
        contenders.append(Self.foundationLines(url, concurrency: 1, name: Self.foundation))
        if cores > 1 { contenders.append(Self.foundationLines(url, concurrency: cores, name: Self.foundationParallel)) }
        let spinIterations = context.options.quick ? 5_000_000 : 150_000_000
        return [
            BenchCase(
                input: "JSON Lines of twitter-like statuses", inputBytes: size, contenders: contenders,
                reference: cores > 1 ? Self.parallel : Self.serial,
                details: ["every record, counting the objects and summing their \"id\"; from a temporary file"],
                measuresMemory: true,
                conclude: { result in
                    guard cores > 1, let ratio = result.ratio(of: Self.serial) else { return [] }
                    let scaling = (try? runBlocking { await NDJSONScenario.spinScaling(iterations: spinIterations) }) ?? 0
                    return ["\(cores) cores ÷ 1 core: \(format(1 / ratio, 2)); a pure CPU loop scaled \(format(scaling, 2)) "
                        + "on 2 tasks just after (what the machine could give at the time)"]
                })
        ]
    }

    static func forEachRecord(_ url: URL, concurrency: Int, name: String) -> Contender {
        Contender(name, .yajlModel) {
            return {
                try runBlocking {
                    var total = 0
                    try await JSONLinesReader.forEachRecord(contentsOf: url, concurrency: concurrency) { record in
                        total &+= (record.value.kind == .object ? 1 : 0) &+ (record.value["id"]?.int ?? 0)
                    }
                    return total
                }
            }
        }
    }

    /// The file read whole, split at line feeds, each line given to JSONSerialization;
    /// with `concurrency` > 1 the text is cut at line feeds into that many parts, each
    /// copied into a buffer of its own (so the threads share no reference counts) and
    /// parsed at once.
    static func foundationLines(_ url: URL, concurrency: Int, name: String) -> Contender {
        Contender(name, .foundation) {
            return {
                let text = try Data(contentsOf: url)
                var bounds = [text.startIndex]
                for part in 1..<concurrency {
                    var cut = Swift.max(bounds[part - 1], text.startIndex + text.count * part / concurrency)
                    while cut < text.endIndex && text[cut] != UInt8(ascii: "\n") { cut += 1 }
                    bounds.append(Swift.min(cut + 1, text.endIndex))
                }
                bounds.append(text.endIndex)
                let parts = UncheckedBox(bounds)
                let shared = UncheckedBox(text)
                let totals = UnsafeMutableBufferPointer<Int>.allocate(capacity: concurrency)
                defer { totals.deallocate() }
                totals.initialize(repeating: 0)
                let failed = UnsafeMutableBufferPointer<Bool>.allocate(capacity: concurrency)
                defer { failed.deallocate() }
                failed.initialize(repeating: false)
                let results = UncheckedBox((totals, failed))
                DispatchQueue.concurrentPerform(iterations: concurrency) { part in
                    let (totals, failed) = results.value
                    let bounds = parts.value
                    let own = concurrency == 1 ? shared.value : Data(shared.value[bounds[part]..<bounds[part + 1]])
                    var total = 0
                    for line in own.split(separator: UInt8(ascii: "\n")) {
                        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else {
                            failed[part] = true
                            return
                        }
                        total &+= 1 &+ (object["id"] as? Int ?? 0)
                    }
                    totals[part] = total
                }
                if failed.contains(true) { throw ContenderError.rejected("a line did not parse as an object") }
                return totals.reduce(0, &+)
            }
        }
    }

    /// How much faster the same CPU work finishes on 2 tasks than on 1 at the time of the
    /// call: 2 on an idle 2-core machine, less when other processes hold the cores.
    static func spinScaling(iterations: Int) async -> Double {
        @Sendable func spin() -> Int {
            var x = 0
            for i in 0..<iterations { x = x &* 31 &+ i }
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
}
