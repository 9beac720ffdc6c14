import Foundation
import YAJLModel

/// `--json FILE`: the results for machines, written with YAJLModel's own `JSON` and
/// checked by parsing the file back.
///
/// ```
/// { "date", "machine": {cores, cpu, os, swift}, "options": {…}, "definitions": {…},
///   "scenarios": [ { "name", "title", "input", "inputBytes", "reference", "notes",
///     "results": [ { "contender", "family", "medianSeconds", "minSeconds", "maxSeconds", "runs",
///       "mbPerSecond", "ratioVsYAJLModel", "peakResidentBytes"?, "treeBytesPerInputByte"? }
///       or { "contender", "family", "error" } ] } ],
///   "summary": [ { "scenario", "reference", "contender", "yajlModelSpeedup", "inputs" } ] }
/// ```
enum JSONReport {
    static let definitions: JSON = [
        "medianSeconds": "median seconds per run over the measured rounds (minSeconds, maxSeconds: the extremes; runs: how many rounds)",
        "mbPerSecond": "inputBytes / 10^6 / medianSeconds",
        "ratioVsYAJLModel": "this contender's throughput / the reference's (a YAJLModel contender, named in the scenario entry's reference): the median over the interleaved rounds of each round's ratio; 1 for the reference, below 1 when slower than YAJLModel",
        "peakResidentBytes": "the most resident memory (VmHWM - VmRSS before) one run added to the process, where measured",
        "treeBytesPerInputByte": "JSONDocument.treeByteCount / inputBytes, for the contender that builds YAJLModel's tree",
        "yajlModelSpeedup": "geometric mean over the scenario's inputs of the reference's throughput / the contender's",
    ]

    static func make(_ report: RunReport) -> JSON {
        var options: [JSONMember] = report.options.map { JSONMember(key: $0.name, value: .string($0.value)) }
        options += [
            JSONMember(key: "warmupRounds", value: .number(JSONNumber(report.plan.warmup))),
            JSONMember(key: "measuredRounds", value: .number(JSONNumber(report.plan.runs))),
            JSONMember(key: "minSampleSeconds", value: number(report.plan.minSampleSeconds)),
        ]
        var machine: JSON = [
            "cores": .number(JSONNumber(report.machine.cores)),
            "os": .string(report.machine.os),
            "swift": .string(report.machine.swift),
        ]
        if let cpu = report.machine.cpu { machine["cpu"] = .string(cpu) }
        return [
            "date": .string(report.dateText),
            "machine": machine,
            "source": .string(report.source),
            "options": .object(options),
            "definitions": definitions,
            "wallSeconds": number(report.wallSeconds),
            "scenarios": .array(report.results.map(scenario)),
            "summary": .array(report.summaries.map { summary in
                [
                    "scenario": .string(summary.scenario), "reference": .string(summary.reference),
                    "contender": .string(summary.contender), "yajlModelSpeedup": number(summary.speedup),
                    "inputs": .number(JSONNumber(summary.inputs)),
                ]
            }),
        ]
    }

    private static func scenario(_ result: CaseResult) -> JSON {
        [
            "name": .string(result.scenario),
            "title": .string(result.title),
            "input": .string(result.input),
            "inputBytes": .number(JSONNumber(result.inputBytes)),
            "reference": .string(result.reference),
            "notes": .array((result.details + result.notes).map { .string($0) }),
            "results": .array(result.outcomes.map { outcome in
                var entry: JSON = ["contender": .string(outcome.name), "family": .string(outcome.family.rawValue)]
                switch outcome.result {
                case .measured(let statistics, let runs, let repetitions):
                    entry["medianSeconds"] = number(statistics.median)
                    entry["minSeconds"] = number(statistics.min)
                    entry["maxSeconds"] = number(statistics.max)
                    entry["runs"] = .number(JSONNumber(runs))
                    entry["repetitionsPerSample"] = .number(JSONNumber(repetitions))
                    entry["mbPerSecond"] = number(result.megabytesPerSecond(statistics))
                    entry["ratioVsYAJLModel"] = result.ratio(of: outcome.name).map(number) ?? .null
                    if let peak = outcome.peakResidentBytes { entry["peakResidentBytes"] = .number(JSONNumber(peak)) }
                    if let tree = result.treeBytesPerInputByte[outcome.name] { entry["treeBytesPerInputByte"] = number(tree) }
                case .failed(let reason):
                    entry["error"] = .string(reason)
                }
                return entry
            }),
        ]
    }

    private static func number(_ value: Double) -> JSON {
        JSONNumber(value).map(JSON.number) ?? .null
    }

    /// Writes the report to `path`, then parses the file back with YAJLModel and checks
    /// every field the schema promises; throws (and the run fails) when anything is off.
    static func write(_ report: RunReport, to path: String) throws {
        let data = make(report).jsonData(options: [.prettyPrinted, .withoutEscapingSlashes])
        do {
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw BenchError.unwritable(path: path)
        }
        try validate(path: path, expectedScenarios: report.results.count)
    }

    static func validate(path: String, expectedScenarios: Int) throws {
        func fail(_ reason: String) -> BenchError { .invalidReport(path: path, reason: reason) }
        let document: JSONDocument
        do {
            document = try JSONDocument(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw fail("it does not parse: \(error)")
        }
        let root = document.root
        guard root["date"]?.string.flatMap(ISO8601DateFormatter().date(from:)) != nil else { throw fail("no ISO 8601 date") }
        guard let cores = root[path: "machine.cores"]?.int, cores > 0,
            root[path: "machine.os"]?.string != nil, root[path: "machine.swift"]?.string != nil
        else { throw fail("machine needs cores, os and swift") }
        guard root["options"]?.kind == .object else { throw fail("no options object") }
        guard let scenarios = root["scenarios"]?.array else { throw fail("no scenarios array") }
        guard scenarios.count == expectedScenarios else {
            throw fail("\(scenarios.count) scenario entries, \(expectedScenarios) measured")
        }
        for (index, scenario) in scenarios.enumerated() {
            let place = "scenarios[\(index)]"
            guard scenario["name"]?.string?.isEmpty == false, scenario["input"]?.string?.isEmpty == false,
                let bytes = scenario["inputBytes"]?.int, bytes > 0, let reference = scenario["reference"]?.string
            else { throw fail("\(place) needs name, input, inputBytes > 0 and reference") }
            guard let results = scenario["results"]?.array, !results.isEmpty else { throw fail("\(place) has no results") }
            guard results.contains(where: { $0["contender"]?.string == reference }) else {
                throw fail("\(place): the reference \(reference) is not among the results")
            }
            for (position, result) in results.enumerated() {
                let place = "\(place).results[\(position)]"
                guard result["contender"]?.string?.isEmpty == false else { throw fail("\(place) has no contender") }
                if result["error"]?.string != nil { continue }
                for key in ["medianSeconds", "minSeconds", "maxSeconds", "mbPerSecond"] {
                    guard let value = result[key]?.double, value > 0, value.isFinite else { throw fail("\(place).\(key) is not a positive number") }
                }
                guard let min = result["minSeconds"]?.double, let median = result["medianSeconds"]?.double,
                    let max = result["maxSeconds"]?.double, min <= median, median <= max
                else { throw fail("\(place): not min ≤ median ≤ max") }
                guard let ratio = result["ratioVsYAJLModel"], ratio.kind == .number || ratio.kind == .null else {
                    throw fail("\(place).ratioVsYAJLModel is missing")
                }
                if result["contender"]?.string == reference, ratio.double != 1 {
                    throw fail("\(place): the reference's ratio is \(ratio.numberText ?? "null"), not 1")
                }
                if let peak = result["peakResidentBytes"], peak.int == nil { throw fail("\(place).peakResidentBytes is not an integer") }
                if let tree = result["treeBytesPerInputByte"], tree.double == nil { throw fail("\(place).treeBytesPerInputByte is not a number") }
            }
        }
    }
}
