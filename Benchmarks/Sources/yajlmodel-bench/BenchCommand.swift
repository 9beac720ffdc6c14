import ArgumentParser
import Foundation

/// The command line. The file is not called `main.swift` because `@main` and a
/// top-level-code file cannot coexist (and case-insensitive file systems would
/// treat `Main.swift` as one).
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "yajlmodel-bench",
        abstract: "Measures YAJLModel at every level against Foundation and raw yajl, on the same bytes.",
        discussion: """
            One run measures every scenario (see --list): parse to a tree; parse then read one deep \
            field; typed decoding with @JSONModel and with Codable; writing an unchanged document; \
            editing one field and writing; streaming a large feed; a feed larger than memory; JSON \
            Lines on all cores. In each case the contenders work on the same bytes in interleaved \
            rounds (every round runs each once, in a seeded random order), so machine noise lands on \
            all alike; each ratio to YAJLModel is the median over the rounds of that round's ratio. \
            Without --corpus the inputs are generated deterministically; --scale grows them.
            Build with -c release; debug numbers mean nothing (CI runs --quick in debug only to check \
            that everything still runs).
            """
    )

    @Option(help: "Measured rounds per case, exactly (at most, with --case-seconds). Without it a case gets up to 15 rounds (3 with --quick), fewer (but at least 5) when its rounds are slow: as many as fit in --case-seconds.")
    var runs: Int?

    @Option(help: "The time a case's measured rounds should take, which sets how many a slow case gets (default 6; with --runs, none unless given).")
    var caseSeconds: Double?

    @Option(help: "Warm-up rounds per case, not measured (default 3; 1 with --quick).")
    var warmup: Int?

    @Option(help: "Size multiplier for generated inputs: 1 gives documents of 1.5-5 MB, feeds and JSON Lines of 8-16 MB and a 1 GiB bounded-memory feed (default 1; 0.05 with --quick).")
    var scale: Double?

    @Flag(help: "A smoke run in seconds (under a minute even in debug): every scenario on small inputs, few rounds, and the JSON and chart written to a temporary directory and checked, unless --json or --chart say where.")
    var quick = false

    @Option(
        name: .customLong("min-sample-ms"),
        help: "Repeat a run within one sample until the sample lasts this long, so small inputs stay above clock noise (default 2; 1 with --quick).")
    var minSampleMilliseconds: Double?

    @Option(help: "Keep only the scenarios, inputs or contenders whose name contains this (case-insensitive; comma-separated or repeated, any may match). A term that is part of a scenario's name or alias picks scenarios; other terms pick inputs, or else contenders, each beside its case's reference.")
    var filter: [String] = []

    @Option(help: "Measure the *.json files in this directory instead of generated documents (the feeds stay generated).")
    var corpus: String?

    @Option(
        help: "Comma-separated file names to take from --corpus (or paths, without --corpus). Repeatable.",
        transform: { $0.split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces)) } })
    var files: [[String]] = []

    @Option(name: .customLong("json"), help: ArgumentHelp("Write the results as JSON to this file (then parse it back and check it).", valueName: "file"))
    var jsonPath: String?

    @Option(name: .customLong("chart"), help: ArgumentHelp("Write an SVG bar chart of the ratios to this file.", valueName: "file.svg"))
    var chartPath: String?

    @Option(help: "The size of the stream-memory scenario's feed, in MiB (default 1024 × --scale; 8 with --quick).")
    var feedMegabytes: Int?

    @Option(
        name: .customLong("untimed-runs"),
        help: ArgumentHelp(
            "Run each selected contender this many times, untimed, print its checksum and exit: for instruction counts (valgrind --tool=callgrind). One run costs the count with 2 minus the count with 1.",
            valueName: "n"))
    var untimedRuns: Int?

    @Option(help: ArgumentHelp("With --untimed-runs, run only the contender with exactly this name.", valueName: "contender"))
    var only: String?

    @Option(help: ArgumentHelp("With --untimed-runs, run only the cases whose input is exactly this (\"twitter.json\" but not \"twitter.json, convertFromSnakeCase\"). Give the scenario as --filter (--filter codable-decode): an input name there would prepare every scenario's inputs, which costs valgrind far more than the runs.", valueName: "input"))
    var onlyInput: String?

    @Flag(help: "List the scenarios, their inputs and contenders, and exit.")
    var list = false

    @Option(help: ArgumentHelp("Write the generated documents into this directory as <name>.json and exit.", valueName: "directory"))
    var writeGenerated: String?

    @Flag(help: "Alias of --filter codable (the Codable decoding and encoding rows).")
    var codable = false

    @Flag(help: "Alias of --filter streaming (the stream, stream-memory and ndjson scenarios).")
    var streaming = false

    func validate() throws {
        if let runs, runs < 1 { throw ValidationError("--runs must be at least 1, not \(runs).") }
        if let untimedRuns, untimedRuns < 0 { throw ValidationError("--untimed-runs must not be negative, not \(untimedRuns).") }
        if let warmup, warmup < 0 { throw ValidationError("--warmup must not be negative, not \(warmup).") }
        if let scale, !(scale > 0 && scale.isFinite) {
            throw ValidationError("--scale must be a positive number, not \(scale).")
        }
        if let minSampleMilliseconds, !(minSampleMilliseconds >= 0 && minSampleMilliseconds.isFinite) {
            throw ValidationError("--min-sample-ms must not be negative.")
        }
        if let caseSeconds, !(caseSeconds > 0 && caseSeconds.isFinite) {
            throw ValidationError("--case-seconds must be a positive number.")
        }
        if let feedMegabytes, feedMegabytes < 1 { throw ValidationError("--feed-megabytes must be at least 1.") }
        if files.joined().contains(where: \.isEmpty) { throw ValidationError("--files holds an empty name.") }
    }

    func run() throws {
        #if DEBUG
        log("warning: this is a debug build; its numbers are meaningless. Use `swift run -c release` (bash .ci/benchmark).")
        #endif
        let started = ContinuousClock.now
        let startDate = Date()
        let plan = Plan(
            warmup: warmup ?? (quick ? 1 : 3),
            runs: runs ?? (quick ? 3 : 15),
            minSampleSeconds: (minSampleMilliseconds ?? (quick ? 1 : 2)) / 1000,
            caseSeconds: runs == nil ? caseSeconds ?? 6 : caseSeconds)
        let effectiveScale = scale ?? (quick ? 0.05 : 1)
        let context = BenchContext(options: .init(
            scale: effectiveScale, quick: quick, corpus: corpus, files: files.flatMap { $0 },
            boundedFeedMegabytes: feedMegabytes ?? (quick ? 8 : max(1, Int((1024 * effectiveScale).rounded())))))
        defer { context.cleanUp() }

        if let writeGenerated {
            for input in GeneratedData.all(scale: effectiveScale) + [context.smallObjectsFeed()] {
                let path = URL(fileURLWithPath: writeGenerated).appendingPathComponent(input.name + ".json").path
                guard FileManager.default.createFile(atPath: path, contents: input.bytes) else {
                    throw BenchError.unwritable(path: path)
                }
                log("wrote \(path) (\(formatBytes(input.bytes.count)))")
            }
            return
        }

        var terms = filter
        if codable { terms.append("codable") }
        if streaming { terms.append("streaming") }
        let selection = Selection(terms)

        // Build every selected case first (generating data, writing the feed files), so
        // progress can count them; nothing here is timed.
        var cases: [(scenario: any Scenario, benchCase: BenchCase)] = []
        for scenario in Scenarios.all where selection.mayPick(scenario) {
            log("preparing \(scenario.name)...")
            for benchCase in try scenario.cases(in: context) {
                if let kept = selection.restrict(benchCase, of: scenario) { cases.append((scenario, kept)) }
            }
        }
        guard !cases.isEmpty else { throw BenchError.nothingSelected(filter: terms, scenarios: Scenarios.all.map(\.name)) }

        if let untimedRuns {
            for (_, benchCase) in cases where onlyInput == nil || benchCase.input == onlyInput {
                for contender in benchCase.contenders where only == nil || contender.name == only {
                    let run = try contender.prepare()
                    var checksum = 0
                    for _ in 0..<untimedRuns { checksum &+= try run() }
                    print("\(benchCase.input) · \(contender.name): \(untimedRuns) runs, checksum \(checksum)")
                }
            }
            return
        }

        if list {
            for (scenario, benchCase) in cases {
                print("\(scenario.name) (\(scenario.title)) · \(benchCase.input), \(formatBytes(benchCase.inputBytes))")
                for contender in benchCase.contenders {
                    print("    \(contender.name)\(contender.name == benchCase.reference ? "  [reference]" : "")")
                }
            }
            return
        }

        var results: [CaseResult] = []
        for (index, (scenario, benchCase)) in cases.enumerated() {
            let rounds = benchCase.singleShot ? "1 run" : "\(plan.warmup) warm-up + \(plan.caseSeconds == nil ? "" : "up to ")\(plan.runs) rounds"
            log("[\(index + 1)/\(cases.count)] \(scenario.name) · \(benchCase.input) (\(formatBytes(benchCase.inputBytes))): "
                + "\(benchCase.contenders.count) contenders, \(rounds)")
            let result = measure(benchCase, scenario: scenario, plan: plan)
            results.append(result)
            let measured = result.outcomes.map(\.samples.count).max() ?? 0
            log("    \(measured) rounds, done in \(format(result.wallSeconds, 1)) s")
        }

        var options: [(name: String, value: String)] = [
            ("arguments", CommandLine.arguments.dropFirst().joined(separator: " ")),
            ("scale", format(effectiveScale, 3)),
            ("quick", String(quick)),
            ("roundsPerCase", plan.caseSeconds == nil ? "exactly \(plan.runs)" : "up to \(plan.runs), at least \(min(plan.runs, Plan.minimumRuns)), as fit in \(format(plan.caseSeconds ?? 0, 1)) s"),
        ]
        if let corpus { options.append(("corpus", corpus)) }
        if !selection.isEverything { options.append(("filter", selection.terms.joined(separator: ","))) }
        let report = RunReport(
            date: startDate, machine: .current(), source: context.source, plan: plan, options: options, results: results,
            wallSeconds: (ContinuousClock.now - started).seconds)

        print(TableReport.render(report))

        // The smoke run writes and checks both files too, in a directory of its own.
        var jsonPath = jsonPath
        var chartPath = chartPath
        var smokeDirectory: URL?
        if quick && jsonPath == nil && chartPath == nil {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("yajlmodel-bench-report-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            smokeDirectory = directory
            jsonPath = directory.appendingPathComponent("results.json").path
            chartPath = directory.appendingPathComponent("results.svg").path
        }
        defer { if let smokeDirectory { try? FileManager.default.removeItem(at: smokeDirectory) } }
        if let jsonPath {
            try JSONReport.write(report, to: jsonPath)
            log("wrote \(jsonPath) (parsed back and checked)")
        }
        if let chartPath {
            try SVGChart.write(report, to: chartPath)
            log("wrote \(chartPath)")
        }
        log("total: \(format((ContinuousClock.now - started).seconds, 1)) s")

        let failures = report.failures
        if !failures.isEmpty {
            log("error: \(failures.count) measurement(s) failed:")
            for failure in failures { log("  \(failure)") }
            throw BenchError.failed(failures.count)
        }
    }
}
