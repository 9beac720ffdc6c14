import Foundation
import YAJLModel

/// How much to measure.
struct Plan {
    let warmup: Int
    let runs: Int
    /// A sample repeats the parse until it lasts at least this long, so that the
    /// clock's resolution and call overhead vanish on small inputs.
    let minSampleSeconds: Double
}

/// Median, minimum and maximum of per-parse seconds.
struct Statistics {
    let median: Double
    let min: Double
    let max: Double

    init(_ samples: [Double]) {
        precondition(!samples.isEmpty)
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        min = sorted.first!
        max = sorted.last!
    }
}

struct ContenderOutcome {
    enum Result {
        case measured(Statistics, repetitions: Int)
        case failed(String)
    }

    let name: String
    let result: Result

    var statistics: Statistics? {
        if case .measured(let statistics, _) = result { return statistics }
        return nil
    }
}

struct InputResult {
    let input: Input
    let outcomes: [ContenderOutcome]
    /// YAJLModel's `treeByteCount` and `nodeCount`, when it parsed the input.
    let treeBytes: Int?
    let nodeCount: Int?
    let wallSeconds: Double

    func statistics(of name: String) -> Statistics? {
        outcomes.first { $0.name == name }?.statistics
    }
}

/// A contender prepared for one input, and its samples so far.
private struct Trial {
    let name: String
    let body: () throws -> Int
    var repetitions = 1
    var samples: [Double] = []
    var failure: String?
}

/// Measures `contenders` on `input`. Warm-up and measured runs are interleaved:
/// each round runs every contender once, in a fresh (seeded) random order, so
/// slow drift in the machine's speed (other load, frequency, neighbours on the
/// host) lands on all of them alike.
///
/// Each timed sample is preceded by one untimed run of the same contender, so
/// every contender is measured warm, in the state its own previous parse left,
/// whoever ran before it. Without this the floor measured ~40 % slower right
/// after JSONSerialization or yajl_tree (even after a plain 64 MB memset) than
/// after YAJLModel, while YAJLModel did not care, so "vs floor" drifted with
/// the set of contenders selected (canada-like: 0.87 alone, 1.0-1.1 in the mix).
func measure(_ input: Input, contenders: [Contender], plan: Plan) -> InputResult {
    let started = ContinuousClock.now
    var sink = 0

    var trials: [Trial] = contenders.map { contender in
        do {
            return Trial(name: contender.name, body: try contender.prepare(input.bytes))
        } catch {
            return Trial(name: contender.name, body: { 0 }, failure: oneLine(error))
        }
    }

    // Facts about YAJLModel's tree, taken once, untimed.
    var treeBytes: Int?
    var nodeCount: Int?
    if contenders.contains(where: { $0.name == Contender.yajlModel }),
        let document = try? JSONDocument(parsing: input.bytes)
    {
        treeBytes = document.treeByteCount
        nodeCount = document.nodeCount
        if let expected = try? yajlValueCount(input.bytes), expected != document.nodeCount {
            log("    warning: nodeCount is \(document.nodeCount) but yajl reports \(expected) values and keys")
        }
    }

    var order = SplitMix64(seed: 0x6f72_6465_72)
    func round(_ index: Int, record: Bool) {
        for position in trials.indices.shuffled(using: &order) {
            guard trials[position].failure == nil else { continue }
            do {
                let repetitions = trials[position].repetitions
                let body = trials[position].body
                if record {
                    sink &+= try body()
                    settleHeap()
                }
                let start = ContinuousClock.now
                for _ in 0..<repetitions { sink &+= try body() }
                settleHeap()
                let seconds = (ContinuousClock.now - start).seconds / Double(repetitions)
                if record { trials[position].samples.append(seconds) }
                // Calibrate repetitions from the warm-up (and the first measured
                // round when there is no warm-up).
                if !record || (plan.warmup == 0 && index == 0) {
                    let needed = plan.minSampleSeconds / Swift.max(seconds, 1e-9)
                    trials[position].repetitions = Swift.min(10_000, Swift.max(1, Int(needed.rounded(.up))))
                }
            } catch {
                trials[position].failure = oneLine(error)
            }
        }
    }

    // At least one untimed round always runs: it finds failing contenders and
    // calibrates repetitions before any sample counts.
    for index in 0..<Swift.max(1, plan.warmup) { round(index, record: false) }
    for index in 0..<plan.runs { round(index, record: true) }

    // The sink is printed only in the impossible case, but the compiler cannot know.
    if sink == Int.min { log("sink \(sink)") }

    let outcomes = trials.map { trial in
        if let failure = trial.failure { return ContenderOutcome(name: trial.name, result: .failed(failure)) }
        return ContenderOutcome(
            name: trial.name, result: .measured(Statistics(trial.samples), repetitions: trial.repetitions))
    }
    return InputResult(
        input: input, outcomes: outcomes, treeBytes: treeBytes, nodeCount: nodeCount,
        wallSeconds: (ContinuousClock.now - started).seconds)
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}

/// Makes each contender pay for its own frees. glibc's malloc parks small freed
/// chunks in fast bins and coalesces them only at the next large request, so
/// the hundreds of thousands of objects JSONSerialization or yajl_tree free
/// would otherwise be coalesced inside the *next* contender's timed region
/// (measured: YAJLModel on canada-like took 12 ms instead of 5 ms right after
/// JSONSerialization). One large request at the end of every sample, inside its
/// timing, triggers that coalescing there; with no garbage it costs well under
/// a microsecond.
@inline(never)
func settleHeap() {
    #if canImport(Glibc)
    // Above the small-bin sizes, below the mmap threshold: triggers malloc_consolidate.
    let block = malloc(64 << 10)
    escapedBlock = block  // the pointer escapes, so the pair cannot be optimized away
    free(block)
    #endif
}

#if canImport(Glibc)
nonisolated(unsafe) private var escapedBlock: UnsafeMutableRawPointer?
#endif

/// An error as one line, for a table cell.
private func oneLine(_ error: any Error) -> String {
    "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
}
