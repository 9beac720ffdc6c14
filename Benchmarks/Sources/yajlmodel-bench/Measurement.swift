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
/// each round runs every contender once, starting one contender later each
/// round, so drift in the machine's speed (other load, thermal state, frequency)
/// and any after-effects of the previous contender (a heap left fragmented, a
/// cache left cold) spread over all of them instead of biasing one.
func measure(_ input: Input, contenders: [Contender], plan: Plan) -> InputResult {
    let started = ContinuousClock.now
    var sink = 0

    var trials: [Trial] = contenders.map { contender in
        do {
            return Trial(name: contender.name, body: try contender.prepare(input.bytes))
        } catch {
            return Trial(name: contender.name, body: { 0 }, failure: "\(error)")
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

    func round(_ index: Int, record: Bool) {
        let count = trials.count
        for step in 0..<count {
            let position = (index + step) % count
            guard trials[position].failure == nil else { continue }
            do {
                let repetitions = trials[position].repetitions
                let body = trials[position].body
                let start = ContinuousClock.now
                for _ in 0..<repetitions { sink &+= try body() }
                let seconds = (ContinuousClock.now - start).seconds / Double(repetitions)
                if record { trials[position].samples.append(seconds) }
                // Calibrate repetitions from the warm-up (and the first measured
                // round when there is no warm-up).
                if !record || (plan.warmup == 0 && index == 0) {
                    let needed = plan.minSampleSeconds / Swift.max(seconds, 1e-9)
                    trials[position].repetitions = Swift.min(10_000, Swift.max(1, Int(needed.rounded(.up))))
                }
            } catch {
                trials[position].failure = "\(error)"
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
