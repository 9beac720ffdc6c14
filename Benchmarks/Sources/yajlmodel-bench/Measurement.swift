import Foundation
import YAJLModel

/// How much to measure.
struct Plan: Sendable {
    let warmup: Int
    /// Measured rounds per case (at most, with a `caseSeconds` budget).
    let runs: Int
    /// A sample repeats the body until it lasts at least this long, so that the
    /// clock's resolution and call overhead vanish on small inputs.
    let minSampleSeconds: Double
    /// When set, a case whose rounds are slow gets fewer of them: as many as fit in this
    /// many seconds, but never fewer than `minimumRuns`; and its warm-up stops after one
    /// round when that round took over a second (such runs are warm after one). Nil when
    /// `--runs` was given: then every case gets exactly `runs` rounds.
    let caseSeconds: Double?
    static let minimumRuns = 5

    /// The rounds to measure, given how long the first measured round took.
    func rounds(firstRoundSeconds: Double) -> Int {
        guard let caseSeconds else { return runs }
        return max(min(runs, Self.minimumRuns), min(runs, Int(caseSeconds / max(firstRoundSeconds, 1e-6))))
    }
}

/// Median, minimum and maximum of per-run seconds.
struct Statistics: Sendable {
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

struct ContenderOutcome: Sendable {
    enum Result: Sendable {
        case measured(Statistics, runs: Int, repetitions: Int)
        case failed(String)
    }

    let name: String
    let family: Contender.Family
    let result: Result
    /// The most resident memory any timed run added to the process, when measured.
    let peakResidentBytes: Int?
    /// Seconds per run, one sample per measured round, in round order.
    let samples: [Double]

    var statistics: Statistics? {
        if case .measured(let statistics, _, _) = result { return statistics }
        return nil
    }
}

/// A case as measured.
struct CaseResult: Sendable {
    let scenario: String
    let title: String
    let input: String
    let inputBytes: Int
    let reference: String
    let outcomes: [ContenderOutcome]
    let treeBytesPerInputByte: [String: Double]
    let details: [String]
    var notes: [String]
    let wallSeconds: Double

    func statistics(of name: String) -> Statistics? {
        outcomes.first { $0.name == name }?.statistics
    }

    /// The contender's throughput ÷ the reference's: 1 for the reference, below 1 when
    /// slower than YAJLModel. It is the median over the rounds of each round's ratio: the
    /// two runs of a round ran moments apart, so whatever load the machine had then
    /// weighs on both, and drops out of the ratio.
    func ratio(of name: String) -> Double? {
        guard let reference = outcomes.first(where: { $0.name == reference }), reference.statistics != nil,
            let other = outcomes.first(where: { $0.name == name }), other.statistics != nil
        else { return nil }
        let ratios = zip(reference.samples, other.samples).map { $0 / $1 }
        return ratios.isEmpty ? nil : Statistics(ratios).median
    }

    func megabytesPerSecond(_ statistics: Statistics) -> Double {
        Double(inputBytes) / statistics.median / 1e6
    }
}

/// A contender prepared for one case, and its samples so far.
private struct Trial {
    let name: String
    let family: Contender.Family
    let body: @Sendable () throws -> Int
    var repetitions = 1
    var samples: [Double] = []
    var failure: String?
    var peakResidentBytes: Int?
    /// False once a run has lasted long enough that the state another contender left
    /// cannot matter: then no untimed run precedes the timed one.
    var needsPreRun = true
}

/// A run that lasts this long is past any cache or heap state another contender left.
private let preRunThreshold = 0.05

/// Measures the contenders of `benchCase`. Warm-up and measured runs are interleaved:
/// each round runs every contender once, in a fresh (seeded) random order, so slow
/// drift in the machine's speed (other load, frequency, neighbours on the host) lands
/// on all of them alike, and the ratios come from the same rounds.
///
/// A timed sample of a contender whose run takes under 50 ms is preceded by one untimed
/// run of the same contender, so it is measured warm, in the state its own previous run
/// left, whoever ran before it. A short run's time depends on the caches and branch
/// predictors the run before it left behind: without the warm-up, the floor's time would
/// depend on which contender ran before it, and so "vs floor" on the set of contenders
/// selected. Longer runs outgrow the caches, and the extra run would only double the
/// time the suite takes.
func measure(_ benchCase: BenchCase, scenario: any Scenario, plan: Plan) -> CaseResult {
    let started = ContinuousClock.now
    var sink = 0

    var trials: [Trial] = benchCase.contenders.map { contender in
        do {
            return Trial(name: contender.name, family: contender.family, body: try contender.prepare())
        } catch {
            return Trial(name: contender.name, family: contender.family, body: { 0 }, failure: oneLine(error))
        }
    }

    var order = SplitMix64(seed: 0x6f72_6465_72)
    func round(_ index: Int, record: Bool) {
        for position in trials.indices.shuffled(using: &order) {
            guard trials[position].failure == nil else { continue }
            do {
                let repetitions = trials[position].repetitions
                let body = trials[position].body
                if record && trials[position].needsPreRun && !benchCase.singleShot {
                    sink &+= try body()
                    settleHeap()
                }
                var residentBefore: Int?
                if record && benchCase.measuresMemory {
                    ResidentMemory.releaseFreedMemory()
                    residentBefore = ResidentMemory.resetPeak() ? ResidentMemory.current : nil
                }
                let start = ContinuousClock.now
                for _ in 0..<repetitions { sink &+= try body() }
                settleHeap()
                let seconds = (ContinuousClock.now - start).seconds / Double(repetitions)
                if let residentBefore, let peak = ResidentMemory.peak {
                    trials[position].peakResidentBytes = max(trials[position].peakResidentBytes ?? 0, peak - residentBefore)
                }
                if record { trials[position].samples.append(seconds) }
                if seconds >= preRunThreshold { trials[position].needsPreRun = false }
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

    if benchCase.singleShot {
        round(0, record: true)
    } else {
        // At least one untimed round always runs: it finds failing contenders and
        // calibrates repetitions before any sample counts.
        for index in 0..<Swift.max(1, plan.warmup) {
            let start = ContinuousClock.now
            round(index, record: false)
            if plan.caseSeconds != nil && (ContinuousClock.now - start).seconds > 1 { break }
        }
        let start = ContinuousClock.now
        round(0, record: true)
        let rounds = plan.rounds(firstRoundSeconds: (ContinuousClock.now - start).seconds)
        for index in 1..<Swift.max(1, rounds) { round(index, record: true) }
    }

    // The sink is printed only in the impossible case, but the compiler cannot know.
    if sink == Int.min { log("sink \(sink)") }

    let outcomes = trials.map { trial in
        if let failure = trial.failure {
            return ContenderOutcome(
                name: trial.name, family: trial.family, result: .failed(failure), peakResidentBytes: nil, samples: [])
        }
        return ContenderOutcome(
            name: trial.name, family: trial.family,
            result: .measured(Statistics(trial.samples), runs: trial.samples.count, repetitions: trial.repetitions),
            peakResidentBytes: trial.peakResidentBytes, samples: trial.samples)
    }
    var result = CaseResult(
        scenario: scenario.name, title: scenario.title, input: benchCase.input, inputBytes: benchCase.inputBytes,
        reference: benchCase.reference, outcomes: outcomes, treeBytesPerInputByte: benchCase.treeBytesPerInputByte,
        details: benchCase.details, notes: [], wallSeconds: (ContinuousClock.now - started).seconds)
    if let conclude = benchCase.conclude { result.notes = conclude(result) }
    return result
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
/// would otherwise be coalesced inside the *next* contender's timed region, which
/// would then pay for the previous contender's garbage. One large request at the end
/// of every sample, inside its timing, triggers that coalescing there; with no garbage
/// it costs next to nothing.
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
func oneLine(_ error: any Error) -> String {
    "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
}
